/** What other features may use of the reminders feature (issue 25 §1): Settings' 'Reminders' card. */
export { ReminderRulesCard } from './ReminderRulesCard';
