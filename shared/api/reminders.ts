import * as z from 'zod/mini';
import {
  EMAIL_CHANNEL,
  MAX_REMINDER_RULES,
  REMINDER_OFFSET_RANGES,
  REMINDER_RULE_EVENTS,
  REMINDER_RULE_UNITS,
  type ReminderRule,
  type RulesSource,
} from '../domain/reminders/rules.js';
import { route } from './contract.js';

/**
 * Reminder rules (issue 25 §1, §4): the account's default rules and a subscription's own. Members read
 * SPEC's reminders as rules and get 403 with the upgrade message when they try to change them.
 */
export const reminderRuleMessages = {
  paidOnly: 'Custom reminders are a VIP and Premium feature. Upgrade to VIP or Premium to choose when and where each reminder reaches you.',
  rulesInvalid: 'Rules must be a list of { event, offset, unit, channels }',
  tooMany: `At most ${MAX_REMINDER_RULES} reminders`,
  eventInvalid: 'Event must be renewal, trialEnd, cancelBy or end',
  unitInvalid: 'Unit must be hours, days or weeks',
  offsetInvalid: 'Offset must be a whole number',
  hoursOffsetRange: `Hours must be ${REMINDER_OFFSET_RANGES.hours.min} to ${REMINDER_OFFSET_RANGES.hours.max}`,
  daysOffsetRange: `Days must be ${REMINDER_OFFSET_RANGES.days.min} to ${REMINDER_OFFSET_RANGES.days.max}`,
  weeksOffsetRange: `Weeks must be ${REMINDER_OFFSET_RANGES.weeks.min} to ${REMINDER_OFFSET_RANGES.weeks.max}`,
  hoursForTrialsOnly: 'Hours are for trial ends only: use days or weeks',
  channelsRequired: 'Choose at least one channel',
  channelsInvalid: `Channels must be "${EMAIL_CHANNEL}" or ids of your channels`,
  channelUnknown: 'A chosen channel does not exist: reload and choose again',
  repeated: 'Each reminder must differ in event or timing',
  saved: 'Reminders saved',
  reset: 'Reminders reset to the defaults',
} as const;

const m = reminderRuleMessages;

const ruleBody = z
  .object({
    event: z.enum(REMINDER_RULE_EVENTS, { error: m.eventInvalid }),
    offset: z.number({ error: m.offsetInvalid }).check(z.refine(Number.isInteger, { error: m.offsetInvalid })),
    unit: z.enum(REMINDER_RULE_UNITS, { error: m.unitInvalid }),
    channels: z.array(z.string({ error: m.channelsInvalid }), { error: m.channelsInvalid }).check(
      z.minLength(1, { error: m.channelsRequired }),
      z.maxLength(11, { error: m.channelsInvalid }),
      z.refine((ids: string[]) => ids.every((id) => id.length > 0 && id.length <= 64), { error: m.channelsInvalid }),
    ),
  })
  .check(
    z.refine((r: { event: string; unit: string }) => r.unit !== 'hours' || r.event === 'trialEnd', { error: m.hoursForTrialsOnly }),
    z.refine(
      (r: { offset: number; unit: 'hours' | 'days' | 'weeks' }) =>
        r.offset >= REMINDER_OFFSET_RANGES[r.unit].min && r.offset <= REMINDER_OFFSET_RANGES[r.unit].max,
      {
        error: (issue) => {
          const unit = (issue.input as { unit?: string } | undefined)?.unit;
          return unit === 'hours' ? m.hoursOffsetRange : unit === 'weeks' ? m.weeksOffsetRange : m.daysOffsetRange;
        },
      },
    ),
  );

/** A list of rules, or null to go back to the defaults (the account: SPEC's; a subscription: the account's). */
export const reminderRulesBody = z.object({
  rules: z.nullable(
    z.array(ruleBody, { error: m.rulesInvalid }).check(
      z.maxLength(MAX_REMINDER_RULES, { error: m.tooMany }),
      z.refine(
        (rules: Array<Pick<ReminderRule, 'event' | 'offset' | 'unit'>>) =>
          new Set(rules.map((r) => `${r.event}-${r.offset}-${r.unit}`)).size === rules.length,
        { error: m.repeated },
      ),
    ),
  ),
});

export type ReminderRulesInput = z.input<typeof reminderRulesBody>;

/** The account's reminders: its rules in force, where they come from, and when they go out. */
export interface AccountReminderRules {
  /** The rules in force: the account's own, or SPEC's defaults under the user's settings. */
  rules: ReminderRule[];
  /** 'account' when the user set rules of their own; 'default' for SPEC's. */
  source: Extract<RulesSource, 'default' | 'account'>;
  /** May the user change them (VIP, Premium, staff)? */
  editable: boolean;
  /** The hour (0–23) and IANA time zone the reminders go out at. */
  hour: number;
  timeZone: string;
}

/** A subscription's reminders: its own rules, or the account's that it follows. */
export interface SubscriptionReminderRules {
  rules: ReminderRule[];
  source: RulesSource;
  editable: boolean;
}

/**
 * A malformed id names no subscription: the same 404 as the subscriptions' routes answer
 * (subscriptionMessages.notFound, spelled out so that the reminders function does not carry the
 * subscriptions' contract; test/api/reminder-rules.test.ts compares them).
 */
const noSuchSubscription = { status: 404, message: 'Subscription not found' } as const;

export const reminderRuleRoutes = {
  getReminderRules: route<AccountReminderRules>()({
    method: 'GET',
    path: '/api/reminders/rules',
    area: 'reminders',
    access: 'user',
    body: undefined,
  }),
  saveReminderRules: route<AccountReminderRules>()({
    method: 'PUT',
    path: '/api/reminders/rules',
    area: 'reminders',
    access: 'user',
    body: reminderRulesBody,
  }),
  getSubscriptionReminders: route<SubscriptionReminderRules>()({
    method: 'GET',
    path: '/api/subscriptions/{id}/reminders',
    area: 'subscriptions',
    badParameter: noSuchSubscription,
    access: 'user',
    body: undefined,
  }),
  saveSubscriptionReminders: route<SubscriptionReminderRules>()({
    method: 'PUT',
    path: '/api/subscriptions/{id}/reminders',
    area: 'subscriptions',
    badParameter: noSuchSubscription,
    access: 'user',
    body: reminderRulesBody,
  }),
} as const;
