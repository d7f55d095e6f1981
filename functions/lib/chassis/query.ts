import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws.js';
import { tableName } from './table.js';

export interface PrefixQueryOptions {
  /** A strongly consistent read, for reads that must see the caller's own writes. */
  consistent?: boolean;
  /** Only these attributes (a ProjectionExpression of plain attribute names). */
  projection?: string;
}

/** Every item of partition `pk` whose sort key starts with `prefix`, in sort-key order, page after page. */
export async function queryPrefix<T>(pk: string, prefix: string, options: PrefixQueryOptions = {}): Promise<T[]> {
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
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
