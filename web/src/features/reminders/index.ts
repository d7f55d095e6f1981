/**
 * What other features may use of the reminders feature (issue 25 §1): Settings' 'Reminders' and
 * 'Deliveries' cards, and a subscription's reminders in its details dialog (in the dashboard's chunk: a
 * chunk loaded lazily from the dialog made the bundler split shared modules out of the entry and grow the
 * landing's first visit).
 */
export { DeliveriesCard } from './DeliveriesCard';
export { ReminderRulesCard } from './ReminderRulesCard';
export { SubscriptionReminders } from './SubscriptionReminders';
