import { BatchGetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { type Charge, cancelByDate, chargeOn, intervalOf } from '../../shared/domain/billing.js';
import { hasReminderChannels } from '../../shared/domain/channels.js';
import { isCalendarDate, isValidTimeZone } from '../../shared/domain/dates.js';
import {
  candidateDueDates,
  DATED_EVENTS,
  DEFAULT_REMINDER_HOUR_UTC,
  firstChargeAfterTrial,
  type ReminderEvent as RemindedEvent,
  type RenewalSkipReason,
  reminderKindFor,
  reminderSkipReason,
  renewalSkipReason,
  runInstant,
  type SkipReason,
} from '../../shared/domain/reminders.js';
import { dynamo } from '../lib/chassis/aws.js';
import { now } from '../lib/chassis/clock.js';
import { isConditionFailure } from '../lib/chassis/errors.js';
import { withInvocation } from '../lib/chassis/invocation.js';
import { createLogger, type Logger } from '../lib/chassis/log.js';
import { duePartition, epochSeconds, eventPartition, keys, tableName } from '../lib/chassis/table.js';
import { effectiveUserItem } from '../lib/membership/membership.js';
import type { SubscriptionItem } from '../lib/subscriptions/subscriptions.js';
import type { UserItem } from '../lib/users/user-item.js';
import type { ReminderMessage } from './message.js';
import { reminderQueue } from './queue.js';

/**
 * The reminder planner (SPEC §1, §9; issue 11 §1; issue 24 §3). The daily schedule starts it; it pages
 * through gsi1's partitions of each candidate date: the due-date index (`DUE#<date>`, renewals) and the
 * entries of trials' ends and cancel-by dates (`TRIALEND#<date>`, `CANCELBY#<date>`; see
 * ReminderEventItem), reads each page's owners, and puts one message per reminder due today on the
 * reminder queue, where the sender picks them up. It holds a page per partition and the last 10,000
 * owners it read, never the day. After each page it writes the page's cursor to a checkpoint item per
 * run date and partition (`REMINDERPLAN#<date>` / `DUE#<due date>`, `TRIALEND#…`, `CANCELBY#…`), so a run that
 * stopped (its deadline, a crash) resumes after the last page it queued, and a second run for a date
 * already planned queues nothing. A page queued but not checkpointed before a crash is queued again by
 * the resumed run: the sender's claims make that duplicate harmless.
 */
export type PlanSkipReason = SkipReason | RenewalSkipReason | 'notDueToday' | 'inactive';
export type PlanSkipCounts = Record<PlanSkipReason, number>;

const SKIP_REASONS: PlanSkipReason[] = [
  'noVerifiedEmail',
  'turnedOff',
  'notPaidTier',
  'deactivated',
  'notDueToday',
  'inactive',
  'ended',
  'inTrial',
];
/** The checkpoint's counters (SKIP_REASONS too). */
const COUNTERS = ['read', 'due', 'itemsRead', ...SKIP_REASONS] as const;
type Counter = (typeof COUNTERS)[number];
type Counts = Record<Counter, number>;

export interface PlanSummary {
  /** The UTC date of the run. */
  date: string;
  /** Due dates queried on the index (and dates of trials' ends and cancel-by dates). */
  dueDates: string[];
  /** The gsi1 partitions queried: each date's renewals, trials' ends and cancel-by dates. */
  partitions: string[];
  /** Index entries read for this date (all runs for the date together). */
  read: number;
  /** Reminders due today in their owners' time zones, put on the queue (all runs for the date together). */
  due: number;
  /** Reminders this run put on the queue (0 when the date was planned already). */
  queued: number;
  /** Why the other index entries get no reminder today. */
  skipped: PlanSkipCounts;
  /** DynamoDB items read to plan (index entries and owners): about one per reminder. */
  itemsRead: number;
  /** Every due date's partition was planned to its end. */
  complete: boolean;
  durationMs: number;
}

export interface PlanOptions {
  now: Date;
  log: Logger;
  /** Epoch ms after which no new page is started; the summary then says `complete: false`. */
  deadline?: number;
  /** Index entries per page (default 500). */
  pageSize?: number;
}

interface Checkpoint extends Partial<Counts> {
  page?: number;
  cursor?: Record<string, unknown>;
  done?: boolean;
}

/** One gsi1 partition a run plans: the reminders of one event on one date. */
interface Partition {
  event: RemindedEvent;
  date: string;
  /** Its gsi1pk, and its checkpoint's sort key. */
  key: string;
}

const partitionsOf = (dates: string[]): Partition[] =>
  dates.flatMap((date) => [
    { event: 'renewal' as const, date, key: duePartition(date) },
    ...DATED_EVENTS.map((event) => ({ event, date, key: eventPartition(event, date) })),
  ]);

const checkpointKey = (date: string, partition: string) => ({ pk: `REMINDERPLAN#${date}`, sk: partition });

/** The checkpoints of a run date, by partition, in one BatchGetItem (at most 27 keys). */
async function readCheckpoints(date: string, partitions: string[]): Promise<Map<string, Checkpoint>> {
  const found = new Map<string, Checkpoint>();
  let requested: Record<string, unknown>[] = partitions.map((partition) => checkpointKey(date, partition));
  for (let attempt = 0; requested.length > 0; attempt++) {
    if (attempt === 5) throw new Error('DynamoDB left reminder plan checkpoints unread five times');
    if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    const answer = await dynamo().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: requested } } }));
    for (const item of answer.Responses?.[tableName()] ?? []) found.set(String(item.sk), item as Checkpoint);
    requested = (answer.UnprocessedKeys?.[tableName()]?.Keys as Record<string, unknown>[] | undefined) ?? [];
  }
  return found;
}

/**
 * Records a queued page: its cursor, whether it was the last, and its counts. Conditional on the page
 * number read before, so two runs of one date never both advance it; the loser gets the checkpoint
 * the other wrote and continues from there.
 */
async function advance(date: string, partition: string, from: Checkpoint, cursor: Record<string, unknown> | undefined, counts: Counts) {
  const previous = from.page ?? 0;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':next': previous + 1, ':done': cursor === undefined };
  COUNTERS.forEach((counter, i) => {
    names[`#c${i}`] = counter;
    values[`:c${i}`] = counts[counter];
  });
  if (cursor) values[':cursor'] = cursor;
  if (previous > 0) values[':previous'] = previous;
  else values[':expires'] = epochSeconds(new Date(`${date}T00:00:00Z`)) + 7 * 86400;
  try {
    const answer = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: checkpointKey(date, partition),
        UpdateExpression: `SET page = :next, done = :done${cursor ? ', #cursor = :cursor' : ''}${previous > 0 ? '' : ', expiresAt = :expires'}${
          cursor ? '' : ' REMOVE #cursor'
        } ADD ${COUNTERS.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
        ConditionExpression: previous > 0 ? 'page = :previous' : 'attribute_not_exists(pk)',
        ExpressionAttributeNames: { ...names, '#cursor': 'cursor' },
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { advanced: true, checkpoint: answer.Attributes as Checkpoint };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const current = (await readCheckpoints(date, [partition])).get(partition) ?? {};
    return { advanced: false, checkpoint: current };
  }
}

/** Owners a run remembers across pages and due dates (an owner's subscriptions sit in several partitions). */
const OWNERS_REMEMBERED = 10_000;

/**
 * The owners of the run's pages, each with the membership in effect at `now` (a paid term that has
 * ended gets no 1-day reminder): the last OWNERS_REMEMBERED owners are kept, the others read 100 per
 * BatchGetItem, retrying unprocessed keys. `read` says how many items it read.
 */
function ownerReader(now: Date) {
  const remembered = new Map<string, Promise<UserItem | undefined>>();
  const fetchChunk = async (chunk: string[]) => {
    const users = new Map<string, UserItem>();
    let requested: Record<string, unknown>[] = chunk.map((id) => keys.user(id));
    for (let attempt = 0; requested.length > 0; attempt++) {
      if (attempt === 5) throw new Error('DynamoDB left reminder recipients unread five times');
      if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      const answer = await dynamo().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: requested } } }));
      for (const user of (answer.Responses?.[tableName()] ?? []) as UserItem[]) users.set(user.id, effectiveUserItem(user, now));
      requested = (answer.UnprocessedKeys?.[tableName()]?.Keys as Record<string, unknown>[] | undefined) ?? [];
    }
    return users;
  };
  return async (userIds: string[]) => {
    const missing = userIds.filter((id) => !remembered.has(id));
    for (let i = 0; i < missing.length; i += 100) {
      const chunk = missing.slice(i, i + 100);
      const fetched = fetchChunk(chunk);
      for (const id of chunk)
        remembered.set(
          id,
          fetched.then((users) => users.get(id)),
        );
    }
    for (const id of [...remembered.keys()].slice(0, Math.max(0, remembered.size - OWNERS_REMEMBERED))) remembered.delete(id);
    const users = new Map<string, UserItem>();
    await Promise.all(
      userIds.map(async (id) => {
        const user = await (remembered.get(id) ?? fetchChunk([id]).then((found) => found.get(id)));
        if (user) users.set(id, user);
      }),
    );
    return { users, read: missing.length };
  };
}

const zeroCounts = (): Counts => Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Counts;

/**
 * What a reminder of `event` on `date` says a subscription costs: the renewal on its due date at the price
 * in force then (the first charge after a trial for a trial's end); null when there is nothing to remind
 * of (a renewal after the end date, or free in the trial).
 */
function remindedCharge(event: RemindedEvent, subscription: SubscriptionItem): { charge: Charge | null; skip: RenewalSkipReason | null } {
  if (event === 'trialEnd') {
    const charge = firstChargeAfterTrial(subscription);
    return { charge, skip: charge ? null : 'ended' };
  }
  const skip = renewalSkipReason(subscription);
  return { charge: skip ? null : chargeOn(subscription, subscription.dueDate), skip };
}

/**
 * One page of a partition: the reminders due today among its entries (subscriptions for renewals, their
 * event entries for trials' ends and cancel-by dates), and its counts.
 */
function planPage(date: string, partition: Partition, subscriptions: SubscriptionItem[], users: Map<string, UserItem>, now: Date) {
  const counts = zeroCounts();
  counts.read = subscriptions.length;
  const messages: ReminderMessage[] = [];
  for (const subscription of subscriptions) {
    const user = users.get(subscription.userId);
    if (!user || subscription.status !== 'active') {
      counts.inactive++;
      continue;
    }
    const kind = reminderKindFor(partition.date, isValidTimeZone(user.timeZone) ? user.timeZone : 'UTC', now);
    if (!kind) {
      counts.notDueToday++;
      continue;
    }
    const { charge, skip } = remindedCharge(partition.event, subscription);
    const reason = skip ?? reminderSkipReason(kind, user);
    if (reason || !charge) {
      counts[reason ?? 'ended']++;
      continue;
    }
    counts.due++;
    messages.push({
      date,
      kind: kind.kind,
      event: partition.event,
      subscription: {
        id: subscription.id,
        name: subscription.name,
        amount: charge.amount,
        currency: charge.currency,
        billingCycle: subscription.billingCycle,
        cycleInterval: intervalOf(subscription),
        dueDate: charge.date,
        category: subscription.category,
        autoRenew: Boolean(subscription.autoRenew),
        trialEndsAt: subscription.trialEndsAt ?? null,
        cancelBy: cancelByDate(subscription),
        noticeDays: typeof subscription.noticeDays === 'number' ? subscription.noticeDays : null,
      },
      recipient: {
        userId: user.id,
        email: user.email as string,
        displayName: user.displayName || user.username,
        currency: user.currencyPreference,
        // The sender looks up the channels of VIP and Premium only (issue 25 §2): no read here.
        ...(hasReminderChannels(user.role) ? { channels: true } : {}),
      },
    });
  }
  return { messages, counts };
}

/** Plans one partition from its checkpoint to its end (or the deadline); its final checkpoint. */
async function planPartition(
  date: string,
  partition: Partition,
  start: Checkpoint,
  options: PlanOptions,
  owners: ReturnType<typeof ownerReader>,
  queued: { count: number },
) {
  let checkpoint = start;
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
  while (!checkpoint.done && Date.now() < deadline) {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :partition',
        ExpressionAttributeValues: { ':partition': partition.key },
        ExclusiveStartKey: checkpoint.cursor,
        Limit: options.pageSize ?? 500,
      }),
    );
    const subscriptions = (page.Items ?? []) as SubscriptionItem[];
    const { users, read } = await owners([...new Set(subscriptions.map((s) => s.userId))]);
    const { messages, counts } = planPage(date, partition, subscriptions, users, options.now);
    counts.itemsRead = subscriptions.length + read;
    await reminderQueue().enqueue(messages);
    const result = await advance(date, partition.key, checkpoint, page.LastEvaluatedKey, counts);
    if (result.advanced) queued.count += messages.length;
    else options.log.warn('another run planned this page first', { date, partition: partition.key });
    checkpoint = result.checkpoint;
  }
  return checkpoint;
}

export async function planReminders(options: PlanOptions): Promise<PlanSummary> {
  const started = Date.now();
  const date = options.now.toISOString().slice(0, 10);
  const dueDates = candidateDueDates(options.now);
  const partitions = partitionsOf(dueDates);
  const checkpoints = await readCheckpoints(
    date,
    partitions.map((p) => p.key),
  );
  const queued = { count: 0 };
  const owners = ownerReader(options.now);
  const finals = await Promise.all(
    partitions.map((partition) => planPartition(date, partition, checkpoints.get(partition.key) ?? {}, options, owners, queued)),
  );
  const total = (counter: Counter) => finals.reduce((sum, c) => sum + Number(c[counter] ?? 0), 0);
  const summary: PlanSummary = {
    date,
    dueDates,
    partitions: partitions.map((p) => p.key),
    read: total('read'),
    due: total('due'),
    queued: queued.count,
    skipped: Object.fromEntries(SKIP_REASONS.map((reason) => [reason, total(reason)])) as PlanSkipCounts,
    itemsRead: total('itemsRead'),
    complete: finals.every((c) => c.done === true),
    durationMs: Date.now() - started,
  };
  options.log.info('reminder plan', { ...summary, dueDates: undefined, partitions: undefined });
  return summary;
}

/**
 * The planner function. EventBridge Scheduler starts it daily with `{ "scheduledTime": "<ISO>" }`, the
 * run's nominal time, which stays the same on every retry; on demand it takes `{ "date": "YYYY-MM-DD" }`
 * and behaves like that day's scheduled run.
 */
export interface ReminderEvent {
  date?: string;
  scheduledTime?: string;
}

/** No page is started this long before the Lambda timeout, so the page in hand is queued and checkpointed. */
const STOP_BEFORE_TIMEOUT_MS = 60_000;

const reminderHour = () => {
  const hour = Number(process.env.REMINDER_HOUR_UTC ?? DEFAULT_REMINDER_HOUR_UTC);
  return Number.isInteger(hour) && hour >= 0 && hour <= 23 ? hour : DEFAULT_REMINDER_HOUR_UTC;
};

/** The instant a run stands for: the given day at the reminder hour, the schedule's time, or now. */
export function runTime(event: ReminderEvent | null): Date {
  const date = event?.date;
  if (date !== undefined) {
    if (!isCalendarDate(date)) throw new Error(`Invalid date "${date}": expected YYYY-MM-DD`);
    return runInstant(date, reminderHour());
  }
  const scheduled = event?.scheduledTime ? new Date(event.scheduledTime) : undefined;
  return scheduled && !Number.isNaN(scheduled.getTime()) ? scheduled : now();
}

/** One planner run for the event, with its summary (the local stack's route). */
export function planRemindersFor(event: ReminderEvent | null, deadline?: number): Promise<PlanSummary> {
  return planReminders({ now: runTime(event), log: createLogger({ function: 'reminder-planner' }), deadline });
}

/**
 * The Lambda handler. A run that reached its deadline ends in an error, so Lambda retries it (twice,
 * minutes apart); the retry resumes at the checkpoints, and the errors alarm fires if it never ends.
 */
async function planRun(event: ReminderEvent | null = {}, context?: Pick<Context, 'getRemainingTimeInMillis'>) {
  const deadline = context ? Date.now() + context.getRemainingTimeInMillis() - STOP_BEFORE_TIMEOUT_MS : undefined;
  const summary = await planRemindersFor(event, deadline);
  if (!summary.complete) {
    throw new Error(
      `Reminder plan for ${summary.date} incomplete at the deadline: ${summary.due} reminders queued so far; a retry resumes where it stopped`,
    );
  }
  return summary;
}

/** The Lambda handler: its log lines carry the invocation's request id and trace id. */
export const handler = withInvocation(planRun);
