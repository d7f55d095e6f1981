import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws.js';
import { createLogger } from './log.js';
import { keys, tableName } from './table.js';

/** The landing page's counters, kept on one item (`STATS` / `GLOBAL`). */
export type LandingCounter = 'totalUsers' | 'totalSubscriptions' | 'moneySaved';

/**
 * What the landing counters count (docs/DECISIONS.md 'The public site'):
 * - totalUsers: accounts that exist — +1 when one is created, -1 when one is deleted;
 * - totalSubscriptions: subscriptions that are not in the trash — +1 on create and on recover,
 *   -1 on moving to the trash and for each one an account deletion takes with it;
 * - moneySaved: the monthly amounts of canceled subscriptions — the amount a cancellation saved
 *   is added then and kept on the subscription (`savedMonthly`); it comes off again only when that
 *   subscription becomes active again (reactivate, or recover of one canceled before it was
 *   trashed). Deleting a canceled subscription, or its account, keeps what was saved.
 *
 * Adds to the landing counters with one atomic ADD (negative amounts subtract), after the write they count and never inside its
 * transaction: every sign-up and every new subscription in the product touches this one item, and
 * DynamoDB cancels transactions that meet on an item (TransactionConflict), so concurrent requests
 * would fail. A counter that misses an increment is logged and the request still succeeds; a failed
 * sign-up over a marketing figure would not be acceptable.
 */
export async function addToCounters(amounts: Partial<Record<LandingCounter, number>>): Promise<void> {
  const entries = Object.entries(amounts).filter(([, amount]) => amount !== undefined && amount !== 0);
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
