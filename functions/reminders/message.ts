import type { BillingCycle } from '../../shared/api/subscription.js';
import { isCalendarDate } from '../../shared/domain/dates.js';
import { REMINDER_KINDS, type ReminderKind } from '../../shared/domain/reminders.js';

/**
 * One reminder on the queue (issue 11 §1): planned by functions/reminders/planner.ts, sent by
 * functions/reminders/sender.ts. It carries everything the e-mail needs, so the sender reads nothing:
 * who gets it was decided when it was planned, minutes before (settings, tier, verified address).
 */
export interface ReminderMessage {
  /** The UTC date of the run that planned it (YYYY-MM-DD). */
  date: string;
  kind: ReminderKind;
  subscription: {
    id: string;
    name: string;
    amount: number;
    billingCycle: BillingCycle;
    dueDate: string;
    category: string;
    autoRenew: boolean;
  };
  recipient: { userId: string; email: string; displayName: string; currency: string };
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The message in an SQS record's body, or null when it is not one (a permanent failure: no retry can fix it). */
export function parseReminderMessage(body: string): ReminderMessage | null {
  let value: Partial<ReminderMessage>;
  try {
    value = JSON.parse(body) as Partial<ReminderMessage>;
  } catch {
    return null;
  }
  const { subscription: s, recipient: r } = value;
  const valid =
    isText(value.date) &&
    isCalendarDate(value.date) &&
    REMINDER_KINDS.some((k) => k.kind === value.kind) &&
    typeof s === 'object' &&
    s !== null &&
    isText(s.id) &&
    isText(s.name) &&
    typeof s.amount === 'number' &&
    isText(s.billingCycle) &&
    isText(s.dueDate) &&
    isCalendarDate(s.dueDate) &&
    isText(s.category) &&
    typeof s.autoRenew === 'boolean' &&
    typeof r === 'object' &&
    r !== null &&
    isText(r.userId) &&
    isText(r.email) &&
    typeof r.displayName === 'string' &&
    isText(r.currency);
  return valid ? (value as ReminderMessage) : null;
}
