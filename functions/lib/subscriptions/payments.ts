import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AccountPayment, Payment } from '../../../shared/api/payments.js';
import { dynamo } from '../chassis/aws.js';
import { isConditionFailure } from '../chassis/errors.js';
import { setExpiry } from '../chassis/expiry.js';
import { queryPrefix, queryRange } from '../chassis/query.js';
import { nowIso, tableName } from '../chassis/table.js';
import { userKeys } from '../users/keys.js';

/**
 * A subscription's payments (issue 24 §4): one item per renewal under the owner's partition,
 * `USER#<id>` / `PAY#<subscription id>#<due date>`, so a renewal has one record whatever happens and
 * every read is scoped to its owner by key. They are not `SUB#` items: the subscription lists, the
 * subscription count and the account deletion's subscription counting never see them
 * (docs/decisions/0084-payments.md). They go with their subscription: into the trash with it (the
 * same `expiresAt`), out again when it is recovered, and for good when it is deleted for good or the
 * account is (account-data.ts deletes every item of the partition).
 */
export interface PaymentItem extends Payment {
  pk: string;
  sk: string;
  subscriptionId: string;
  expiresAt?: number;
}

const PAYMENT_PREFIX = 'PAY#';
const paymentsOf = (subscriptionId: string) => `${PAYMENT_PREFIX}${subscriptionId}#`;
export const paymentKey = (userId: string, subscriptionId: string, dueDate: string) => ({
  pk: userKeys.user(userId).pk,
  sk: `${paymentsOf(subscriptionId)}${dueDate}`,
});

/** How many payment items are written at once when a subscription goes to the trash, comes back or goes for good. */
const AT_ONCE = 25;

export const toPayment = (item: PaymentItem): Payment => ({
  dueDate: item.dueDate,
  status: item.status,
  amount: Number(item.amount),
  currency: item.currency,
  recordedAt: item.recordedAt,
});

/** The subscription's payment items, oldest renewal first; with `keysOnly`, only their keys. */
async function queryPayments(userId: string, subscriptionId: string, keysOnly = false): Promise<PaymentItem[]> {
  return queryPrefix<PaymentItem>(userKeys.user(userId).pk, paymentsOf(subscriptionId), {
    consistent: true,
    ...(keysOnly ? { projection: 'pk, sk' } : {}),
  });
}

/**
 * The payments of every subscription whose id is from `firstId` to `lastId` (a page of the subscription
 * list, which is in id order), oldest renewal first, by subscription id: one query, page after page.
 */
export async function listPaymentsOfRange(userId: string, firstId: string, lastId: string): Promise<Map<string, Payment[]>> {
  const items = await queryRange<PaymentItem>(userKeys.user(userId).pk, paymentsOf(firstId), `${paymentsOf(lastId)}\uffff`, {
    consistent: true,
  });
  const bySubscription = new Map<string, Payment[]>();
  for (const item of items) {
    const list = bySubscription.get(item.subscriptionId) ?? [];
    list.push(toPayment(item));
    bySubscription.set(item.subscriptionId, list);
  }
  return bySubscription;
}

/** The subscription's payments, newest renewal first. */
export async function listPayments(userId: string, subscriptionId: string): Promise<Payment[]> {
  return (await queryPayments(userId, subscriptionId)).map(toPayment).reverse();
}

/** Every payment of the user's subscriptions, by subscription, oldest renewal first within each. */
export async function listAllPayments(userId: string): Promise<AccountPayment[]> {
  const items = await queryPrefix<PaymentItem>(userKeys.user(userId).pk, PAYMENT_PREFIX, { consistent: true });
  return items.map((item) => ({ subscriptionId: item.subscriptionId, ...toPayment(item) }));
}

/**
 * Records a renewal as `payment` says, unless it is recorded so already: the same status, amount and
 * currency again change nothing (the record answered is the one kept, with its time); anything else
 * replaces it. With `onlyIfNew`, a renewal that has any record keeps it (Renew's paid record never
 * overrides what the user marked).
 */
export async function recordPayment(
  userId: string,
  subscriptionId: string,
  payment: Omit<Payment, 'recordedAt'>,
  options: { onlyIfNew?: boolean } = {},
): Promise<Payment> {
  const Key = paymentKey(userId, subscriptionId, payment.dueDate);
  const item: PaymentItem = { ...Key, subscriptionId, ...payment, recordedAt: nowIso() };
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: item,
        ConditionExpression: options.onlyIfNew
          ? 'attribute_not_exists(pk)'
          : 'attribute_not_exists(pk) OR #status <> :status OR amount <> :amount OR currency <> :currency',
        ...(options.onlyIfNew
          ? {}
          : {
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':status': payment.status, ':amount': payment.amount, ':currency': payment.currency },
            }),
      }),
    );
    return toPayment(item);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
    return toPayment((Item as PaymentItem | undefined) ?? item);
  }
}

/** Runs `write` on every payment item of the subscription, AT_ONCE at a time. */
async function forEachPayment(userId: string, subscriptionId: string, write: (key: { pk: string; sk: string }) => Promise<unknown>) {
  const items = await queryPayments(userId, subscriptionId, true);
  for (let start = 0; start < items.length; start += AT_ONCE) {
    await Promise.all(items.slice(start, start + AT_ONCE).map(({ pk, sk }) => write({ pk, sk })));
  }
}

/**
 * Gives the subscription's payments the expiry of the subscription in the trash (`expiresAt`, epoch
 * seconds), so DynamoDB's TTL purges them with it; null takes it off again (a recovered subscription).
 */
export async function setPaymentsExpiry(userId: string, subscriptionId: string, expiresAt: number | null): Promise<void> {
  await setExpiry(await queryPayments(userId, subscriptionId, true), expiresAt);
}

/** Deletes the subscription's payments (it was deleted for good). */
export function deletePayments(userId: string, subscriptionId: string): Promise<void> {
  return forEachPayment(userId, subscriptionId, (Key) => dynamo().send(new DeleteCommand({ TableName: tableName(), Key })));
}
