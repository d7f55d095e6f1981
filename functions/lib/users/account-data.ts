import { BatchWriteCommand, DeleteCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { revokeAllAccessTokens } from '../auth/access-tokens.js';
import { DEVICE_PREFIX, deviceTokenKey } from '../auth/remembered-devices.js';
import { unlinkAll } from '../auth/sso-links.js';
import { calendarKeys } from '../calendar/keys.js';
import { dynamo } from '../chassis/aws.js';
import { isConditionFailure } from '../chassis/errors.js';
import { AGAIN, retryLeftovers, retryOnError, retryUntil } from '../chassis/retry.js';
import { tableName } from '../chassis/table.js';
import { countersOnDelete, membershipCondition, readStoredUser } from '../membership/membership.js';
import { releaseAccount } from '../sharing/sharing-store.js';
import { addToCounters } from '../stats/counters.js';
import { SUBSCRIPTION_PREFIX } from '../subscriptions/keys.js';
import { closeAccount, reopenAccount } from './account-closing.js';
import { writeAccountStatus } from './account-status.js';
import { userKeys } from './keys.js';
import { withConflictRetries } from './user-counters.js';
import type { UserItem } from './user-item.js';

type Key = { pk: string; sk: string };

/** Deletes keys 25 at a time (BatchWrite's limit), four batches at once, retrying what DynamoDB leaves unprocessed. */
async function deleteKeys(keysToDelete: Key[]): Promise<void> {
  const TableName = tableName();
  const batches: Key[][] = [];
  for (let start = 0; start < keysToDelete.length; start += 25) batches.push(keysToDelete.slice(start, start + 25));
  const deleteBatch = async (batch: Key[]) => {
    const requests: Record<string, unknown>[] = batch.map((Key) => ({ DeleteRequest: { Key } }));
    await retryLeftovers('unprocessed', 'BatchWrite of deletions', requests, async (pending) => {
      const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [TableName]: pending as never } }));
      return (UnprocessedItems?.[TableName] ?? []) as Record<string, unknown>[];
    });
  };
  for (let start = 0; start < batches.length; start += 4) await Promise.all(batches.slice(start, start + 4).map(deleteBatch));
}

/** How many subscriptions are deleted at once, and counted off the landing counters together. */
const SUBSCRIPTIONS_AT_ONCE = 25;

/**
 * Deletes subscriptions one by one, `SUBSCRIPTIONS_AT_ONCE` at a time, each answering what it deleted,
 * and takes off the landing counters exactly those this call deleted outside the trash, after each
 * group: a deletion that runs twice at once, or again after a failure, counts each subscription once.
 */
async function deleteSubscriptions(keysToDelete: Key[]): Promise<void> {
  const TableName = tableName();
  for (let start = 0; start < keysToDelete.length; start += SUBSCRIPTIONS_AT_ONCE) {
    const deleted = await Promise.all(
      keysToDelete.slice(start, start + SUBSCRIPTIONS_AT_ONCE).map(async (Key) => {
        try {
          // The condition makes the deletion of an item already gone a refusal, never a second answer.
          const { Attributes } = await dynamo().send(
            new DeleteCommand({ TableName, Key, ConditionExpression: 'attribute_exists(pk)', ReturnValues: 'ALL_OLD' }),
          );
          return Attributes as { status?: string } | undefined;
        } catch (error) {
          if (isConditionFailure(error)) return undefined;
          throw error;
        }
      }),
    );
    await addToCounters({ totalSubscriptions: -deleted.filter((item) => item && item.status !== 'deleted').length });
  }
}

/**
 * Deletes every item of the `USER#<id>` partition but the profile, page by page (subscriptions one by
 * one, counted off; the others by BatchWrite), and the token item of each remembered device it lists.
 * Answers how many items it deleted.
 */
async function sweepPartition(userId: string): Promise<number> {
  const TableName = tableName();
  const profileKey = userKeys.user(userId);
  let itemsDeleted = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': profileKey.pk },
        ProjectionExpression: 'pk, sk',
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    const children = ((page.Items ?? []) as Key[]).filter((item) => item.sk !== profileKey.sk);
    const devices = children.filter((item) => item.sk.startsWith(DEVICE_PREFIX)).map((item) => deviceTokenKey(item.sk));
    await deleteSubscriptions(children.filter((item) => item.sk.startsWith(SUBSCRIPTION_PREFIX)));
    await deleteKeys([...devices, ...children.filter((item) => !item.sk.startsWith(SUBSCRIPTION_PREFIX))]);
    itemsDeleted += children.length + devices.length;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return itemsDeleted;
}

/**
 * Deletes everything of a user (issue 9 'Delete account'): every item of the `USER#<id>` partition
 * (subscriptions, sessions, activity, two-factor and membership items), read page by page with Query
 * and deleted with BatchWrite (subscriptions one by one, so that each is counted off the landing
 * counters by the call that deleted it), and last, in one
 * transaction, the profile with its username and e-mail guards and its search-directory entry, so the
 * name and the address are free again. The avatar objects go after the profile, asynchronously:
 * its removal reaches the avatar function through the table's stream (functions/avatars/handler.ts),
 * which deletes the user's `avatars/<userId>/` and `uploads/<userId>/` prefixes. If a step fails the profile still exists and the user (or an
 * admin) can ask again: what is gone stays counted off, what is left is deleted and counted then, so
 * the counters end exact however often it runs, also twice at once (issue 21 point 5). An account
 * keeps at most 2,000 subscriptions (shared/domain/subscription-limits.ts), which this deletes in
 * seconds, well within the request. The calendar feed's lookup entry goes with the profile. One-time tokens are keyed by their hash, so they cannot be found
 * from the user: they expire on their own and are refused once the user is gone.
 *
 * Before anything is deleted the profile gets its tombstone (functions/lib/users/account-closing.ts,
 * issue 34 §4), which every write of the account's items checks; after the profile the partition is
 * swept once more. Remembered devices go with their `DEVICE#` entries.
 *
 * An active owner is first deactivated, on the condition that another active owner remains
 * (functions/lib/users/user-counters.ts): the last one throws LastOwnerError before anything is
 * deleted, and of two owners deleting each other (or themselves) at once one is refused, whole.
 */
export async function deleteAllUserData(user: UserItem): Promise<{ itemsDeleted: number }> {
  await retryUntil('changed', 'an owner deactivated before deletion', async () => {
    const stored = await readStoredUser(user.id);
    if (stored?.role !== 'owner' || stored.accountStatus === 'deactivated') return;
    return (await writeAccountStatus(stored, 'deactivated')) ? undefined : AGAIN;
  });
  // The tombstone first (issue 34 §4): from here on no write of the account's items can land.
  await closeAccount(user.id);
  try {
    return await eraseClosedAccount(user);
  } catch (error) {
    // A failure part-way leaves the profile, and the account works again until the next attempt.
    await reopenAccount(user.id);
    throw error;
  }
}

async function eraseClosedAccount(user: UserItem): Promise<{ itemsDeleted: number }> {
  const TableName = tableName();
  const profileKey = userKeys.user(user.id);
  // Shared subscriptions first, while the partition still names them: no dangling share on either side (issue 26).
  await releaseAccount(user.id, user.email ?? undefined);
  // Access tokens' lookup entries are keyed by the token's hash, outside the partition (issue 37 §1).
  await revokeAllAccessTokens(user.id);
  // So are the identities of its sign-ins linked with the single sign-on provider (issue 38 §2).
  await unlinkAll(user.id);
  let itemsDeleted = await sweepPartition(user.id);

  const guards = [userKeys.usernameGuard(user.username), ...(user.email ? [userKeys.emailGuard(user.email)] : [])];
  // The profile goes with its counters (role, paid membership), on the condition that the user is
  // still as read; a change at that very moment (an expiry applied) is read again.
  await retryOnError(
    'changed',
    'the profile deleted with its counters',
    async () => {
      const stored = await readStoredUser(user.id);
      if (!stored) return;
      const membership = membershipCondition(stored);
      const counters = countersOnDelete(stored);
      await withConflictRetries(() =>
        dynamo().send(
          new TransactWriteCommand({
            TransactItems: [
              { Delete: { TableName, Key: profileKey, ...membership } },
              ...(counters ? [counters] : []),
              { Delete: { TableName, Key: userKeys.userDirectory(stored.createdAt, stored.id) } },
              // The calendar feed's lookup entry: its URL stops with the account (issue 25 §3).
              ...(stored.calendarFeedHash ? [{ Delete: { TableName, Key: calendarKeys.calendarFeed(stored.calendarFeedHash) } }] : []),
              // Only while the guard is still this user's: never free a name someone else holds.
              ...guards.map((Key) => ({
                Delete: {
                  TableName,
                  Key,
                  ConditionExpression: 'attribute_not_exists(pk) OR userId = :me',
                  ExpressionAttributeValues: { ':me': user.id },
                },
              })),
            ],
          }),
        ),
      );
      await addToCounters({ totalUsers: -1 });
    },
    (error) => (error as Error).name === 'TransactionCanceledException',
  );
  // Again once the profile is gone: a write that passed no tombstone check (one that began before it) is swept too.
  itemsDeleted += await sweepPartition(user.id);
  return { itemsDeleted: itemsDeleted + 2 + guards.length };
}
