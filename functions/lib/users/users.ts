import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { authMessages } from '../../../shared/api/auth-messages.js';
import type { Role } from '../../../shared/domain/roles.js';
import { deleteEndedCalendarFeed, END_CALENDAR_FEED } from '../calendar/feed-ending.js';
import { dynamo } from '../chassis/aws.js';
import { conflict, isConditionFailure } from '../chassis/errors.js';
import { nowIso, tableName } from '../chassis/table.js';
import { settleMembership } from '../membership/membership.js';
import { addToCounters } from '../stats/counters.js';
import { USERS_PARTITION, userKeys } from './keys.js';
import { counterDeltas, counterUpdate, withConflictRetries } from './user-counters.js';
import { directoryEntry } from './user-directory.js';
import type { SessionEndReason, UserItem } from './user-item.js';

/** The defaults of SPEC §3 for a new user. */
export function newUserItem(input: NewUser, id: string, createdAt: string): UserItem {
  return {
    ...userKeys.user(id),
    sk: 'PROFILE',
    gsi1pk: USERS_PARTITION,
    gsi1sk: `${createdAt}#${id}`,
    id,
    username: input.username.trim(),
    displayName: input.username.trim(),
    email: input.email ? input.email.trim() : null,
    emailVerified: input.emailVerified,
    role: input.role,
    avatar: null,
    createdAt,
    accountStatus: 'active',
    subscriptionType: null,
    subscriptionEnd: null,
    isForever: false,
    autoRenew: false,
    pendingDowngrade: false,
    paymentMethod: null,
    cardLast4: null,
    paypalEmail: null,
    phoneNumber: null,
    notificationMethod: 'email',
    currencyPreference: 'USD',
    notify10Days: true,
    notify3Days: true,
    notify1Day: false,
    profileEffect: 'none',
    profileColor: 'cyan',
    allowAnimatedPfp: false,
    timeZone: 'UTC',
    passwordHash: input.passwordHash,
    tokenVersion: 1,
  };
}

export interface NewUser {
  username: string;
  email: string | null;
  passwordHash: string;
  role: Role;
  emailVerified: boolean;
}

/**
 * Creates a user with its username and e-mail guard items in one transaction, so of two concurrent
 * registrations of one username exactly one wins (DESIGN §4), with the per-role counters in the same
 * transaction (functions/lib/users/user-counters.ts), then counts the user on the landing counters.
 */
export async function createUser(input: NewUser): Promise<UserItem> {
  const id = crypto.randomUUID();
  const item = newUserItem(input, id, nowIso());
  const TableName = tableName();
  const guards = [
    { ...userKeys.usernameGuard(item.username), userId: id },
    ...(item.email ? [{ ...userKeys.emailGuard(item.email), userId: id }] : []),
  ];
  const counters = counterUpdate(counterDeltas(null, item));
  try {
    await withConflictRetries(() =>
      dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
            ...guards.map((guard) => ({
              Put: { TableName, Item: guard, ConditionExpression: 'attribute_not_exists(pk)' },
            })),
            { Put: { TableName, Item: directoryEntry(item) } },
            ...(counters ? [counters] : []),
          ],
        }),
      ),
    );
  } catch (error) {
    const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons;
    if (reasons) {
      if (reasons[1]?.Code === 'ConditionalCheckFailed') throw conflict(authMessages.usernameTaken);
      if (reasons[2]?.Code === 'ConditionalCheckFailed') throw conflict(authMessages.emailTaken);
    }
    throw error;
  }
  await addToCounters({ totalUsers: 1 });
  return item;
}

/** The user with the membership in effect now; a change that fell due is persisted first (functions/lib/membership/membership.ts). */
export async function getUser(userId: string): Promise<UserItem | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: userKeys.user(userId) }));
  return Item ? settleMembership(Item as UserItem) : undefined;
}

async function userIdFromGuard(key: { pk: string; sk: string }): Promise<string | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key }));
  return Item?.userId as string | undefined;
}

/** Usernames are unique regardless of case. */
export async function findUserByUsername(username: string): Promise<UserItem | undefined> {
  const id = await userIdFromGuard(userKeys.usernameGuard(username));
  return id ? getUser(id) : undefined;
}

export async function findUserByEmail(email: string): Promise<UserItem | undefined> {
  const id = await userIdFromGuard(userKeys.emailGuard(email));
  return id ? getUser(id) : undefined;
}

/**
 * The id of the account with this username or address, from its guard alone: one GetItem whether or not
 * there is one (an invitation resolves its invitee in the same time either way, issue 34 §2).
 */
export function findUserIdByUsernameOrEmail(usernameOrEmail: string): Promise<string | undefined> {
  return userIdFromGuard(usernameOrEmail.includes('@') ? userKeys.emailGuard(usernameOrEmail) : userKeys.usernameGuard(usernameOrEmail));
}

export type UserChanges = Partial<Omit<UserItem, 'pk' | 'sk' | 'id' | 'username' | 'email' | 'gsi1pk' | 'gsi1sk'>>;

/** Sets the given attributes on an existing user and returns the updated item. */
export async function updateUser(userId: string, changes: UserChanges): Promise<UserItem> {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  if (entries.length === 0) {
    const current = await getUser(userId);
    if (!current) throw new Error(`User ${userId} not found`);
    return current;
  }
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = entries.map(([name, value], i) => {
    names[`#a${i}`] = name;
    values[`:v${i}`] = value;
    return `#a${i} = :v${i}`;
  });
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKeys.user(userId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Attributes as UserItem;
}

/**
 * Replaces the password hash and bumps `tokenVersion`, which ends every session and every outstanding
 * reset link of the user, and `deviceVersion`, which ends every remembered two-factor device; a pending
 * change of address is dropped (whoever asked for it may be who the new password locks out). Applied only if the user still has the version it was read with, so of two
 * concurrent password changes (two reset links used at once) exactly one applies; false for the other.
 */
export async function setPassword(user: UserItem, passwordHash: string, reason: SessionEndReason): Promise<boolean> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKeys.user(user.id),
        // The calendar feed's link ends with the sessions (issue 34 §16).
        UpdateExpression: `SET passwordHash = :hash, sessionEndReason = :reason REMOVE pendingEmail, pendingEmailUntil, ${END_CALENDAR_FEED} ADD tokenVersion :one, deviceVersion :one`,
        ConditionExpression: 'tokenVersion = :seen',
        ExpressionAttributeValues: { ':hash': passwordHash, ':reason': reason, ':one': 1, ':seen': user.tokenVersion },
        ReturnValues: 'ALL_OLD',
      }),
    );
    await deleteEndedCalendarFeed(Attributes?.calendarFeedHash);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * True when some owner other than `userId` exists. Reads the admin list's index (gsi1 `USERS`), keys
 * and role only, and stops at the first other owner; only an owner deleting their own account asks.
 */
export async function anotherOwnerExists(userId: string): Promise<boolean> {
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :users',
        FilterExpression: '#role = :owner AND id <> :me AND accountStatus <> :deactivated',
        ProjectionExpression: 'id',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':users': USERS_PARTITION, ':owner': 'owner', ':me': userId, ':deactivated': 'deactivated' },
        ExclusiveStartKey,
      }),
    );
    if ((page.Items ?? []).length > 0) return true;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return false;
}
