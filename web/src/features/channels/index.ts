/**
 * What other features may use of the channels feature (issue 40 §3, docs/decisions/0111): Settings'
 * cards for where reminders go besides e-mail: the notification channels, this browser's push
 * notifications, and the calendar feed.
 */
export { BrowserNotificationsCard } from './BrowserNotificationsCard';
export { CalendarFeedCard } from './CalendarFeedCard';
export { ChannelsCard } from './ChannelsCard';
