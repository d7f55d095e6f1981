import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ID_PATTERN } from '../../../shared/api/contract.js';
import type { Subscription, SubscriptionOwnFields, SubscriptionStatus } from '../../../shared/api/subscription.js';
import { SUBSCRIPTIONS_PAGE_SIZE } from '../../../shared/api/subscription-list.js';
import { anchorDayOf, cancelByDate, intervalOf, priceHistoryOf } from '../../../shared/domain/billing.js';
import { todayIn } from '../../../shared/domain/dates.js';
import type { StoredLogo } from '../../../shared/domain/logos/site-logo.js';
import type { ReminderRule } from '../../../shared/domain/reminders/rules.js';
import { isPurged, TRASH_DAYS } from '../../../shared/domain/subscription-rules.js';
import { dynamo } from '../chassis/aws.js';
import { now, nowMs } from '../chassis/clock.js';
import { isConditionFailure } from '../chassis/errors.js';
import { retryOnError } from '../chassis/retry.js';
import { epochSeconds, nowIso, tableName } from '../chassis/table.js';
import { type ReminderOwner, reminderIndexWrites, reminderOwner } from '../reminders/reminder-index.js';
import { addToCounters } from '../stats/counters.js';
import { ACCOUNT_OPEN, accountClosed, accountOpenCheck, isAccountClosed } from '../users/account-closing.js';
import { userKeys } from '../users/keys.js';
import { cancellationCodes, withConflictRetries } from '../users/user-counters.js';
import { SUBSCRIPTION_PREFIX, subscriptionKeys } from './keys.js';

/**
 * Subscriptions live under their owner's partition (`USER#<id>` / `SUB#<id>`), so every read and write
 * is scoped to the signed-in user by its key (DESIGN §4). Each has its reminder index entry beside it (functions/lib/reminders/reminder-index.ts),
 * written in the same transaction as every change; deleted ones carry `expiresAt` so DynamoDB's TTL purges
 * them after 30 days.
 */
export interface SubscriptionItem extends Omit<Subscription, 'cancelBy' | 'logo' | 'shared' | 'sharing'>, StoredLogo {
  pk: string;
  sk: string;
  userId: string;
  gsi1pk?: string;
  gsi1sk?: string;
  expiresAt?: number;
  /** Edits so far: every transition adds one; the calendar feed's SEQUENCE (issue 25 §3). None stored reads as 0. */
  revision?: number;
  /** Its own reminder rules (VIP and Premium, issue 25 §1); absent: it follows the account's. */
  reminderRules?: ReminderRule[];
  /** The sort keys of its reminder index entries (functions/lib/reminders/reminder-index.ts). */
  reminderEntries?: string[];
}

/** What a create or an edit sets: the subscription's own fields. */
export type SubscriptionFields = SubscriptionOwnFields & Partial<Pick<Subscription, 'externalId'>>;

/**
 * A stored subscription as the API sends it, but its logo: the subscriptions function adds that (with-logo.ts), so
 * the brand index is in no other function's bundle. Items from before issue 24 read as USD, renewing every
 * cycle, anchored on their due date's day, with one price since they were created.
 */
export function toSubscription(item: SubscriptionItem): Subscription {
  const amount = Math.round(Number(item.amount) * 100) / 100;
  const currency = item.currency ?? 'USD';
  const schedule = {
    dueDate: item.dueDate,
    billingCycle: item.billingCycle ?? 'monthly',
    cycleInterval: intervalOf(item),
    anchorDay: anchorDayOf(item),
    trialEndsAt: item.trialEndsAt ?? null,
    endsAt: item.endsAt ?? null,
    noticeDays: typeof item.noticeDays === 'number' ? item.noticeDays : null,
    cancelByDate: item.cancelByDate ?? null,
    status: item.status,
  };
  return {
    id: item.id,
    name: item.name,
    description: item.description ?? '',
    amount,
    currency,
    priceHistory: priceHistoryOf({ amount, currency, priceHistory: item.priceHistory, createdAt: item.createdAt }),
    category: item.category,
    ...schedule,
    cancelBy: cancelByDate(schedule, todayIn('UTC', now())),
    url: item.url ?? null,
    externalId: item.externalId ?? null,
    autoRenew: Boolean(item.autoRenew),
    status: item.status,
    deletedAt: item.deletedAt ?? null,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/**
 * The retired daily planner's due-date index (gsi1 `DUE#<date>`, docs/decisions/0110-retired-due-index.md):
 * read nowhere since the reminder index (0094), no longer written, and removed by every transition, so an
 * item written before stops costing a gsi1 write at its next change.
 */
const RETIRED_DUE_INDEX = ['gsi1pk', 'gsi1sk'];

/** A deleted subscription past its 30 days is gone, even before TTL removes the item. */
const isGone = (item: SubscriptionItem) => item.status === 'deleted' && isPurged(item.deletedAt, now());

/**
 * The user's subscriptions (not those gone from the trash) in id order, from after `after` (an id),
 * at most `limit` of them; all of them without a limit. With `projection`, only keys and status.
 */
async function querySubscriptions(
  userId: string,
  options: { after?: string; limit?: number; projection?: boolean } = {},
): Promise<SubscriptionItem[]> {
  const items: SubscriptionItem[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined = options.after
    ? subscriptionKeys.subscription(userId, options.after)
    : undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': userKeys.user(userId).pk, ':prefix': SUBSCRIPTION_PREFIX },
        ...(options.projection
          ? { ProjectionExpression: 'pk, sk, #status, deletedAt', ExpressionAttributeNames: { '#status': 'status' }, ConsistentRead: true }
          : {}),
        ...(options.limit === undefined ? {} : { Limit: options.limit - items.length }),
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as SubscriptionItem[]).filter((item) => !isGone(item)));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && (options.limit === undefined || items.length < options.limit));
  return items;
}

/** Every subscription of the user (the admin's view of a user: at most a ceiling's 2,000 short entries). */
export function listSubscriptions(userId: string): Promise<SubscriptionItem[]> {
  return querySubscriptions(userId);
}

/**
 * One page of the user's subscriptions (GET /api/subscriptions, the data export): at most
 * SUBSCRIPTIONS_PAGE_SIZE, from after the subscription id `after`. A full page may have more after it.
 */
export function listSubscriptionPage(userId: string, after: string | undefined): Promise<SubscriptionItem[]> {
  return querySubscriptions(userId, { after, limit: SUBSCRIPTIONS_PAGE_SIZE });
}

/** True when `id` has the shape of a subscription id (a UUID). */
export const isSubscriptionId = (id: string) => ID_PATTERN.test(id);

export async function getSubscription(userId: string, subscriptionId: string): Promise<SubscriptionItem | undefined> {
  if (!isSubscriptionId(subscriptionId)) return undefined;
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: subscriptionKeys.subscription(userId, subscriptionId) }),
  );
  const item = Item as SubscriptionItem | undefined;
  return item && !isGone(item) ? item : undefined;
}

/**
 * The subscription as stored, whatever its state: also one whose 30 days in the trash are over but which
 * DynamoDB's TTL has not removed yet, which a permanent delete still removes with what shares it (issue 34 §12).
 */
export async function getStoredSubscription(userId: string, subscriptionId: string): Promise<SubscriptionItem | undefined> {
  if (!isSubscriptionId(subscriptionId)) return undefined;
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: subscriptionKeys.subscription(userId, subscriptionId), ConsistentRead: true }),
  );
  return Item as SubscriptionItem | undefined;
}

/**
 * The profile's count of the subscriptions the user keeps, in the trash too (the ceiling's count,
 * shared/domain/subscription-limits.ts), and when it was last counted from the partition. A create
 * adds 1 in the same transaction as the subscription, on the condition that the count stays under
 * the ceiling, so concurrent creates cannot pass it; a deletion for good takes 1 off in the same
 * transaction as the deletion. Nothing else changes it, so it is never below what the user keeps:
 * a subscription whose 30 days in the trash are over (DynamoDB's TTL removes it without a word)
 * only leaves it too high, which a recount corrects (docs/decisions/0040-subscription-ceilings.md).
 */
export const SUBSCRIPTION_COUNT = 'subscriptionCount';
export const SUBSCRIPTIONS_COUNTED_AT = 'subscriptionsCountedAt';
/** A count at the ceiling is counted again at most this often (the trash's expiries give places back within a day). */
const RECOUNT_AFTER_MS = 24 * 60 * 60 * 1000;

/** Thrown by {@link createSubscription} when the user keeps as many subscriptions as the ceiling allows. */
export class SubscriptionLimitError extends Error {
  constructor() {
    super('subscription ceiling reached');
    this.name = 'SubscriptionLimitError';
  }
}

/**
 * After a create was refused on the count: answers true when a create is worth trying again. A
 * count under `limit` means a place came free (or was just counted) meanwhile. A count that is
 * missing (an account from before the count), or at the ceiling and last counted over a day ago,
 * is counted from the partition, on the condition that it is still the one read, so a create or
 * deletion meanwhile wins and the count never undercounts.
 */
async function recountSubscriptions(userId: string, limit: number): Promise<boolean> {
  const TableName = tableName();
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName,
      Key: userKeys.user(userId),
      ConsistentRead: true,
      ProjectionExpression: '#count, #countedAt',
      ExpressionAttributeNames: { '#count': SUBSCRIPTION_COUNT, '#countedAt': SUBSCRIPTIONS_COUNTED_AT },
    }),
  );
  if (!Item) return false;
  const previous = typeof Item[SUBSCRIPTION_COUNT] === 'number' ? (Item[SUBSCRIPTION_COUNT] as number) : undefined;
  if (previous !== undefined && previous < limit) return true;
  const countedAt = Date.parse(String(Item[SUBSCRIPTIONS_COUNTED_AT] ?? ''));
  if (previous !== undefined && nowMs() - countedAt < RECOUNT_AFTER_MS) return false;
  const kept = (await querySubscriptions(userId, { projection: true })).length;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName,
        Key: userKeys.user(userId),
        UpdateExpression: 'SET #count = :kept, #countedAt = :now',
        ConditionExpression:
          previous === undefined ? 'attribute_exists(pk) AND attribute_not_exists(#count)' : 'attribute_exists(pk) AND #count = :previous',
        ExpressionAttributeNames: { '#count': SUBSCRIPTION_COUNT, '#countedAt': SUBSCRIPTIONS_COUNTED_AT },
        ExpressionAttributeValues: { ':kept': kept, ':now': nowIso(), ...(previous === undefined ? {} : { ':previous': previous }) },
      }),
    );
    return kept < limit;
  } catch (error) {
    // Counted by a create or deletion meanwhile: that count holds, and trying again is right.
    if (isConditionFailure(error)) return true;
    throw error;
  }
}

/** A new subscription's item: active ones carry the due-date index (DESIGN §4). */
function newSubscriptionItem(userId: string, fields: SubscriptionFields, status: 'active' | 'canceled'): SubscriptionItem {
  const id = crypto.randomUUID();
  const now = nowIso();
  return {
    ...subscriptionKeys.subscription(userId, id),
    userId,
    id,
    ...fields,
    externalId: fields.externalId ?? null,
    status,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Creates an active subscription and counts it on the profile in one transaction, on the condition
 * that the user keeps fewer than `limit` (SubscriptionLimitError otherwise), then counts it on the
 * landing counters.
 */
export async function createSubscription(userId: string, fields: SubscriptionFields, limit: number): Promise<SubscriptionItem> {
  const TableName = tableName();
  const fresh = newSubscriptionItem(userId, fields, 'active');
  const index = reminderIndexWrites(undefined, fresh, await reminderOwner(userId));
  const item: SubscriptionItem = { ...fresh, reminderEntries: index.entries };
  const refusedByCount = (error: unknown) => cancellationCodes(error)?.at(-1) === 'ConditionalCheckFailed';
  // Refused by the count: recount (a missing or stale count) and try again while there is room.
  await retryOnError(
    'changed',
    'subscription within the count',
    async (attempt) => {
      if (attempt > 1 && (await isAccountClosed(userId))) throw accountClosed();
      if (attempt > 1 && !(await recountSubscriptions(userId, limit))) throw new SubscriptionLimitError();
      await withConflictRetries(() =>
        dynamo().send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
              ...index.writes,
              {
                Update: {
                  TableName,
                  Key: userKeys.user(userId),
                  UpdateExpression: 'ADD #count :one',
                  // Also the account's tombstone: nothing lands in an account being deleted (issue 34 §4).
                  ConditionExpression: `${ACCOUNT_OPEN} AND #count < :limit`,
                  ExpressionAttributeNames: { '#count': SUBSCRIPTION_COUNT },
                  ExpressionAttributeValues: { ':one': 1, ':limit': limit },
                },
              },
            ],
          }),
        ),
      );
    },
    refusedByCount,
  ).catch(async (error: unknown) => {
    if (!refusedByCount(error)) throw error;
    if (await isAccountClosed(userId)) throw accountClosed();
    throw new SubscriptionLimitError();
  });
  await addToCounters({ totalSubscriptions: 1 });
  return item;
}

/** Subscriptions one import transaction writes at most, with the profile's count: DynamoDB takes 100 items at most. */
const IMPORT_CHUNK = 33;
/** Writes of one import transaction beside the count's update. */
const IMPORT_WRITES = 99;

/** A new subscription's item with its reminder index entries, and the writes that create them. */
function subscriptionWrites(userId: string, fields: SubscriptionFields, status: 'active' | 'canceled', owner: ReminderOwner | undefined) {
  const fresh = newSubscriptionItem(userId, fields, status);
  const index = reminderIndexWrites(undefined, fresh, owner);
  const item: SubscriptionItem = { ...fresh, reminderEntries: index.entries };
  return {
    item,
    writes: [{ Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } }, ...index.writes],
  };
}

/**
 * Creates the subscriptions of an import (issue 24 §6), each active or canceled as the file says, in
 * transactions of up to 33 (each with its reminder index entries, as many as fit 99 writes) that each
 * count them on the profile on the condition that the count stays within `limit` (as
 * {@link createSubscription} does one at a time, with the same recount of a missing or stale count).
 * Throws SubscriptionLimitError when the ceiling refuses a transaction; the ones before it stay created,
 * each transaction's count told to `onCreated` as it is written.
 */
export async function createSubscriptions(
  userId: string,
  entries: readonly { fields: SubscriptionFields; status: 'active' | 'canceled' }[],
  limit: number,
  onCreated: (count: number) => void = () => {},
): Promise<SubscriptionItem[]> {
  const TableName = tableName();
  const owner = await reminderOwner(userId);
  const created: SubscriptionItem[] = [];
  const planned = entries.map(({ fields, status }) => subscriptionWrites(userId, fields, status, owner));
  for (let start = 0; start < planned.length; ) {
    const chunk: typeof planned = [];
    let count = 0;
    while (start < planned.length && chunk.length < IMPORT_CHUNK && count + planned[start].writes.length <= IMPORT_WRITES) {
      count += planned[start].writes.length;
      chunk.push(planned[start++]);
    }
    const items = chunk.map((c) => c.item);
    const writes = chunk.flatMap((c) => c.writes);
    const refusedByCount = (error: unknown) => cancellationCodes(error)?.[writes.length] === 'ConditionalCheckFailed';
    await retryOnError(
      'changed',
      'imported subscriptions within the count',
      async (attempt) => {
        // Room for all of them means fewer than limit − n + 1 kept.
        if (attempt > 1 && (await isAccountClosed(userId))) throw accountClosed();
        if (attempt > 1 && !(await recountSubscriptions(userId, limit - items.length + 1))) throw new SubscriptionLimitError();
        await withConflictRetries(() =>
          dynamo().send(
            new TransactWriteCommand({
              TransactItems: [
                ...writes,
                {
                  Update: {
                    TableName,
                    Key: userKeys.user(userId),
                    UpdateExpression: 'ADD #count :added',
                    ConditionExpression: `${ACCOUNT_OPEN} AND #count <= :most`,
                    ExpressionAttributeNames: { '#count': SUBSCRIPTION_COUNT },
                    ExpressionAttributeValues: { ':added': items.length, ':most': limit - items.length },
                  },
                },
              ],
            }),
          ),
        );
      },
      refusedByCount,
    ).catch(async (error: unknown) => {
      if (!refusedByCount(error)) throw error;
      if (await isAccountClosed(userId)) throw accountClosed();
      throw new SubscriptionLimitError();
    });
    created.push(...items);
    onCreated(items.length);
    await addToCounters({ totalSubscriptions: items.length });
  }
  return created;
}

/**
 * A conditional update of one subscription from its state `current`, read just before: applied only
 * while its status is one of `from` and nothing changed it since (its `updatedAt`), so two racing
 * transitions cannot both win, and its reminder index entry is written in the same transaction, from
 * the state it is left in and its owner's settings (`owner`, read when not given). Answers the new
 * state, or undefined when the condition fails (read it again to tell a refused transition from a lost race).
 */
export async function transition(
  current: SubscriptionItem,
  from: readonly SubscriptionStatus[],
  set: Record<string, unknown>,
  remove: string[] = [],
  owner?: ReminderOwner,
): Promise<SubscriptionItem | undefined> {
  const updatedAt = nowIso();
  const revision = (current.revision ?? 0) + 1;
  const after = { ...current, ...set, updatedAt, revision } as SubscriptionItem;
  const removed = [...new Set([...remove, ...RETIRED_DUE_INDEX])];
  for (const name of removed) delete (after as unknown as Record<string, unknown>)[name];
  const index = reminderIndexWrites(current, after, owner ?? (await reminderOwner(current.userId)));
  after.reminderEntries = index.entries;
  const names: Record<string, string> = { '#status': 'status', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = {};
  const sets = Object.entries({ ...set, updatedAt, revision, reminderEntries: index.entries }).map(([name, value], i) => {
    names[`#s${i}`] = name;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  const removes = removed.map((name, i) => {
    names[`#r${i}`] = name;
    return `#r${i}`;
  });
  const allowed = from.map((status, i) => {
    values[`:from${i}`] = status;
    return `:from${i}`;
  });
  if (current.updatedAt !== undefined) values[':seen'] = current.updatedAt;
  const update = {
    TableName: tableName(),
    Key: subscriptionKeys.subscription(current.userId, current.id),
    UpdateExpression: `SET ${sets.join(', ')} REMOVE ${removes.join(', ')}`,
    ConditionExpression: `attribute_exists(pk) AND #status IN (${allowed.join(', ')}) AND ${
      current.updatedAt === undefined ? 'attribute_not_exists(#updatedAt)' : '#updatedAt = :seen'
    }`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
  try {
    // With the account's tombstone check: no transition lands in an account being deleted (issue 34 §4).
    await withConflictRetries(() =>
      dynamo().send(new TransactWriteCommand({ TransactItems: [{ Update: update }, ...index.writes, accountOpenCheck(current.userId)] })),
    );
    return after;
  } catch (error) {
    if (isConditionFailure(error) || cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') return undefined;
    if (cancellationCodes(error)?.at(-1) === 'ConditionalCheckFailed') throw accountClosed();
    throw error;
  }
}

/** Seconds since the epoch at which DynamoDB may purge a subscription deleted at `deletedAt`. */
export const purgeAt = (deletedAt: Date) => epochSeconds(deletedAt) + TRASH_DAYS * 24 * 60 * 60;

/**
 * Deletes a subscription in the trash for good, and takes it off the profile's count in the same
 * transaction when the profile has one (`counted`: an account from before the count is counted on
 * its next create). Answers false when it is not in the trash (or not there).
 */
export async function deleteSubscriptionForever(userId: string, subscriptionId: string, counted: boolean): Promise<boolean> {
  const TableName = tableName();
  const remove = {
    TableName,
    Key: subscriptionKeys.subscription(userId, subscriptionId),
    ConditionExpression: 'attribute_exists(pk) AND #status = :deleted',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':deleted': 'deleted' },
  };
  try {
    if (!counted) {
      await dynamo().send(new DeleteCommand(remove));
      return true;
    }
    await withConflictRetries(() =>
      dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: remove },
            {
              Update: {
                TableName,
                Key: userKeys.user(userId),
                UpdateExpression: 'ADD #count :minusOne',
                ConditionExpression: 'attribute_exists(#count)',
                ExpressionAttributeNames: { '#count': SUBSCRIPTION_COUNT },
                ExpressionAttributeValues: { ':minusOne': -1 },
              },
            },
          ],
        }),
      ),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error) || cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}
