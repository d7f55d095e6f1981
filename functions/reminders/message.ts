import type { BillingCycle } from '../../shared/api/subscription.js';
import { isCalendarDate } from '../../shared/domain/dates.js';
import { REMINDER_EVENTS, REMINDER_KINDS, type ReminderEvent, type ReminderKind } from '../../shared/domain/reminders.js';

/**
 * One reminder on the queue (issue 11 §1, issue 24 §3): planned by functions/reminders/planner.ts, sent by
 * functions/reminders/sender.ts. It carries everything the e-mail needs, so the sender reads nothing:
 * who gets it was decided when it was planned, minutes before (settings, tier, verified address).
 */
export interface ReminderMessage {
  /** The UTC date of the run that planned it (YYYY-MM-DD). */
  date: string;
  kind: ReminderKind;
  /** What it reminds of: a renewal, a trial's end or a cancel-by date. */
  event: ReminderEvent;
  subscription: {
    id: string;
    name: string;
    /** What the renewal costs as billed: the price in force on `dueDate`, in `currency`. */
    amount: number;
    currency: string;
    billingCycle: BillingCycle;
    cycleInterval: number;
    /** The renewal's date: the due date, or for a trial's end the first charge after it. */
    dueDate: string;
    category: string;
    autoRenew: boolean;
    trialEndsAt: string | null;
    cancelBy: string | null;
    noticeDays: number | null;
  };
  recipient: {
    userId: string;
    email: string;
    displayName: string;
    currency: string;
    /** The user may have reminder channels (VIP, Premium, staff): the sender looks them up (issue 25 §2). */
    channels?: boolean;
  };
  /**
   * Present on a channel's delivery of the reminder (issue 25 §2), which the sender enqueued for each of
   * the user's enabled channels: which channel, and which attempt (1 to CHANNEL_MAX_ATTEMPTS).
   */
  channel?: { id: string; attempt: number };
}

/** The date a reminder counts its days to: the renewal's, the trial's end or the cancel-by date. */
export function eventDateOf(message: Pick<ReminderMessage, 'event' | 'subscription'>): string {
  const { event, subscription } = message;
  if (event === 'trialEnd' && subscription.trialEndsAt) return subscription.trialEndsAt;
  if (event === 'cancelBy' && subscription.cancelBy) return subscription.cancelBy;
  return subscription.dueDate;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isDateOrNull = (value: unknown) => value === null || (isText(value) && isCalendarDate(value));

/**
 * The message in an SQS record's body, or null when it is not one (a permanent failure: no retry can fix
 * it). A message planned before issue 24 reads as a renewal of a USD price, every cycle, with no trial.
 */
export function parseReminderMessage(body: string): ReminderMessage | null {
  let value: Partial<ReminderMessage>;
  try {
    value = JSON.parse(body) as Partial<ReminderMessage>;
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || typeof value.subscription !== 'object' || value.subscription === null) return null;
  const event = value.event ?? 'renewal';
  const s = {
    currency: 'USD',
    cycleInterval: 1,
    trialEndsAt: null,
    cancelBy: null,
    noticeDays: null,
    ...(value.subscription as Partial<ReminderMessage['subscription']>),
  } as Partial<ReminderMessage['subscription']>;
  const r = value.recipient;
  const valid =
    isText(value.date) &&
    isCalendarDate(value.date) &&
    REMINDER_KINDS.some((k) => k.kind === value.kind) &&
    REMINDER_EVENTS.includes(event) &&
    isText(s.id) &&
    isText(s.name) &&
    typeof s.amount === 'number' &&
    isText(s.currency) &&
    isText(s.billingCycle) &&
    typeof s.cycleInterval === 'number' &&
    isText(s.dueDate) &&
    isCalendarDate(s.dueDate) &&
    isText(s.category) &&
    typeof s.autoRenew === 'boolean' &&
    isDateOrNull(s.trialEndsAt) &&
    isDateOrNull(s.cancelBy) &&
    (s.noticeDays === null || typeof s.noticeDays === 'number') &&
    (event !== 'trialEnd' || s.trialEndsAt !== null) &&
    (event !== 'cancelBy' || s.cancelBy !== null) &&
    typeof r === 'object' &&
    r !== null &&
    isText(r.userId) &&
    isText(r.email) &&
    typeof r.displayName === 'string' &&
    isText(r.currency) &&
    (r.channels === undefined || typeof r.channels === 'boolean') &&
    (value.channel === undefined ||
      (typeof value.channel === 'object' &&
        value.channel !== null &&
        isText(value.channel.id) &&
        Number.isInteger(value.channel.attempt) &&
        value.channel.attempt >= 1));
  return valid ? ({ ...value, event, subscription: s } as ReminderMessage) : null;
}
