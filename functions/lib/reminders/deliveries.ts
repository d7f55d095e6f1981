import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { channelMessages, type Delivery, type DeliveryPage } from '../../../shared/api/channels.js';
import { DELIVERY_LOG_DAYS } from '../../../shared/domain/reminders/channels.js';
import { dynamo } from '../chassis/aws.js';
import { now } from '../chassis/clock.js';
import { badRequest } from '../chassis/errors.js';
import { epochSeconds, tableName } from '../chassis/table.js';
import { DELIVERY_PREFIX, reminderKeys } from './keys.js';

/**
 * The deliveries log (issue 25 §2): one `USER#<id>` / `DELIVERY#<at>#<id>` item per reminder delivery
 * attempt's outcome (e-mail and channels alike), removed by DynamoDB's TTL after DELIVERY_LOG_DAYS.
 */
export const DELIVERIES_PER_PAGE = 50;

export type DeliveryRecord = Omit<Delivery, 'id' | 'at' | 'test'> & { test?: boolean };

/** Records one outcome. Never throws: the log must not turn a sent reminder into a retried one. */
export async function recordDelivery(userId: string, delivery: DeliveryRecord): Promise<void> {
  const at = now();
  const id = randomUUID();
  const item: Delivery = {
    id,
    at: at.toISOString(),
    ...delivery,
    error: delivery.error ? delivery.error.slice(0, 300) : null,
    test: delivery.test ?? false,
  };
  await dynamo()
    .send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...reminderKeys.delivery(userId, item.at, id), ...item, expiresAt: epochSeconds(at) + DELIVERY_LOG_DAYS * 86400 },
      }),
    )
    .catch((error: unknown) => console.error(JSON.stringify({ level: 'error', msg: 'delivery not logged', error: String(error) })));
}

const encodeCursor = (sk: string) => Buffer.from(sk).toString('base64url');
function decodeCursor(cursor: string): string {
  const sk = Buffer.from(cursor, 'base64url').toString();
  if (!sk.startsWith(DELIVERY_PREFIX) || sk.length > 200) throw badRequest(channelMessages.invalidCursor);
  return sk;
}

/** A user's deliveries of the last DELIVERY_LOG_DAYS, newest first, a page at a time. */
export async function listDeliveries(userId: string, cursor: string | undefined): Promise<DeliveryPage> {
  const pk = `USER#${userId}`;
  const since = new Date(now().getTime() - DELIVERY_LOG_DAYS * 86400_000).toISOString();
  const page = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': pk, ':from': `${DELIVERY_PREFIX}${since}`, ':to': `${DELIVERY_PREFIX}\uffff` },
      ScanIndexForward: false,
      Limit: DELIVERIES_PER_PAGE,
      ...(cursor ? { ExclusiveStartKey: { pk, sk: decodeCursor(cursor) } } : {}),
    }),
  );
  const deliveries = (page.Items ?? []).map(
    (item): Delivery => ({
      id: item.id,
      at: item.at,
      subscriptionId: item.subscriptionId,
      subscriptionName: item.subscriptionName,
      event: item.event,
      daysBefore: item.daysBefore,
      channel: item.channel,
      status: item.status,
      attempt: item.attempt,
      error: item.error ?? null,
      test: item.test === true,
    }),
  );
  const last = page.LastEvaluatedKey?.sk as string | undefined;
  return { deliveries, nextCursor: last ? encodeCursor(last) : null };
}
