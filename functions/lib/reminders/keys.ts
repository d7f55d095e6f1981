import { userPartition } from '../chassis/table.js';

/**
 * The reminders domain's item keys: the user's reminder channels and the deliveries log. The reminder
 * index's entries (`REMIND#…`) are written by reminder-index.ts, which spells its keys itself.
 */
export const reminderKeys = {
  /** A reminder channel of the user (issue 25 §2): ntfy, a webhook, Discord, Slack, Web Push. */
  channel: (userId: string, channelId: string) => ({ pk: userPartition(userId), sk: `${CHANNEL_PREFIX}${channelId}` }),
  /** One reminder delivery's outcome (issue 25 §2), kept DELIVERY_LOG_DAYS: newest last in the partition. */
  delivery: (userId: string, at: string, deliveryId: string) => ({
    pk: userPartition(userId),
    sk: `${DELIVERY_PREFIX}${at}#${deliveryId}`,
  }),
} as const;

export const CHANNEL_PREFIX = 'CHANNEL#';
export const DELIVERY_PREFIX = 'DELIVERY#';
/** gsi1 partition of the reminder index's entries whose next reminder goes out in an hour ('YYYY-MM-DDTHH', UTC; issue 25 §1). */
export const reminderPartition = (hour: string) => `REMINDAT#${hour}`;
