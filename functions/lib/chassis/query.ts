import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws.js';
import { retryLeftovers } from './retry.js';
import { tableName } from './table.js';

export interface PrefixQueryOptions {
  /** A strongly consistent read, for reads that must see the caller's own writes. */
  consistent?: boolean;
  /** Only these attributes (a ProjectionExpression of plain attribute names). */
  projection?: string;
}

/** Every item of partition `pk` whose sort key starts with `prefix`, in sort-key order, page after page. */
export function queryPrefix<T>(pk: string, prefix: string, options: PrefixQueryOptions = {}): Promise<T[]> {
  return queryKeys<T>('pk = :pk AND begins_with(sk, :prefix)', { ':pk': pk, ':prefix': prefix }, options);
}

/** Every item of partition `pk` whose sort key is from `from` to `to` (both included), in sort-key order, page after page. */
export function queryRange<T>(pk: string, from: string, to: string, options: PrefixQueryOptions = {}): Promise<T[]> {
  return queryKeys<T>('pk = :pk AND sk BETWEEN :from AND :to', { ':pk': pk, ':from': from, ':to': to }, options);
}

async function queryKeys<T>(condition: string, values: Record<string, string>, options: PrefixQueryOptions): Promise<T[]> {
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: condition,
        ExpressionAttributeValues: values,
        ...(options.projection ? { ProjectionExpression: options.projection } : {}),
        ...(options.consistent ? { ConsistentRead: true } : {}),
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as T[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Items by key, 100 at a time (BatchGet's limit), retrying what DynamoDB leaves unprocessed; those not found left out. */
export async function getMany<T>(wanted: Array<{ pk: string; sk: string }>): Promise<T[]> {
  const TableName = tableName();
  const found: T[] = [];
  for (let start = 0; start < wanted.length; start += 100) {
    await retryLeftovers('unprocessed', 'BatchGet of items', wanted.slice(start, start + 100), async (pending) => {
      const answer = await dynamo().send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: pending } } }));
      found.push(...((answer.Responses?.[TableName] ?? []) as T[]));
      return (answer.UnprocessedKeys?.[TableName]?.Keys ?? []) as Array<{ pk: string; sk: string }>;
    });
  }
  return found;
}
