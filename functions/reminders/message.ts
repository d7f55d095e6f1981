import type { BillingCycle } from '../../shared/api/subscription.js';
import { isCalendarDate } from '../../shared/domain/dates.js';
import { REMINDER_EVENTS, REMINDER_KINDS, type ReminderEvent, type ReminderKind } from '../../shared/domain/reminders/events.js';
import {
  EMAIL_CHANNEL,
  REMINDER_OFFSET_RANGES,
  REMINDER_RULE_UNITS,
  type ReminderRule,
  type RulesSource,
} from '../../shared/domain/reminders/rules.js';
import type { ReminderShare } from '../lib/reminders/reminder-email.js';

/** The rule a reminder was planned under (issue 25 §1): its timing, its channels and where it comes from. */
export interface MessageRule extends ReminderRule {
  /** 'default': SPEC's reminders, to the e-mail and every enabled channel (decision 0090); otherwise the rule's channels. */
  source: RulesSource;
}

/**
 * One reminder on the queue (issue 11 §1, issue 24 §3): planned by functions/reminders/planner.ts, sent by
 * functions/reminders/sender.ts. It carries everything the e-mail needs, so the sender reads nothing:
 * who gets it was decided when it was planned, minutes before (settings, tier, verified address).
 */
export interface ReminderMessage {
  /** The UTC date of the run that planned it (YYYY-MM-DD). */
  date: string;
  /** What it reminds of: a renewal, a trial's end, a cancel-by date or the end date. */
  event: ReminderEvent;
  /**
   * The rule it goes out under; its deliveries are idempotent per (subscription, event date, rule,
   * channel). A message planned before issue 25 has a `kind` instead: SPEC's rule of that many days.
   */
  rule: MessageRule;
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
    /** The end date (issue 24 §2), what an 'end' reminder is about. */
    endsAt: string | null;
    /**
     * On a shared subscription's renewal (issue 26): the recipient's share and who pays. A message to a
     * member (`payerName` set) goes by e-mail only, under its own marker beside the payer's.
     */
    share?: ReminderShare;
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

/** The date a reminder counts back from: the renewal's, the trial's end, the cancel-by date or the end date. */
export function eventDateOf(message: Pick<ReminderMessage, 'event' | 'subscription'>): string {
  const { event, subscription } = message;
  if (event === 'trialEnd' && subscription.trialEndsAt) return subscription.trialEndsAt;
  if (event === 'cancelBy' && subscription.cancelBy) return subscription.cancelBy;
  if (event === 'end' && subscription.endsAt) return subscription.endsAt;
  return subscription.dueDate;
}

const isRule = (value: unknown): value is MessageRule => {
  const rule = value as Partial<MessageRule> | null;
  return (
    typeof rule === 'object' &&
    rule !== null &&
    REMINDER_EVENTS.includes(rule.event as ReminderEvent) &&
    REMINDER_RULE_UNITS.includes(rule.unit as ReminderRule['unit']) &&
    Number.isInteger(rule.offset) &&
    (rule.offset as number) >= REMINDER_OFFSET_RANGES[rule.unit as ReminderRule['unit']].min &&
    (rule.offset as number) <= REMINDER_OFFSET_RANGES[rule.unit as ReminderRule['unit']].max &&
    Array.isArray(rule.channels) &&
    rule.channels.every(isText) &&
    ['default', 'account', 'subscription'].includes(rule.source as string)
  );
};

/** SPEC's rule of a message planned before issue 25 (`kind`: '10day', '3day', '1day'). */
function legacyRule(kind: unknown, event: ReminderEvent): MessageRule | null {
  const found = REMINDER_KINDS.find((k) => k.kind === (kind as ReminderKind));
  return found ? { event, offset: found.daysBefore, unit: 'days', channels: [EMAIL_CHANNEL], source: 'default' } : null;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isShare = (value: unknown) => {
  const share = value as Partial<ReminderShare> | null;
  return (
    typeof share === 'object' &&
    share !== null &&
    typeof share.amount === 'number' &&
    (share.payerName === null || isText(share.payerName)) &&
    Number.isInteger(share.memberCount)
  );
};
const isDateOrNull = (value: unknown) => value === null || (isText(value) && isCalendarDate(value));

/**
 * The message in an SQS record's body, or null when it is not one (a permanent failure: no retry can fix
 * it). A message planned before issue 24 reads as a renewal of a USD price, every cycle, with no trial.
 */
export function parseReminderMessage(body: string): ReminderMessage | null {
  let value: Partial<ReminderMessage> & { kind?: unknown };
  try {
    value = JSON.parse(body) as Partial<ReminderMessage> & { kind?: unknown };
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || typeof value.subscription !== 'object' || value.subscription === null) return null;
  const event = value.event ?? 'renewal';
  const rule = value.rule ?? legacyRule(value.kind, event);
  const s = {
    currency: 'USD',
    cycleInterval: 1,
    trialEndsAt: null,
    cancelBy: null,
    noticeDays: null,
    endsAt: null,
    ...(value.subscription as Partial<ReminderMessage['subscription']>),
  } as Partial<ReminderMessage['subscription']>;
  const r = value.recipient;
  const valid =
    isText(value.date) &&
    isCalendarDate(value.date) &&
    isRule(rule) &&
    rule.event === event &&
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
    isDateOrNull(s.endsAt) &&
    (s.noticeDays === null || typeof s.noticeDays === 'number') &&
    (s.share === undefined || isShare(s.share)) &&
    (event !== 'trialEnd' || s.trialEndsAt !== null) &&
    (event !== 'cancelBy' || s.cancelBy !== null) &&
    (event !== 'end' || s.endsAt !== null) &&
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
  if (!valid) return null;
  const { kind: _legacy, ...message } = value;
  return { ...message, event, rule, subscription: s } as ReminderMessage;
}
