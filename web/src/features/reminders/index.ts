/**
 * What other features may use of the reminders feature (issue 25 §1): Settings' 'Reminders' card, and a
 * subscription's reminders in its details dialog (loaded lazily there, so the dashboard's first visit
 * does not carry it).
 */
export { ReminderRulesCard } from './ReminderRulesCard';
export { SubscriptionReminders } from './SubscriptionReminders';
