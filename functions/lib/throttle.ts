import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws.js';
import { isConditionFailure } from './errors.js';
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

/** Login: 5 passwords compared per username and client address in 15 minutes. */
export const LOGIN_BY_ACCOUNT_AND_ADDRESS: ThrottleRule = { scope: 'login', limit: 5, windowSeconds: 15 * 60 };
/** Login: 50 passwords compared per client address in 15 minutes, whatever the usernames. */
export const LOGIN_BY_ADDRESS: ThrottleRule = { scope: 'login-address', limit: 50, windowSeconds: 15 * 60 };
/** Reset and verification mails: at most 3 per account in 15 minutes. */
export const EMAIL_SENDS: ThrottleRule = { scope: 'mail', limit: 3, windowSeconds: 15 * 60 };

/** One key's counter in the current window of a rule. */
export interface ThrottleWindow {
  key: { pk: string; sk: string };
  endsAt: number;
}

function currentWindow(rule: ThrottleRule, key: string): ThrottleWindow {
  const start = Math.floor(epochSeconds() / rule.windowSeconds) * rule.windowSeconds;
  return { key: keys.throttle(rule.scope, `${key.toLowerCase()}#${start}`), endsAt: start + rule.windowSeconds };
}

/** Whole seconds until the window ends, at least 1: the `Retry-After` of a refused attempt. */
const secondsLeft = (window: ThrottleWindow) => Math.max(1, window.endsAt - epochSeconds());

/**
 * Takes one of the rule's slots in the key's current window with one conditional ADD, refused once the
 * limit is reached: of any number of concurrent callers, across Lambda instances, at most `limit` get one.
 */
export async function takeSlot(rule: ThrottleRule, key: string): Promise<{ taken: boolean; window: ThrottleWindow }> {
  const window = currentWindow(rule, key);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: window.key,
        UpdateExpression: 'ADD #count :one SET expiresAt = :endsAt',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':endsAt': window.endsAt, ':limit': rule.limit },
      }),
    );
    return { taken: true, window };
  } catch (error) {
    if (isConditionFailure(error)) return { taken: false, window };
    throw error;
  }
}

/** Gives one taken slot back to its window; a window DynamoDB has already removed stays removed. */
async function giveBack(window: ThrottleWindow): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: window.key,
        UpdateExpression: 'ADD #count :minusOne',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minusOne': -1 },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Frees every slot of a window. */
async function clearWindow(window: ThrottleWindow): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: window.key }));
}

const accountAndAddress = (username: string, address: string) => `${username}#${address}`;

export type LoginAttempt = { allowed: true; succeeded: () => Promise<void> } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts a login attempt before its password is compared, in both rules at once. A refused attempt
 * gives back the slot the other rule granted, so each counter counts passwords actually compared. On
 * the right password, `succeeded` clears the username-and-address window (knowing the password, there
 * is nothing left to guess) and gives back the address slot without clearing it: the address window is
 * shared by every username, and signing in to one's own account must not reset it.
 */
export async function beginLoginAttempt(username: string, address: string): Promise<LoginAttempt> {
  const [byAddress, byAccount] = await Promise.all([
    takeSlot(LOGIN_BY_ADDRESS, address),
    takeSlot(LOGIN_BY_ACCOUNT_AND_ADDRESS, accountAndAddress(username, address)),
  ]);
  if (byAddress.taken && byAccount.taken) {
    return {
      allowed: true,
      succeeded: async () => {
        await Promise.all([giveBack(byAddress.window), clearWindow(byAccount.window)]);
      },
    };
  }
  await Promise.all([byAddress, byAccount].filter((slot) => slot.taken).map((slot) => giveBack(slot.window)));
  const refused = [byAddress, byAccount].filter((slot) => !slot.taken);
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((slot) => secondsLeft(slot.window))) };
}

/** After a password reset, the account's attempts from the resetting address start over. */
export const clearLoginAttempts = (username: string, address: string) =>
  clearWindow(currentWindow(LOGIN_BY_ACCOUNT_AND_ADDRESS, accountAndAddress(username, address)));
