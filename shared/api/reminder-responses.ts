import * as z from 'zod/mini';
import { REMINDER_RULE_EVENTS, REMINDER_RULE_UNITS } from '../domain/reminders/rules.js';

/**
 * The answers of the reminder rules' routes (shared/api/reminders.ts) as zod schemas, for the API
 * description only (shared/api/responses.ts checks that they match the contract's types).
 */
const reminderRule = z.object({
  event: z.enum(REMINDER_RULE_EVENTS),
  offset: z.number(),
  unit: z.enum(REMINDER_RULE_UNITS),
  channels: z.array(z.string()),
});

const accountReminderRules = z.object({
  rules: z.array(reminderRule),
  source: z.enum(['default', 'account']),
  editable: z.boolean(),
  hour: z.number(),
  timeZone: z.string(),
});

const subscriptionReminderRules = z.object({
  rules: z.array(reminderRule),
  source: z.enum(['default', 'account', 'subscription']),
  editable: z.boolean(),
});

export const reminderRuleResponseSchemas = {
  getReminderRules: accountReminderRules,
  saveReminderRules: accountReminderRules,
  getSubscriptionReminders: subscriptionReminderRules,
  saveSubscriptionReminders: subscriptionReminderRules,
} as const;
