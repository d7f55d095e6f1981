import { BatchWriteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../chassis/aws.js';
import { isConditionFailure } from '../chassis/errors.js';
import { retryLeftovers } from '../chassis/retry.js';
import { tableName } from '../chassis/table.js';
import { statsKeys } from '../stats/keys.js';
import { USERS_PARTITION } from './keys.js';
import { countersOf, ROLE_COUNTERS, type StatsCounter } from './user-counters.js';
import { directoryEntry } from './user-directory.js';
import type { UserItem } from './user-item.js';

/**
 * Brings a table written before the admin console (issue 10) up to date, once: the per-role,
 * active-owner and membership counters on the STATS item, and each user's search-directory entry.
 * Run at start-up by the local stack and at deploy time by the bootstrap function, never on a
 * request. A table whose STATS item already has the role counters (every table created since) is
 * left alone after one GetItem. Users are read with a Query on the users index, page by page.
 *
 * The counters are SET on the condition that they are still missing, so two concurrent upgrades
 * write once. A user created while the upgrade counts may be missed by one; the upgrade runs before
 * the local stack listens, and in the cloud during the deployment.
 */
export async function upgradeUserDirectory(): Promise<'current' | { usersCounted: number }> {
  const TableName = tableName();
  const marker = ROLE_COUNTERS.owner;
  const { Item } = await dynamo().send(new GetCommand({ TableName, Key: statsKeys.counters(), ConsistentRead: true }));
  if (Item && marker in Item) return 'current';

  const totals: Partial<Record<StatsCounter, number>> = {};
  let usersCounted = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :users',
        ExpressionAttributeValues: { ':users': USERS_PARTITION },
        ExclusiveStartKey,
      }),
    );
    const users = (page.Items ?? []) as UserItem[];
    for (const user of users) {
      for (const [counter, amount] of Object.entries(countersOf(user))) {
        totals[counter as StatsCounter] = (totals[counter as StatsCounter] ?? 0) + amount;
      }
    }
    for (let start = 0; start < users.length; start += 25) {
      const requests: Record<string, unknown>[] = users
        .slice(start, start + 25)
        .map((user) => ({ PutRequest: { Item: directoryEntry(user) } }));
      await retryLeftovers('unprocessed', 'BatchWrite of directory entries', requests, async (pending) => {
        const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [TableName]: pending as never } }));
        return (UnprocessedItems?.[TableName] ?? []) as Record<string, unknown>[];
      });
    }
    usersCounted += users.length;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);

  const entries = Object.entries(totals);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName,
        Key: statsKeys.counters(),
        UpdateExpression: `SET ${entries.map((_, i) => `#c${i} = :c${i}`).join(', ')}`,
        ConditionExpression: 'attribute_not_exists(#marker)',
        ExpressionAttributeNames: { '#marker': marker, ...Object.fromEntries(entries.map(([name], i) => [`#c${i}`, name])) },
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, amount], i) => [`:c${i}`, amount])),
      }),
    );
  } catch (error) {
    // Another start-up upgraded the table meanwhile.
    if (!isConditionFailure(error)) throw error;
  }
  return { usersCounted };
}
