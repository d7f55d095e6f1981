import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { authMessages } from '../../../shared/api/auth-messages.js';
import type { User } from '../../../shared/api/user.js';
import { normalizeRole, type Role } from '../../../shared/domain/roles.js';
import { dynamo } from '../chassis/aws.js';
import { conflict, isConditionFailure } from '../chassis/errors.js';
import { epochSeconds, keys, nowIso, tableName, USERS_PARTITION } from '../chassis/table.js';
import { effectiveUserItem, settleMembership } from '../membership/membership.js';
import { addToCounters } from '../stats/counters.js';
import { counterDeltas, counterUpdate, withConflictRetries } from './user-counters.js';
import type { SessionEndReason, UserItem } from './user-item.js';

/**
 * What the admin list's search looks in (GET /auth/users `search`): the username and the e-mail
 * address, lowercased, on one attribute.
 */
export function searchTextOf(username: string, email: string | null | undefined): string {
  return `${username.trim()}\n${email?.trim() ?? ''}`.toLowerCase();
}

/**
 * The user's entry in the admin search's directory (`USERDIR` / `<createdAt>#<id>`): the id and the
 * search text only, about 100 bytes, so a search reads 10,000 users in one or two 1 MB Query pages
 * (docs/decisions/0037-admin-user-management.md). Written in the same transaction as every write of
 * the username or e-mail (creation, `changeIdentity`) and deleted with the user.
 */
export function directoryEntry(user: Pick<UserItem, 'id' | 'createdAt' | 'username' | 'email'>) {
  return { ...keys.userDirectory(user.createdAt, user.id), userId: user.id, s: searchTextOf(user.username, user.email) };
}

/** The defaults of SPEC §3 for a new user. */
export function newUserItem(input: NewUser, id: string, createdAt: string): UserItem {
  return {
    ...keys.user(id),
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

/**
 * What the API sends for a user: never the hash, the token version or other internals. The
 * membership is the effective one at this instant, whatever the item holds (a term that has ended
 * never shows as paid; shared/domain/membership.ts).
 */
export function toPublicUser(stored: UserItem): User {
  const item = effectiveUserItem(stored);
  return {
    id: item.id,
    username: item.username,
    displayName: item.displayName || item.username,
    email: item.email ?? null,
    emailVerified: Boolean(item.emailVerified),
    role: normalizeRole(item.role),
    avatar: item.avatar ?? null,
    createdAt: item.createdAt,
    accountStatus: item.accountStatus === 'deactivated' ? 'deactivated' : 'active',
    subscriptionType: item.subscriptionType ?? null,
    subscriptionEnd: item.subscriptionEnd ?? null,
    isForever: Boolean(item.isForever),
    autoRenew: Boolean(item.autoRenew),
    pendingDowngrade: Boolean(item.pendingDowngrade),
    paymentMethod: item.paymentMethod ?? null,
    cardLast4: item.cardLast4 ?? null,
    paypalEmail: item.paypalEmail ?? null,
    phoneNumber: item.phoneNumber ?? null,
    notificationMethod: item.notificationMethod ?? 'email',
    currencyPreference: item.currencyPreference ?? 'USD',
    notify10Days: item.notify10Days ?? true,
    notify3Days: item.notify3Days ?? true,
    notify1Day: item.notify1Day ?? false,
    profileEffect: item.profileEffect ?? 'none',
    profileColor: item.profileColor ?? 'cyan',
    allowAnimatedPfp: Boolean(item.allowAnimatedPfp),
    two_factor_enabled: Boolean(item.twoFactorEnabled),
    backupCodesRemaining: item.twoFactorEnabled ? (item.backupCodeHashes?.length ?? 0) : 0,
    timeZone: item.timeZone ?? 'UTC',
    emailSuppressed: emailSuppressedFor(item),
    pendingEmail: pendingEmailOf(item),
  };
}

/** The new address waiting for its link, while the link can still be used. */
export function pendingEmailOf(item: Pick<UserItem, 'pendingEmail' | 'pendingEmailUntil'>): string | null {
  return item.pendingEmail && (item.pendingEmailUntil ?? 0) > epochSeconds() ? item.pendingEmail : null;
}

/** Why mail to the user's current address stopped, if it did: a new address has no notice. */
function emailSuppressedFor(item: UserItem): User['emailSuppressed'] {
  const suppression = item.emailSuppression;
  return suppression && item.email && suppression.address === item.email.trim().toLowerCase() ? suppression.reason : null;
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
    { ...keys.usernameGuard(item.username), userId: id },
    ...(item.email ? [{ ...keys.emailGuard(item.email), userId: id }] : []),
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
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(userId) }));
  return Item ? settleMembership(Item as UserItem) : undefined;
}

async function userIdFromGuard(key: { pk: string; sk: string }): Promise<string | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key }));
  return Item?.userId as string | undefined;
}

/** Usernames are unique regardless of case. */
export async function findUserByUsername(username: string): Promise<UserItem | undefined> {
  const id = await userIdFromGuard(keys.usernameGuard(username));
  return id ? getUser(id) : undefined;
}

export async function findUserByEmail(email: string): Promise<UserItem | undefined> {
  const id = await userIdFromGuard(keys.emailGuard(email));
  return id ? getUser(id) : undefined;
}

type UserChanges = Partial<Omit<UserItem, 'pk' | 'sk' | 'id' | 'username' | 'email' | 'gsi1pk' | 'gsi1sk'>>;

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
      Key: keys.user(userId),
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
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(user.id),
        UpdateExpression:
          'SET passwordHash = :hash, sessionEndReason = :reason REMOVE pendingEmail, pendingEmailUntil ADD tokenVersion :one, deviceVersion :one',
        ConditionExpression: 'tokenVersion = :seen',
        ExpressionAttributeValues: { ':hash': passwordHash, ':reason': reason, ':one': 1, ':seen': user.tokenVersion },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** A change of username and/or e-mail address (null removes the address), with other attributes to set. */
export interface IdentityChange {
  username?: string;
  email?: string | null;
  changes: UserChanges;
  /** Attributes to remove in the same write. */
  remove?: Array<'pendingEmail' | 'pendingEmailUntil'>;
}

/** Why an identity change was refused; the caller answers 409 with the matching message. */
export type IdentityConflict = 'username' | 'email' | 'concurrent';

/**
 * Applies a username and/or e-mail change with the other changes in one transaction (DESIGN §4): the
 * new guard items are put only if free (`attribute_not_exists`), the old ones deleted only while they
 * are still this user's, and the user updated only while it still has the name and address it was read
 * with, so of two concurrent changes at most one applies. A change of letter case keeps the guard.
 */
export async function changeIdentity(user: UserItem, change: IdentityChange): Promise<{ user: UserItem } | { conflict: IdentityConflict }> {
  const TableName = tableName();
  const steps: Array<{ conflict: IdentityConflict; item: Record<string, unknown> }> = [];
  const sets: Record<string, unknown> = { ...change.changes };
  const removes: string[] = [...(change.remove ?? [])];
  const guardSwap = (
    kind: 'username' | 'email',
    guardOf: (value: string) => { pk: string; sk: string },
    before: string | null,
    after: string | null,
  ) => {
    const beforeKey = before ? guardOf(before) : undefined;
    const afterKey = after ? guardOf(after) : undefined;
    if (beforeKey?.pk === afterKey?.pk) return;
    if (afterKey) {
      steps.push({
        conflict: kind,
        item: { Put: { TableName, Item: { ...afterKey, userId: user.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
      });
    }
    if (beforeKey) {
      steps.push({
        conflict: 'concurrent',
        item: {
          Delete: {
            TableName,
            Key: beforeKey,
            ConditionExpression: 'userId = :me',
            ExpressionAttributeValues: { ':me': user.id },
          },
        },
      });
    }
  };
  if (change.username !== undefined) {
    guardSwap('username', keys.usernameGuard, user.username, change.username);
    sets.username = change.username;
  }
  if (change.email !== undefined) {
    guardSwap('email', keys.emailGuard, user.email, change.email);
    if (change.email === null) removes.push('email');
    else sets.email = change.email;
  }
  if (change.username !== undefined || change.email !== undefined) {
    // The search directory's entry follows (a Put: it also heals a missing one).
    const entry = directoryEntry({
      ...user,
      username: change.username ?? user.username,
      email: change.email === undefined ? user.email : change.email,
    });
    steps.push({ conflict: 'concurrent', item: { Put: { TableName, Item: entry } } });
  }
  const entries = Object.entries(sets).filter(([, v]) => v !== undefined);
  const names: Record<string, string> = { '#username': 'username', '#email': 'email' };
  const values: Record<string, unknown> = { ':username': user.username };
  const assignments = entries.map(([name, value], i) => {
    names[`#a${i}`] = name;
    values[`:v${i}`] = value;
    return `#a${i} = :v${i}`;
  });
  const removals = removes.map((name, i) => {
    names[`#r${i}`] = name;
    return `#r${i}`;
  });
  if (user.email) values[':email'] = user.email;
  const update = [assignments.length ? `SET ${assignments.join(', ')}` : '', removals.length ? `REMOVE ${removals.join(', ')}` : '']
    .filter(Boolean)
    .join(' ');
  if (!update) return { user };
  steps.push({
    conflict: 'concurrent',
    item: {
      Update: {
        TableName,
        Key: keys.user(user.id),
        UpdateExpression: update,
        ConditionExpression: `#username = :username AND ${user.email ? '#email = :email' : '(attribute_not_exists(#email) OR attribute_type(#email, :null))'}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: user.email ? values : { ...values, ':null': 'NULL' },
      },
    },
  });
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: steps.map((step) => step.item) as never }));
  } catch (error) {
    const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons;
    const failed = reasons?.findIndex((reason) => reason.Code === 'ConditionalCheckFailed') ?? -1;
    if (failed >= 0) return { conflict: steps[failed].conflict };
    throw error;
  }
  const updated = await dynamo().send(new GetCommand({ TableName, Key: keys.user(user.id), ConsistentRead: true }));
  return { user: updated.Item as UserItem };
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
