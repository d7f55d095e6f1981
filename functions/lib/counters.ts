import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws.js';
import { createLogger } from './log.js';
import { keys, tableName } from './table.js';

/** The landing page's counters, kept on one item (`STATS` / `GLOBAL`). */
export type LandingCounter = 'totalUsers' | 'totalSubscriptions' | 'moneySaved';

/**
 * Adds to the landing counters with one atomic ADD, after the write they count and never inside its
 * transaction: every sign-up and every new subscription in the product touches this one item, and
 * DynamoDB cancels transactions that meet on an item (TransactionConflict), so concurrent requests
 * would fail. A counter that misses an increment is logged and the request still succeeds; a failed
 * sign-up over a marketing figure would not be acceptable.
 */
export async function addToCounters(amounts: Partial<Record<LandingCounter, number>>): Promise<void> {
  const entries = Object.entries(amounts).filter(([, amount]) => amount !== undefined && amount > 0);
  if (entries.length === 0) return;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.stats(),
        UpdateExpression: `ADD ${entries.map(([name]) => `${name} :${name}`).join(', ')}`,
        ExpressionAttributeValues: Object.fromEntries(
          entries.map(([name, amount]) => [`:${name}`, Math.round((amount as number) * 100) / 100]),
        ),
      }),
    );
  } catch (error) {
    createLogger().warn('landing counters not updated', { amounts, error: String(error) });
  }
}
