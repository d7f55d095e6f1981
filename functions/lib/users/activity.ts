import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Activity } from '../../../shared/api/account.js';
import { dynamo } from '../chassis/aws.js';
import { now } from '../chassis/clock.js';
import { createLogger } from '../chassis/log.js';
import { tableName } from '../chassis/table.js';
import { writeWhileOpen } from './account-closing.js';
import { userKeys } from './keys.js';

/**
 * A user's activity log (DESIGN §4): `USER#<id>` / `ACT#<iso time>#<id>`, so a descending Query on the
 * user's partition reads the newest entries first (the admin console shows the last 50, SPEC §2; the
 * data export reads them all).
 */
export const ACTIVITY_PREFIX = 'ACT#';

export type ActivityDetails = Record<string, string | number | boolean | null>;

interface ActivityItem extends Activity {
  pk: string;
  sk: string;
}

/**
 * Records one entry. It never fails the user's request: a failure is logged and the request goes on,
 * because a missing log line must not undo a password change or a sign-in.
 */
export async function recordActivity(
  userId: string,
  actionType: string,
  performedBy: string,
  details: ActivityDetails = {},
): Promise<void> {
  try {
    await putEntry(userId, actionType, performedBy, details, now());
  } catch (error) {
    createLogger({ userId }).warn('activity not recorded', { actionType, error: String(error) });
  }
}

async function putEntry(userId: string, actionType: string, performedBy: string, details: ActivityDetails, at: Date) {
  const id = crypto.randomUUID();
  const createdAt = at.toISOString();
  const item: ActivityItem = { ...userKeys.activity(userId, createdAt, id), id, actionType, createdAt, performedBy, details };
  // Only while the account is open: an entry never lands in an account being deleted (issue 34 §4).
  await writeWhileOpen(userId, [{ Put: { TableName: tableName(), Item: item } }]);
}

/** How close a repeat must follow the newest entry to fold into it ({@link recordRepeatableActivity}). */
export const COALESCE_WINDOW_MS = 10 * 60 * 1000;

/** `fields` as a comma-separated list, each field once, in the order first changed. */
function mergedFields(before: ActivityDetails[string], after: ActivityDetails[string]): string | undefined {
  const list = [before, after].flatMap((value) => (typeof value === 'string' && value !== '' ? value.split(', ') : []));
  return list.length > 0 ? [...new Set(list)].join(', ') : undefined;
}

/** The newest entry, when a new one of this kind, by this person, about this subscription folds into it. */
async function entryToFoldInto(userId: string, actionType: string, performedBy: string, details: ActivityDetails, at: Date) {
  const newest = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': userKeys.user(userId).pk, ':prefix': ACTIVITY_PREFIX },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const entry = newest.Items?.[0] as ActivityItem | undefined;
  if (!entry || entry.actionType !== actionType || entry.performedBy !== performedBy) return undefined;
  if ((entry.details?.subscriptionId ?? null) !== (details.subscriptionId ?? null)) return undefined;
  return at.getTime() - Date.parse(entry.lastAt ?? entry.createdAt) <= COALESCE_WINDOW_MS ? entry : undefined;
}

/**
 * Records an entry of a kind that repeats in bursts (a user trying each currency in turn, a form saved
 * several times): a repeat within {@link COALESCE_WINDOW_MS} of the newest entry, of the same kind by the
 * same person about the same subscription, folds into that entry — its `count` goes up, its `lastAt`
 * moves on, and its `fields` gather every field changed (issue 23: seven 'SETTINGS CHANGED' in a row said
 * nothing). Apart from {@link recordActivity} so that only the functions that record such entries carry
 * the extra Query. Never fails the request either.
 */
export async function recordRepeatableActivity(
  userId: string,
  actionType: string,
  performedBy: string,
  details: ActivityDetails = {},
): Promise<void> {
  const at = now();
  try {
    const previous = await entryToFoldInto(userId, actionType, performedBy, details, at);
    if (!previous) return await putEntry(userId, actionType, performedBy, details, at);
    const fields = mergedFields(previous.details?.fields, details.fields);
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: previous.pk, sk: previous.sk },
        UpdateExpression: 'SET details = :details, lastAt = :lastAt, #count = :count',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: {
          ':details': { ...previous.details, ...details, ...(fields ? { fields } : {}) },
          ':lastAt': at.toISOString(),
          ':count': (previous.count ?? 1) + 1,
        },
      }),
    );
  } catch (error) {
    createLogger({ userId }).warn('activity not recorded', { actionType, error: String(error) });
  }
}

const toActivity = (item: ActivityItem): Activity => ({
  id: item.id,
  actionType: item.actionType,
  createdAt: item.createdAt,
  performedBy: item.performedBy,
  details: item.details ?? {},
  ...(item.count ? { count: item.count, lastAt: item.lastAt } : {}),
});

/** The user's activity, newest first: the last `limit` entries, or all of them without a limit; older than the cursor `before`. */
export async function listActivity(userId: string, limit?: number, before?: string): Promise<Activity[]> {
  const entries: Activity[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined = before
    ? { ...userKeys.user(userId), sk: `${ACTIVITY_PREFIX}${before}` }
    : undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': userKeys.user(userId).pk, ':prefix': ACTIVITY_PREFIX },
        ScanIndexForward: false,
        Limit: limit === undefined ? undefined : limit - entries.length,
        ExclusiveStartKey,
      }),
    );
    entries.push(...((page.Items ?? []) as ActivityItem[]).map(toActivity));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && (limit === undefined || entries.length < limit));
  return entries;
}

/** The cursor of an entry (its key after `ACT#`): the export's next page starts after it. */
export const activityCursor = (entry: Pick<Activity, 'createdAt' | 'id'>) => `${entry.createdAt}#${entry.id}`;

/** True when `cursor` has the shape of {@link activityCursor}'s answers. */
export const isActivityCursor = (cursor: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(cursor);
