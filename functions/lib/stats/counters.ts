import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../chassis/aws.js';
import { isConditionFailure } from '../chassis/errors.js';
import { createLogger } from '../chassis/log.js';
import { retryOnError } from '../chassis/retry.js';
import { tableName } from '../chassis/table.js';
import { statsKeys } from './keys.js';

/** The landing page's counters, kept on one item (`STATS` / `GLOBAL`). */
export type LandingCounter = 'totalUsers' | 'totalSubscriptions' | 'moneySaved';

/**
 * What the landing counters count (docs/decisions/0042-landing-counters.md):
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
 *
 * A counter never goes below zero (issue 21 point 5): a subtraction holds on the condition that the
 * counter has that much; when it has not (a figure that drifted low, e.g. from before the
 * decrements), the counters are set to what the change leaves, stopping at 0, on the condition that
 * they are still as read.
 */
export async function addToCounters(amounts: Partial<Record<LandingCounter, number>>): Promise<void> {
  const entries = Object.entries(amounts)
    .filter(([, amount]) => amount !== undefined && amount !== 0)
    .map(([name, amount]) => [name, Math.round((amount as number) * 100) / 100] as [LandingCounter, number]);
  if (entries.length === 0) return;
  const decrements = entries.filter(([, amount]) => amount < 0);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: statsKeys.counters(),
        UpdateExpression: `ADD ${entries.map(([name]) => `${name} :${name}`).join(', ')}`,
        ...(decrements.length > 0 ? { ConditionExpression: decrements.map(([name]) => `${name} >= :${name}Needed`).join(' AND ') } : {}),
        ExpressionAttributeValues: Object.fromEntries([
          ...entries.map(([name, amount]) => [`:${name}`, amount]),
          ...decrements.map(([name, amount]) => [`:${name}Needed`, -amount]),
        ]),
      }),
    );
  } catch (error) {
    try {
      if (!isConditionFailure(error)) throw error;
      await setStoppingAtZero(entries);
    } catch (failure) {
      createLogger().warn('landing counters not updated', { amounts, error: String(failure) });
    }
  }
}

/** Sets each counter to what `entries` leave of it, never below 0, while the counters are still as read. */
function setStoppingAtZero(entries: Array<[LandingCounter, number]>): Promise<void> {
  return retryOnError(
    'changed',
    'the landing counters',
    async () => {
      const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: statsKeys.counters(), ConsistentRead: true }));
      const read = (name: LandingCounter) => (typeof Item?.[name] === 'number' ? (Item[name] as number) : undefined);
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: statsKeys.counters(),
          UpdateExpression: `SET ${entries.map(([name]) => `${name} = :${name}`).join(', ')}`,
          ConditionExpression: entries
            .map(([name]) => (read(name) === undefined ? `attribute_not_exists(${name})` : `${name} = :${name}Read`))
            .join(' AND '),
          ExpressionAttributeValues: Object.fromEntries([
            ...entries.map(([name, amount]) => [`:${name}`, Math.max(0, Math.round(((read(name) ?? 0) + amount) * 100) / 100)]),
            ...entries.filter(([name]) => read(name) !== undefined).map(([name]) => [`:${name}Read`, read(name)]),
          ]),
        }),
      );
    },
    isConditionFailure,
  );
}
