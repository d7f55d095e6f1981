import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Activity } from '../../../shared/api/account.js';
import { dynamo } from '../chassis/aws.js';
import { now } from '../chassis/clock.js';
import { createLogger } from '../chassis/log.js';
import { keys, tableName } from '../chassis/table.js';

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
  const id = crypto.randomUUID();
  const createdAt = now().toISOString();
  const item: ActivityItem = {
    ...keys.activity(userId, createdAt, id),
    id,
    actionType,
    createdAt,
    performedBy,
    details,
  };
  try {
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: item }));
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
});

/** The user's activity, newest first: the last `limit` entries, or all of them without a limit; older than the cursor `before`. */
export async function listActivity(userId: string, limit?: number, before?: string): Promise<Activity[]> {
  const entries: Activity[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined = before
    ? { ...keys.user(userId), sk: `${ACTIVITY_PREFIX}${before}` }
    : undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.user(userId).pk, ':prefix': ACTIVITY_PREFIX },
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
