import { BatchGetCommand, DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isValidTimeZone } from '../../shared/domain/dates.js';
import {
  candidateDueDates,
  type REMINDER_KINDS,
  type ReminderKind,
  reminderKindFor,
  reminderSkipReason,
  type SkipReason,
} from '../../shared/domain/reminders.js';
import { dynamo } from '../lib/aws.js';
import { sendEmail } from '../lib/email.js';
import { isConditionFailure } from '../lib/errors.js';
import type { Logger } from '../lib/log.js';
import { effectiveUserItem } from '../lib/membership.js';
import { reminderEmail, unsubscribeToken } from '../lib/reminder-email.js';
import type { SubscriptionItem } from '../lib/subscriptions.js';
import { duePartition, epochSeconds, keys, tableName } from '../lib/table.js';
import type { UserItem } from '../lib/users.js';

/**
 * The daily reminder job (SPEC §1, §9; DESIGN §4). It reads only what is due — one Query per candidate
 * due date on gsi1 — and the owners of those subscriptions, never a Scan. Each reminder is claimed with a
 * conditional "sent" marker before it is sent, so retries and re-runs never send one twice; a send that
 * fails releases its claim, and a claim left by a run that died is taken over after CLAIM_TIMEOUT.
 */
export interface ReminderRunOptions {
  now: Date;
  log: Logger;
  /** Sends at once (default 8). */
  concurrency?: number;
  /** SES sending rate in e-mails per second; 0 means no pacing (default 0). */
  maxSendRate?: number;
  /**
   * Epoch ms after which no new reminder is claimed (the Lambda timeout, less a margin): sends in
   * flight finish and their claims are settled, and the rest is reported as `deferred` for a re-run.
   */
  deadline?: number;
}

export type SkipCounts = Record<SkipReason | 'alreadySent' | 'notDueToday' | 'inactive', number>;

export interface ReminderRunSummary {
  /** The UTC date of the run. */
  date: string;
  /** Due dates queried on the index. */
  dueDates: string[];
  /** Subscriptions the index returned. */
  read: number;
  /** Reminders due today in their owners' time zones. */
  due: number;
  sent: number;
  skipped: SkipCounts;
  /** Sends that failed; their claims were released, so a re-run sends them. */
  failed: number;
  /** Reminders not tried because the run reached its deadline; a re-run sends them. */
  deferred: number;
  /** DynamoDB items read (index entries and users): about one per reminder sent. */
  itemsRead: number;
  durationMs: number;
}

/**
 * A claim covers one send: the pacing wait (at most concurrency ÷ rate seconds), one SES call (three
 * attempts of at most 10 s each, functions/lib/aws.ts) and the marker update. A claim older than
 * this, on the real clock, was left by a run that died, and the next run takes it over.
 */
export const CLAIM_TIMEOUT_SECONDS = 2 * 60;

async function queryDue(dueDate: string): Promise<SubscriptionItem[]> {
  const items: SubscriptionItem[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :due',
        ExpressionAttributeValues: { ':due': duePartition(dueDate) },
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as SubscriptionItem[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/**
 * The owners of the due subscriptions, 100 per BatchGetItem, retrying unprocessed keys, each with the
 * membership in effect at `now`: a paid term that has ended gets no 1-day reminder, even if nothing
 * has persisted its end yet.
 */
async function loadUsers(userIds: string[], now: Date): Promise<Map<string, UserItem>> {
  const users = new Map<string, UserItem>();
  for (let i = 0; i < userIds.length; i += 100) {
    let requested: Record<string, unknown>[] = userIds.slice(i, i + 100).map((id) => keys.user(id));
    for (let attempt = 0; requested.length > 0 && attempt < 5; attempt++) {
      const answer = await dynamo().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: requested } } }));
      for (const user of (answer.Responses?.[tableName()] ?? []) as UserItem[]) users.set(user.id, effectiveUserItem(user, now));
      requested = (answer.UnprocessedKeys?.[tableName()]?.Keys as Record<string, unknown>[] | undefined) ?? [];
      if (requested.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
  return users;
}

const markerKey = (subscriptionId: string, dueDate: string, kind: ReminderKind) => ({
  pk: `REMINDER#${subscriptionId}#${dueDate}#${kind}`,
  sk: 'SENT',
});

/** Claims a reminder; false when it was sent already or another run is sending it right now. */
async function claim(key: { pk: string; sk: string }, dueDate: string): Promise<boolean> {
  const now = new Date();
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...key,
          status: 'sending',
          claimedAt: epochSeconds(now),
          // Kept a week past the due date, then DynamoDB's TTL removes it.
          expiresAt: epochSeconds(new Date(`${dueDate}T00:00:00Z`)) + 7 * 86400,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR (#status = :sending AND claimedAt < :stale)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sending': 'sending', ':stale': epochSeconds(now) - CLAIM_TIMEOUT_SECONDS },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

async function markSent(key: { pk: string; sk: string }, now: Date) {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #status = :sent, sentAt = :at',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':sent': 'sent', ':at': now.toISOString() },
    }),
  );
}

async function release(key: { pk: string; sk: string }) {
  await dynamo()
    .send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key,
        ConditionExpression: '#status = :sending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sending': 'sending' },
      }),
    )
    .catch(() => undefined);
}

/** Spaces sends to at most `perSecond` (SES's account sending rate). */
function pacer(perSecond: number) {
  let next = 0;
  return async () => {
    if (perSecond <= 0) return;
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + 1000 / perSecond;
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  };
}

interface ReminderJob {
  subscription: SubscriptionItem;
  user: UserItem;
  kind: (typeof REMINDER_KINDS)[number];
}

export async function runReminders(options: ReminderRunOptions): Promise<ReminderRunSummary> {
  const started = Date.now();
  const { now, log } = options;
  const dueDates = candidateDueDates(now);
  const found = (await Promise.all(dueDates.map(queryDue))).flat();
  const users = await loadUsers([...new Set(found.map((s) => s.userId))], now);
  const skipped: SkipCounts = {
    alreadySent: 0,
    noVerifiedEmail: 0,
    turnedOff: 0,
    notPaidTier: 0,
    deactivated: 0,
    notDueToday: 0,
    inactive: 0,
  };

  const jobs: ReminderJob[] = [];
  for (const subscription of found) {
    const user = users.get(subscription.userId);
    if (!user || subscription.status !== 'active') {
      skipped.inactive++;
      continue;
    }
    const zone = isValidTimeZone(user.timeZone) ? user.timeZone : 'UTC';
    const kind = reminderKindFor(subscription.dueDate, zone, now);
    if (!kind) {
      skipped.notDueToday++;
      continue;
    }
    jobs.push({ subscription, user, kind });
  }

  let sent = 0;
  let failed = 0;
  const pace = pacer(options.maxSendRate ?? 0);
  const queue = [...jobs];
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
  const worker = async () => {
    while (queue.length > 0 && Date.now() < deadline) {
      const job = queue.shift() as ReminderJob;
      const reason = reminderSkipReason(job.kind, job.user);
      if (reason) {
        skipped[reason]++;
        continue;
      }
      const key = markerKey(job.subscription.id, job.subscription.dueDate, job.kind.kind);
      if (!(await claim(key, job.subscription.dueDate))) {
        skipped.alreadySent++;
        continue;
      }
      try {
        await pace();
        await sendEmail(
          reminderEmail({
            to: job.user.email as string,
            displayName: job.user.displayName || job.user.username,
            currency: job.user.currencyPreference,
            subscription: job.subscription,
            daysBefore: job.kind.daysBefore,
            kind: job.kind.kind,
            unsubscribeToken: await unsubscribeToken(job.user.id),
          }),
        );
        await markSent(key, new Date());
        sent++;
      } catch (error) {
        failed++;
        await release(key);
        log.error('reminder failed', { subscriptionId: job.subscription.id, kind: job.kind.kind, error: String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));

  const summary: ReminderRunSummary = {
    date: now.toISOString().slice(0, 10),
    dueDates,
    read: found.length,
    due: jobs.length,
    sent,
    skipped,
    failed,
    deferred: queue.length,
    itemsRead: found.length + users.size,
    durationMs: Date.now() - started,
  };
  log.info('reminder run', { ...summary, dueDates: undefined });
  return summary;
}
