import { BatchGetCommand, DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { deleteEndedCalendarFeed, END_CALENDAR_FEED } from '../calendar/feed-ending.js';
import { dynamo } from '../chassis/aws.js';
import { retryLeftovers } from '../chassis/retry.js';
import { epochSeconds, nowIso, tableName } from '../chassis/table.js';
import { writeWhileOpen } from '../users/account-closing.js';
import { userKeys } from '../users/keys.js';
import type { SessionEndReason, UserItem } from '../users/user-item.js';
import { SESSION_LIFETIME_SECONDS, signSession, verifySession } from './jwt.js';
import { authKeys } from './keys.js';

/**
 * Sessions (DESIGN §5): a signed token names the user, the user's token version and a session item
 * under the user. Logout deletes that one item (other devices stay signed in); 'Sign out of all
 * devices', a password change and an admin's termination bump the token version, which ends them all.
 */

export interface SessionItem {
  pk: string;
  sk: string;
  sessionId: string;
  createdAt: string;
  /** DynamoDB removes the item after the token has expired anyway. */
  expiresAt: number;
}

/** Starts a session for the user on this device and returns its token. */
export async function startSession(user: Pick<UserItem, 'id' | 'tokenVersion'>): Promise<string> {
  const sessionId = crypto.randomUUID();
  const item: SessionItem = {
    ...authKeys.session(user.id, sessionId),
    sessionId,
    createdAt: nowIso(),
    expiresAt: epochSeconds() + SESSION_LIFETIME_SECONDS,
  };
  // Only while the account is open: no session item lands in an account being deleted (issue 34 §4).
  await writeWhileOpen(user.id, [{ Put: { TableName: tableName(), Item: item } }]);
  return signSession({ userId: user.id, tokenVersion: user.tokenVersion, sessionId });
}

export interface SessionLookup {
  sessionId: string;
  /** The token version the token was issued under; the user's must still be the same. */
  tokenVersion: number;
  user: UserItem | undefined;
  /** False when the session was logged out (its item is gone) or has expired. */
  sessionExists: boolean;
}

/** Verifies a token and reads its user and session item in one round trip; null for an invalid token. */
export async function lookUpSession(token: string): Promise<SessionLookup | null> {
  const claims = await verifySession(token);
  if (!claims) return null;
  const TableName = tableName();
  const userKey = userKeys.user(claims.userId);
  const sessionKey = authKeys.session(claims.userId, claims.sessionId);
  // BatchGet may leave keys unprocessed under load: read them again rather than answer a false 401.
  const items: Record<string, unknown>[] = [];
  await retryLeftovers(
    'unprocessed',
    'BatchGet of the session keys',
    [userKey, sessionKey] as Record<string, unknown>[],
    async (pending) => {
      const { Responses, UnprocessedKeys } = await dynamo().send(
        new BatchGetCommand({ RequestItems: { [TableName]: { Keys: pending, ConsistentRead: true } } }),
      );
      items.push(...(Responses?.[TableName] ?? []));
      return UnprocessedKeys?.[TableName]?.Keys ?? [];
    },
  );
  const user = items.find((item) => item.sk === userKey.sk) as UserItem | undefined;
  const session = items.find((item) => item.sk === sessionKey.sk);
  return { sessionId: claims.sessionId, tokenVersion: claims.tokenVersion, user, sessionExists: Boolean(session) };
}

/** Logout: ends this one session. */
export async function endSession(userId: string, sessionId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: authKeys.session(userId, sessionId) }));
}

/**
 * Ends every session of the user (and every outstanding reset link, which carry the version too) by
 * bumping the token version, every remembered two-factor device by bumping the device version, and the
 * calendar feed's link. `reason` decides the 401 flag the ended sessions get (SPEC §4).
 */
export async function endAllSessions(userId: string, reason: SessionEndReason): Promise<number> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKeys.user(userId),
      UpdateExpression: `SET sessionEndReason = :reason REMOVE ${END_CALENDAR_FEED} ADD tokenVersion :one, deviceVersion :one`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':reason': reason, ':one': 1 },
      ReturnValues: 'ALL_OLD',
    }),
  );
  await deleteEndedCalendarFeed(Attributes?.calendarFeedHash);
  return ((Attributes?.tokenVersion as number | undefined) ?? 0) + 1;
}
