import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../chassis/aws.js';
import { tableName } from '../chassis/table.js';
import { userKeys } from './keys.js';
import { directoryEntry } from './user-directory.js';
import type { UserItem } from './user-item.js';
import type { UserChanges } from './users.js';

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
    guardSwap('username', userKeys.usernameGuard, user.username, change.username);
    sets.username = change.username;
  }
  if (change.email !== undefined) {
    guardSwap('email', userKeys.emailGuard, user.email, change.email);
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
        Key: userKeys.user(user.id),
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
  const updated = await dynamo().send(new GetCommand({ TableName, Key: userKeys.user(user.id), ConsistentRead: true }));
  return { user: updated.Item as UserItem };
}
