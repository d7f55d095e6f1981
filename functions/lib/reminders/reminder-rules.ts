import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { reminderRuleMessages } from '../../../shared/api/reminders.js';
import { rulesInForce } from '../../../shared/domain/reminders/rule-channels.js';
import {
  EMAIL_CHANNEL,
  effectiveReminderRules,
  type ReminderRule,
  type RulesOwner,
  type RulesSource,
} from '../../../shared/domain/reminders/rules.js';
import { dynamo } from '../chassis/aws.js';
import { badRequest } from '../chassis/errors.js';
import { queryPrefix } from '../chassis/query.js';
import { tableName } from '../chassis/table.js';
import { userKeys } from '../users/keys.js';
import type { UserItem } from '../users/user-item.js';
import { CHANNEL_PREFIX } from './keys.js';

/**
 * Reminder rules' storage and checks (issue 25 §1, §4), shared by the account's rules (functions/reminders/handler.ts)
 * and a subscription's own (functions/subscriptions, written through the subscription's transition).
 */

/** The ids of the user's channels, and which are on: one Query of the partition's channel items, keys and flag only. */
export async function channelIdsOf(userId: string): Promise<{ id: string; enabled: boolean }[]> {
  const items = await queryPrefix<{ id: string; enabled?: boolean }>(userKeys.user(userId).pk, CHANNEL_PREFIX, {
    projection: 'id, enabled',
  });
  return items.map((item) => ({ id: String(item.id), enabled: item.enabled !== false }));
}

/**
 * The rules in force (shared/domain/reminders/rules.ts) as they work with the user's channels now: SPEC's go
 * out on every channel that is on; own rules lose channels deleted since (e-mail when none is left).
 */
export function reminderRulesInForce(
  owner: RulesOwner,
  subscriptionRules: ReminderRule[] | null | undefined,
  channels: { id: string; enabled: boolean }[],
): { source: RulesSource; rules: ReminderRule[] } {
  const enabled = channels.filter((channel) => channel.enabled).map((channel) => channel.id);
  const { source, rules } = effectiveReminderRules(owner, subscriptionRules, enabled);
  return { source, rules: rulesInForce(rules, new Set(channels.map((channel) => channel.id))) };
}

/**
 * Refuses rules naming a channel that is not one of the user's (another user's id, or one deleted
 * meanwhile) with 400. A channel that is off may be named: its rules go out again when it is back on.
 */
export function requireOwnChannels(rules: readonly ReminderRule[], channels: { id: string }[]): void {
  const own = new Set([EMAIL_CHANNEL, ...channels.map((channel) => channel.id)]);
  if (rules.some((rule) => rule.channels.some((id) => !own.has(id)))) throw badRequest(reminderRuleMessages.channelUnknown);
}

/** Each rule's channels once, in the order given. */
export const withDistinctChannels = (rules: readonly ReminderRule[]): ReminderRule[] =>
  rules.map((rule) => ({ event: rule.event, offset: rule.offset, unit: rule.unit, channels: [...new Set(rule.channels)] }));

/** Stores the account's own rules, or (null) removes them: SPEC's reminders again. Answers the user item after. */
export async function saveAccountReminderRules(userId: string, rules: ReminderRule[] | null): Promise<UserItem> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKeys.user(userId),
      UpdateExpression: rules ? 'SET #rules = :rules' : 'REMOVE #rules',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#rules': 'reminderRules' },
      ...(rules ? { ExpressionAttributeValues: { ':rules': rules } } : {}),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Attributes as UserItem;
}
