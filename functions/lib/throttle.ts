import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws.js';
import { epochSeconds, keys, tableName } from './table.js';

/**
 * Fixed-window counters with a TTL (DESIGN §4 'login throttle'). A window is identified by its start,
 * so a counter item expires on its own after the window.
 */
export interface ThrottleRule {
  scope: string;
  limit: number;
  windowSeconds: number;
}

/** Login: 5 failures in 15 minutes lock the account's logins until the window ends. */
export const LOGIN_FAILURES: ThrottleRule = { scope: 'login', limit: 5, windowSeconds: 15 * 60 };
/** Reset and verification mails: at most 3 per address in 15 minutes. */
export const EMAIL_SENDS: ThrottleRule = { scope: 'mail', limit: 3, windowSeconds: 15 * 60 };

function windowKey(rule: ThrottleRule, key: string) {
  const start = Math.floor(epochSeconds() / rule.windowSeconds) * rule.windowSeconds;
  return { key: keys.throttle(rule.scope, `${key.toLowerCase()}#${start}`), expiresAt: start + rule.windowSeconds };
}

/** True when the key has already reached the rule's limit in the current window. */
export async function isThrottled(rule: ThrottleRule, key: string): Promise<boolean> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: windowKey(rule, key).key }));
  return ((Item?.count as number | undefined) ?? 0) >= rule.limit;
}

/** Counts one event and answers how many the key has had in the current window, this one included. */
export async function countEvent(rule: ThrottleRule, key: string): Promise<number> {
  const w = windowKey(rule, key);
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: w.key,
      UpdateExpression: 'ADD #count :one SET expiresAt = :expiresAt',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':one': 1, ':expiresAt': w.expiresAt },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Attributes?.count as number;
}

export async function clearCount(rule: ThrottleRule, key: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: windowKey(rule, key).key }));
}
