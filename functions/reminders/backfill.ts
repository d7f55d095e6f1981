import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/chassis/aws.js';
import { isConditionFailure } from '../lib/chassis/errors.js';
import type { Logger } from '../lib/chassis/log.js';
import { tableName } from '../lib/chassis/table.js';
import { reindexUserReminders } from '../lib/reminders/reminder-index.js';
import { USERS_PARTITION } from '../lib/users/keys.js';

/**
 * The one-time backfill of the reminder index (issue 25 §1; docs/decisions/0094-reminder-index.md):
 * subscriptions written before the index have no entries, so the planner, after planning its hours,
 * spends what is left of its time rewriting the entries of every user, a page of the user list (gsi1
 * `USERS`) at a time, and records the page's cursor on one item (`REMINDERINDEX` / `BACKFILL`), so the
 * next run resumes after it, and every run after the last page does nothing but read that item.
 * Idempotent: a user indexed twice (a page redone after a crash) gets the same entries.
 */
export const BACKFILL_KEY = { pk: 'REMINDERINDEX', sk: 'BACKFILL' } as const;

interface BackfillState {
  done?: boolean;
  page?: number;
  cursor?: Record<string, unknown>;
  users?: number;
}

/** Users a page of the backfill indexes. */
const USERS_PER_PAGE = 50;
/** Users indexed at once. */
const USERS_AT_ONCE = 5;

async function readState(): Promise<BackfillState> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: BACKFILL_KEY, ConsistentRead: true }));
  return (Item as BackfillState | undefined) ?? {};
}

/** Records a page done, on the condition that no other run recorded it first; the state after. */
async function advance(from: BackfillState, cursor: Record<string, unknown> | undefined, users: number): Promise<BackfillState> {
  const previous = from.page ?? 0;
  try {
    const answer = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: BACKFILL_KEY,
        UpdateExpression: `SET page = :next, done = :done${cursor ? ', #cursor = :cursor' : ' REMOVE #cursor'} ADD #users :users`,
        ConditionExpression: previous > 0 ? 'page = :previous' : 'attribute_not_exists(pk)',
        ExpressionAttributeNames: { '#cursor': 'cursor', '#users': 'users' },
        ExpressionAttributeValues: {
          ':next': previous + 1,
          ':done': cursor === undefined,
          ':users': users,
          ...(cursor ? { ':cursor': cursor } : {}),
          ...(previous > 0 ? { ':previous': previous } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return answer.Attributes as BackfillState;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return readState();
  }
}

/** Backfills until done or `deadline` (epoch ms); answers whether the backfill is done and how many users this run indexed. */
export async function backfillReminderIndex(deadline: number, log: Logger): Promise<{ done: boolean; users: number }> {
  let state = await readState();
  let users = 0;
  while (!state.done && Date.now() < deadline) {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :users',
        ExpressionAttributeValues: { ':users': USERS_PARTITION },
        ProjectionExpression: 'id',
        ExclusiveStartKey: state.cursor,
        Limit: USERS_PER_PAGE,
      }),
    );
    const ids = (page.Items ?? []).map((item) => String(item.id));
    for (let i = 0; i < ids.length; i += USERS_AT_ONCE) await Promise.all(ids.slice(i, i + USERS_AT_ONCE).map(reindexUserReminders));
    users += ids.length;
    state = await advance(state, page.LastEvaluatedKey, ids.length);
  }
  if (users > 0) log.info('reminder index backfilled', { users, done: state.done === true });
  return { done: state.done === true, users };
}
