import { hasPaidFeatures } from '../roles.js';
import { hasReminderChannels } from './channels.js';
import { REMINDER_KINDS, REMINDER_SETTING_DEFAULTS, type ReminderSetting } from './events.js';

/**
 * Reminder rules (issue 25 §1): when a reminder goes out, relative to which date of a subscription, and
 * on which channels. Members keep SPEC §9's reminders exactly (10 and 3 days before, by e-mail, under
 * their settings); VIP and Premium can replace them with rules of their own on the account and per
 * subscription.
 */
export const REMINDER_RULE_EVENTS = ['renewal', 'trialEnd', 'cancelBy', 'end'] as const;
export type ReminderRuleEvent = (typeof REMINDER_RULE_EVENTS)[number];

export const REMINDER_RULE_UNITS = ['hours', 'days', 'weeks'] as const;
export type ReminderRuleUnit = (typeof REMINDER_RULE_UNITS)[number];

/** The e-mail, always available; every other channel is named by its id (GET /api/channels). */
export const EMAIL_CHANNEL = 'email';

export interface ReminderRule {
  event: ReminderRuleEvent;
  /** How long before the event's date: 0 days is on the day itself. */
  offset: number;
  unit: ReminderRuleUnit;
  /** 'email' and/or channel ids; at least one. */
  channels: string[];
}

/** Most rules on the account, and on one subscription (issue 25 §1: 'up to 5 per subscription'). */
export const MAX_REMINDER_RULES = 5;

/** Each unit's offsets, inclusive: hours are for trials' ends only (issue 25 §1: 'hours for trials'). */
export const REMINDER_OFFSET_RANGES: Record<ReminderRuleUnit, { min: number; max: number }> = {
  hours: { min: 1, max: 72 },
  days: { min: 0, max: 365 },
  weeks: { min: 1, max: 52 },
};

export { DEFAULT_REMINDER_HOUR } from './hour.js';

/** The user's fields the rules depend on. */
export interface RulesOwner {
  role: string;
  /** The account's own rules; absent or null: SPEC's defaults. */
  reminderRules?: ReminderRule[] | null;
  notify10Days?: boolean;
  notify3Days?: boolean;
  notify1Day?: boolean;
}

/** Where a subscription's reminders come from: SPEC's defaults, the account's rules, or its own. */
export type RulesSource = 'default' | 'account' | 'subscription';

/** VIP and Premium (and staff) may set rules; members keep SPEC's reminders. */
export const hasCustomReminderRules = (role: unknown) => hasPaidFeatures(String(role ?? 'member'));

/**
 * SPEC §9's reminders as rules, under the user's settings: 10 and 3 days before each dated event (renewal,
 * trial end, cancel-by), and 1 day before for VIP and Premium, by e-mail — plus, for VIP and Premium, every
 * enabled channel (`channelIds`), as decision 0090 has it.
 */
export function defaultReminderRules(owner: RulesOwner, channelIds: string[] = []): ReminderRule[] {
  const channels = hasReminderChannels(owner.role) ? [EMAIL_CHANNEL, ...channelIds] : [EMAIL_CHANNEL];
  const rules: ReminderRule[] = [];
  for (const kind of REMINDER_KINDS) {
    if (kind.paidOnly && !hasPaidFeatures(owner.role)) continue;
    const setting: ReminderSetting = kind.setting;
    if (!(owner[setting] ?? REMINDER_SETTING_DEFAULTS[setting])) continue;
    for (const event of ['renewal', 'trialEnd', 'cancelBy'] as const)
      rules.push({ event, offset: kind.daysBefore, unit: 'days', channels });
  }
  return rules;
}

/**
 * The rules in force for one subscription: its own (VIP and Premium), else the account's (VIP and
 * Premium), else SPEC's defaults. A member's stored rules (a paid term that ended) are not used.
 */
export function effectiveReminderRules(
  owner: RulesOwner,
  subscriptionRules: ReminderRule[] | null | undefined,
  channelIds: string[] = [],
): { source: RulesSource; rules: ReminderRule[] } {
  if (hasCustomReminderRules(owner.role)) {
    if (subscriptionRules) return { source: 'subscription', rules: subscriptionRules };
    if (owner.reminderRules) return { source: 'account', rules: owner.reminderRules };
  }
  return { source: 'default', rules: defaultReminderRules(owner, channelIds) };
}

/** A rule's offset in hours, for ordering and for the send time's arithmetic on the calendar. */
export const offsetHours = (rule: Pick<ReminderRule, 'offset' | 'unit'>) =>
  rule.unit === 'hours' ? rule.offset : rule.unit === 'days' ? rule.offset * 24 : rule.offset * 24 * 7;

/** A stable name of a rule's timing, part of the idempotency key of its deliveries: 'renewal-3d', 'trialEnd-12h'. */
export const ruleKey = (rule: Pick<ReminderRule, 'event' | 'offset' | 'unit'>) => `${rule.event}-${rule.offset}${rule.unit[0]}`;
