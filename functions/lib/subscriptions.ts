import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ID_PATTERN } from '../../shared/api/contract.js';
import type { BillingCycle, Subscription, SubscriptionStatus } from '../../shared/api/subscriptions.js';
import { isPurged, TRASH_DAYS } from '../../shared/domain/subscription-rules.js';
import { dynamo } from './aws.js';
import { addToCounters } from './counters.js';
import { isConditionFailure } from './errors.js';
import { duePartition, epochSeconds, keys, nowIso, SUBSCRIPTION_PREFIX, tableName } from './table.js';

/**
 * Subscriptions live under their owner's partition (`USER#<id>` / `SUB#<id>`), so every read and write
 * is scoped to the signed-in user by its key (DESIGN §4). Active ones carry gsi1 `DUE#<date>` for the
 * reminder job; deleted ones carry `expiresAt` so DynamoDB's TTL purges them after 30 days.
 */
export interface SubscriptionItem extends Subscription {
  pk: string;
  sk: string;
  userId: string;
  gsi1pk?: string;
  gsi1sk?: string;
  expiresAt?: number;
}

export interface SubscriptionFields {
  name: string;
  description: string;
  amount: number;
  category: string;
  dueDate: string;
  billingCycle: BillingCycle;
  autoRenew: boolean;
}

export function toSubscription(item: SubscriptionItem): Subscription {
  return {
    id: item.id,
    name: item.name,
    description: item.description ?? '',
    amount: Math.round(Number(item.amount) * 100) / 100,
    category: item.category,
    dueDate: item.dueDate,
    billingCycle: item.billingCycle ?? 'monthly',
    autoRenew: Boolean(item.autoRenew),
    status: item.status,
    deletedAt: item.deletedAt ?? null,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** The due-date index entry of an active subscription (DESIGN §4). */
export const dueIndex = (userId: string, subscriptionId: string, dueDate: string) => ({
  gsi1pk: duePartition(dueDate),
  gsi1sk: `USER#${userId}#SUB#${subscriptionId}`,
});

/** A deleted subscription past its 30 days is gone, even before TTL removes the item. */
const isGone = (item: SubscriptionItem) => item.status === 'deleted' && isPurged(item.deletedAt);

export async function listSubscriptions(userId: string): Promise<SubscriptionItem[]> {
  const items: SubscriptionItem[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.user(userId).pk, ':prefix': SUBSCRIPTION_PREFIX },
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as SubscriptionItem[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items.filter((item) => !isGone(item));
}

export async function getSubscription(userId: string, subscriptionId: string): Promise<SubscriptionItem | undefined> {
  if (!ID_PATTERN.test(subscriptionId)) return undefined;
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.subscription(userId, subscriptionId) }));
  const item = Item as SubscriptionItem | undefined;
  return item && !isGone(item) ? item : undefined;
}

/** Creates an active subscription, then counts it on the landing counters. */
export async function createSubscription(userId: string, fields: SubscriptionFields): Promise<SubscriptionItem> {
  const id = crypto.randomUUID();
  const now = nowIso();
  const item: SubscriptionItem = {
    ...keys.subscription(userId, id),
    ...dueIndex(userId, id, fields.dueDate),
    userId,
    id,
    ...fields,
    status: 'active',
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  await addToCounters({ totalSubscriptions: 1 });
  return item;
}

/**
 * A conditional update of one subscription: applied only while its status is one of `from`, so two
 * racing transitions cannot both win. Answers undefined when the condition fails.
 */
export async function transition(
  userId: string,
  subscriptionId: string,
  from: readonly SubscriptionStatus[],
  set: Record<string, unknown>,
  remove: string[] = [],
): Promise<SubscriptionItem | undefined> {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = {};
  const sets = Object.entries({ ...set, updatedAt: nowIso() }).map(([name, value], i) => {
    names[`#s${i}`] = name;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  const removes = remove.map((name, i) => {
    names[`#r${i}`] = name;
    return `#r${i}`;
  });
  const allowed = from.map((status, i) => {
    values[`:from${i}`] = status;
    return `:from${i}`;
  });
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.subscription(userId, subscriptionId),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: `attribute_exists(pk) AND #status IN (${allowed.join(', ')})`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes as SubscriptionItem;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Seconds since the epoch at which DynamoDB may purge a subscription deleted at `deletedAt`. */
export const purgeAt = (deletedAt: Date) => epochSeconds(deletedAt) + TRASH_DAYS * 24 * 60 * 60;

export async function deleteSubscriptionForever(userId: string, subscriptionId: string): Promise<boolean> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.subscription(userId, subscriptionId),
        ConditionExpression: 'attribute_exists(pk) AND #status = :deleted',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':deleted': 'deleted' },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
