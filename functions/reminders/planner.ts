import { BatchGetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { type Charge, cancelByDate, chargeOn, intervalOf, renewalAfterCancelBy } from '../../shared/domain/billing.js';
import { isCalendarDate } from '../../shared/domain/dates.js';
import { hasReminderChannels } from '../../shared/domain/reminders/channels.js';
import {
  chargeOf,
  DEFAULT_REMINDER_HOUR_UTC,
  firstChargeAfterTrial,
  REMINDER_KINDS,
  runInstant,
} from '../../shared/domain/reminders/events.js';
import { defaultReminderRules, EMAIL_CHANNEL, hasCustomReminderRules, ruleKey } from '../../shared/domain/reminders/rules.js';
import { hourKey, sendInstant } from '../../shared/domain/reminders/schedule.js';
import { renewalsOn } from '../../shared/domain/schedule.js';
import { myShare, splitShares } from '../../shared/domain/sharing/sharing.js';
import { dynamo } from '../lib/chassis/aws.js';
import { now } from '../lib/chassis/clock.js';
import { isConditionFailure } from '../lib/chassis/errors.js';
import { withInvocation } from '../lib/chassis/invocation.js';
import { createLogger, type Logger } from '../lib/chassis/log.js';
import { retryLeftovers } from '../lib/chassis/retry.js';
import { epochSeconds, tableName } from '../lib/chassis/table.js';
import { effectiveUserItem } from '../lib/membership/membership.js';
import { reminderPartition } from '../lib/reminders/keys.js';
import { type ReminderIndexItem, reindexUserReminders } from '../lib/reminders/reminder-index.js';
import { userKeys } from '../lib/users/keys.js';
import type { UserItem } from '../lib/users/user-item.js';
import { backfillReminderIndex } from './backfill.js';
import type { ReminderMessage } from './message.js';
import { reminderQueue } from './queue.js';

/**
 * The reminder planner (SPEC §1, §9; issue 11 §1; issue 24 §3; issue 25 §1). The hourly schedule starts
 * it; it plans each UTC hour of the 24 up to the run's instant that is not planned yet, oldest first, so
 * a run that was missed is made up late, within 24 hours. An hour's plan pages through gsi1's
 * `REMINDAT#<hour>` partition — the reminder index's entries of the reminders that go out that hour (see
 * functions/lib/reminders/reminder-index.ts) — reads each page's owners, and puts one message per
 * reminder on the reminder queue, where the sender picks them up. It holds a page and the last 10,000
 * owners it read, never the hour. After each page it writes the page's cursor to the hour's checkpoint
 * (`REMINDERPLAN#<date>` / `REMINDAT#<hour>`), so a run that stopped (its deadline, a crash) resumes after
 * the last page it queued, and a second run for an hour already planned queues nothing. A page queued but
 * not checkpointed before a crash is queued again by the resumed run: the sender's claims (one per
 * subscription, event date, rule and channel) make that duplicate harmless.
 *
 * An entry is checked against its owner as they are now: one whose rule is no longer in force (the
 * account's rules, the reminder settings or the membership changed, a paid term ended) or whose hour
 * moved (the user's hour or time zone changed) sends nothing and has the owner's entries rewritten.
 */
export type PlanSkipReason = 'noVerifiedEmail' | 'deactivated' | 'inactive' | 'turnedOff' | 'notPaidTier' | 'changed';
export type PlanSkipCounts = Record<PlanSkipReason, number>;

const SKIP_REASONS: PlanSkipReason[] = ['noVerifiedEmail', 'deactivated', 'inactive', 'turnedOff', 'notPaidTier', 'changed'];
/** The checkpoint's counters (SKIP_REASONS too). */
const COUNTERS = ['read', 'due', 'itemsRead', ...SKIP_REASONS] as const;
type Counter = (typeof COUNTERS)[number];
type Counts = Record<Counter, number>;

export interface PlanSummary {
  /** The UTC date of the run's instant. */
  date: string;
  /** The run's instant (ISO). */
  at: string;
  /** The hours it looked at: the 24 up to its instant ('YYYY-MM-DDTHH', UTC). */
  hours: string[];
  /** Index entries read for these hours (all runs for them together). */
  read: number;
  /** Reminders of these hours put on the queue (all runs for them together). */
  due: number;
  /** Reminders this run put on the queue (0 when its hours were planned already). */
  queued: number;
  /** Why the other index entries get no reminder. */
  skipped: PlanSkipCounts;
  /** DynamoDB items read to plan (index entries and owners): about one per reminder. */
  itemsRead: number;
  /** Every hour was planned to its end. */
  complete: boolean;
  /** The index's one-time backfill: done, and the users this run indexed (backfill.ts). */
  backfill: { done: boolean; users: number };
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

const HOUR_MS = 3_600_000;
/** How far back a run makes up hours that were not planned (issue 25 §1: late within 24 hours). */
export const HOURS_MADE_UP = 24;

/** The hours a run at `at` plans: the 24 up to its own, oldest first. */
export function hoursOf(at: Date): Date[] {
  const last = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
  return Array.from({ length: HOURS_MADE_UP }, (_, i) => new Date(last - (HOURS_MADE_UP - 1 - i) * HOUR_MS));
}

const checkpointKey = (hour: string) => ({ pk: `REMINDERPLAN#${hour.slice(0, 10)}`, sk: reminderPartition(hour) });

/** The checkpoints of the hours, by hour, in one BatchGetItem (24 keys). */
async function readCheckpoints(hours: string[]): Promise<Map<string, Checkpoint>> {
  const found = new Map<string, Checkpoint>();
  await retryLeftovers(
    'unprocessed',
    'BatchGet of reminder plan checkpoints',
    hours.map(checkpointKey) as Record<string, unknown>[],
    async (requested) => {
      const answer = await dynamo().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: requested } } }));
      for (const item of answer.Responses?.[tableName()] ?? []) found.set(String(item.sk).slice('REMINDAT#'.length), item as Checkpoint);
      return (answer.UnprocessedKeys?.[tableName()]?.Keys as Record<string, unknown>[] | undefined) ?? [];
    },
  );
  return found;
}

/**
 * Records a queued page: its cursor, whether it was the last, and its counts. Conditional on the page
 * number read before, so two runs of one hour never both advance it; the loser gets the checkpoint
 * the other wrote and continues from there.
 */
async function advance(hour: string, from: Checkpoint, cursor: Record<string, unknown> | undefined, counts: Counts) {
  const previous = from.page ?? 0;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':next': previous + 1, ':done': cursor === undefined };
  COUNTERS.forEach((counter, i) => {
    names[`#c${i}`] = counter;
    values[`:c${i}`] = counts[counter];
  });
  if (cursor) values[':cursor'] = cursor;
  if (previous > 0) values[':previous'] = previous;
  else values[':expires'] = epochSeconds(new Date(`${hour}:00:00Z`)) + 7 * 86400;
  try {
    const answer = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: checkpointKey(hour),
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
    const current = (await readCheckpoints([hour])).get(hour) ?? {};
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
    await retryLeftovers(
      'unprocessed',
      'BatchGet of reminder recipients',
      chunk.map((id) => userKeys.user(id)) as Record<string, unknown>[],
      async (requested) => {
        const answer = await dynamo().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: requested } } }));
        for (const user of (answer.Responses?.[tableName()] ?? []) as UserItem[]) users.set(user.id, effectiveUserItem(user, now));
        return (answer.UnprocessedKeys?.[tableName()]?.Keys as Record<string, unknown>[] | undefined) ?? [];
      },
    );
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
 * What a reminder says the subscription costs: the schedule's renewal it is about, at its price (the first
 * charge after a trial for a trial's end). An end date's reminder, or a deadline of the user's own after
 * the end date, can be about a due date the schedule has no renewal on (the end comes first): the price in
 * force on it then, as billed.
 */
function remindedCharge(entry: ReminderIndexItem): Charge | null {
  if (entry.rule.event === 'trialEnd') return firstChargeAfterTrial(entry);
  // The renewal the deadline is for: the one after the due date once the due date's deadline has passed.
  const date = entry.rule.event === 'cancelBy' ? renewalAfterCancelBy(entry, entry.eventDate) : entry.dueDate;
  const { sharing: _stored, ...schedule } = entry;
  const [renewal] = renewalsOn({ ...schedule, status: 'active' }, [date]);
  return renewal ? chargeOf(renewal) : chargeOn(entry, date);
}

/**
 * Why an entry sends nothing, checked against its owner as they are now, or null when it goes out: the
 * account or the address (as SPEC §9 has it), or a rule no longer in force, or an hour that moved.
 */
function entrySkipReason(entry: ReminderIndexItem, user: UserItem | undefined): PlanSkipReason | null {
  if (!user || entry.status !== 'active') return 'inactive';
  if (user.accountStatus === 'deactivated') return 'deactivated';
  if (!user.email || !user.emailVerified) return 'noVerifiedEmail';
  const custom = hasCustomReminderRules(user.role);
  if (entry.rule.source === 'default') {
    if (!defaultReminderRules(user).some((rule) => ruleKey(rule) === ruleKey(entry.rule))) {
      return !custom && defaultReminderRules({ ...user, role: 'vip' }).some((rule) => ruleKey(rule) === ruleKey(entry.rule))
        ? 'notPaidTier'
        : 'turnedOff';
    }
    if (custom && user.reminderRules) return 'changed';
  } else if (!custom) return 'notPaidTier';
  else if (entry.rule.source === 'account' && !user.reminderRules?.some((rule) => ruleKey(rule) === ruleKey(entry.rule))) return 'changed';
  if (sendInstant(entry.eventDate, entry.rule, user).toISOString() !== entry.remindAt) return 'changed';
  return null;
}

/** The accepted members of a shared subscription's entry (issue 26), none for an unshared one. */
const membersOf = (entry: ReminderIndexItem) => entry.sharing?.members ?? [];

/**
 * True when a member of a shared subscription gets its renewal's reminder under `rule` (issue 26): their
 * account is active with a verified address and their renewal reminders are on; one of SPEC's reminders
 * (10, 3 or 1 day) goes to them only while their settings and tier give them that one.
 */
function memberGetsReminder(rule: ReminderIndexItem['rule'], member: UserItem | undefined): member is UserItem {
  if (!member || member.accountStatus === 'deactivated' || !member.email || !member.emailVerified) return false;
  const theirs = defaultReminderRules(member).filter((own) => own.event === 'renewal');
  if (theirs.length === 0) return false;
  const spec = rule.unit === 'days' && REMINDER_KINDS.some((kind) => kind.daysBefore === rule.offset);
  return !spec || theirs.some((own) => ruleKey(own) === ruleKey(rule));
}

/**
 * A shared subscription's renewal reminder (issue 26): the payer's states their share, and each member
 * who gets it (memberGetsReminder) has a copy by e-mail stating theirs. Shares are split from the price
 * of that renewal (shared/domain/sharing/sharing.ts splitShares); a split that no longer works (a fixed share above
 * a lowered price) states none.
 */
function sharedReminders(
  message: ReminderMessage,
  entry: ReminderIndexItem,
  payer: UserItem,
  users: Map<string, UserItem>,
): ReminderMessage[] {
  const members = membersOf(entry);
  if (message.event !== 'renewal' || members.length === 0 || !entry.sharing) return [message];
  const split = splitShares(message.subscription.amount, message.subscription.currency, payer.id, members, entry.sharing.mode);
  if (!split.ok) return [message];
  const memberCount = members.length + 1;
  const payerName = payer.displayName || payer.username;
  const copies = members.flatMap((member) => {
    const user = users.get(member.userId);
    if (!memberGetsReminder(entry.rule, user)) return [];
    return [
      {
        ...message,
        rule: { ...message.rule, channels: [EMAIL_CHANNEL], source: 'default' as const },
        subscription: { ...message.subscription, share: { amount: myShare(split.shares, user.id) ?? 0, payerName, memberCount } },
        recipient: {
          userId: user.id,
          email: user.email as string,
          displayName: user.displayName || user.username,
          currency: user.currencyPreference,
        },
      },
    ];
  });
  const own = {
    ...message,
    subscription: { ...message.subscription, share: { amount: myShare(split.shares, payer.id) ?? 0, payerName: null, memberCount } },
  };
  return [own, ...copies];
}

/** One page of an hour's entries: its reminders, its counts, and the owners whose entries are to be rewritten. */
function planPage(date: string, entries: ReminderIndexItem[], users: Map<string, UserItem>) {
  const counts = zeroCounts();
  counts.read = entries.length;
  const messages: ReminderMessage[] = [];
  const reindex = new Set<string>();
  for (const entry of entries) {
    const user = users.get(entry.userId);
    const reason = entrySkipReason(entry, user);
    const charge = reason ? null : remindedCharge(entry);
    if (reason || !charge || !user) {
      counts[reason ?? 'inactive']++;
      if (reason === 'changed' || reason === 'turnedOff' || reason === 'notPaidTier') reindex.add(entry.userId);
      continue;
    }
    const reminder: ReminderMessage = {
      date,
      event: entry.rule.event,
      rule: entry.rule,
      subscription: {
        id: entry.id,
        name: entry.name,
        amount: charge.amount,
        currency: charge.currency,
        billingCycle: entry.billingCycle,
        cycleInterval: intervalOf(entry),
        dueDate: charge.date,
        category: entry.category,
        autoRenew: Boolean(entry.autoRenew),
        trialEndsAt: entry.trialEndsAt ?? null,
        // The deadline a cancel-by reminder counts back from; the one that still matters on the run's day otherwise.
        cancelBy: entry.rule.event === 'cancelBy' ? entry.eventDate : cancelByDate(entry, date),
        noticeDays: typeof entry.noticeDays === 'number' ? entry.noticeDays : null,
        endsAt: entry.endsAt ?? null,
      },
      recipient: {
        userId: user.id,
        email: user.email as string,
        displayName: user.displayName || user.username,
        currency: user.currencyPreference,
        // The sender looks up the channels of VIP and Premium only (issue 25 §2): no read here.
        ...(hasReminderChannels(user.role) ? { channels: true } : {}),
      },
    };
    const planned = sharedReminders(reminder, entry, user, users);
    counts.due += planned.length;
    messages.push(...planned);
  }
  return { messages, counts, reindex };
}

/** Owners whose entries one run rewrites at most (the rest are rewritten by the next runs). */
const REINDEXED_PER_RUN = 100;

/** Plans one hour from its checkpoint to its end (or the deadline); its final checkpoint. */
async function planHour(
  date: string,
  hour: string,
  start: Checkpoint,
  options: PlanOptions,
  owners: ReturnType<typeof ownerReader>,
  run: { queued: number; reindexed: Set<string> },
) {
  let checkpoint = start;
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
  while (!checkpoint.done && Date.now() < deadline) {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :partition',
        ExpressionAttributeValues: { ':partition': reminderPartition(hour) },
        ExclusiveStartKey: checkpoint.cursor,
        Limit: options.pageSize ?? 500,
      }),
    );
    const entries = (page.Items ?? []) as ReminderIndexItem[];
    // The owners, and the members of the shared subscriptions among them (issue 26).
    const { users, read } = await owners([...new Set(entries.flatMap((e) => [e.userId, ...membersOf(e).map((member) => member.userId)]))]);
    const { messages, counts, reindex } = planPage(date, entries, users);
    counts.itemsRead = entries.length + read;
    await reminderQueue().enqueue(messages);
    const result = await advance(hour, checkpoint, page.LastEvaluatedKey, counts);
    if (result.advanced) run.queued += messages.length;
    else options.log.warn('another run planned this page first', { hour });
    checkpoint = result.checkpoint;
    for (const userId of reindex) {
      if (run.reindexed.has(userId) || run.reindexed.size >= REINDEXED_PER_RUN) continue;
      run.reindexed.add(userId);
      await reindexUserReminders(userId);
    }
  }
  return checkpoint;
}

export async function planReminders(options: PlanOptions): Promise<PlanSummary> {
  const started = Date.now();
  const date = options.now.toISOString().slice(0, 10);
  const hours = hoursOf(options.now).map(hourKey);
  const checkpoints = await readCheckpoints(hours);
  const run = { queued: 0, reindexed: new Set<string>() };
  const owners = ownerReader(options.now);
  const finals: Checkpoint[] = [];
  for (const hour of hours) finals.push(await planHour(date, hour, checkpoints.get(hour) ?? {}, options, owners, run));
  // What is left of the run's time goes to the index's one-time backfill (a read of one item once it is done).
  const backfill = await backfillReminderIndex(options.deadline ?? Number.POSITIVE_INFINITY, options.log);
  const total = (counter: Counter) => finals.reduce((sum, c) => sum + Number(c[counter] ?? 0), 0);
  const summary: PlanSummary = {
    date,
    at: options.now.toISOString(),
    hours,
    read: total('read'),
    due: total('due'),
    queued: run.queued,
    skipped: Object.fromEntries(SKIP_REASONS.map((reason) => [reason, total(reason)])) as PlanSkipCounts,
    itemsRead: total('itemsRead'),
    complete: finals.every((c) => c.done === true),
    backfill,
    durationMs: Date.now() - started,
  };
  options.log.info('reminder plan', { ...summary, hours: undefined });
  return summary;
}

/**
 * The planner function. EventBridge Scheduler starts it hourly with `{ "scheduledTime": "<ISO>" }`, the
 * run's nominal time, which stays the same on every retry. On demand it takes `{ "at": "<ISO>" }` (a run
 * as of that instant: `npm run reminders -- --at …`) or `{ "date": "YYYY-MM-DD" }`, which stands for that
 * day at 08:00 UTC, the instant of the daily run before issue 25: its 24 hours reach back to 09:00 UTC
 * the day before, so every zone's 08:00 on the date the run had as its "today" falls in them.
 */
export interface ReminderEvent {
  date?: string;
  at?: string;
  scheduledTime?: string;
}

/** No page is started this long before the Lambda timeout, so the page in hand is queued and checkpointed. */
const STOP_BEFORE_TIMEOUT_MS = 60_000;

/** The instant a run stands for: the given instant, the given day at 08:00 UTC, the schedule's time, or now. */
export function runTime(event: ReminderEvent | null): Date {
  if (event?.at !== undefined) {
    const at = new Date(event.at);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(event.at) || Number.isNaN(at.getTime()))
      throw new Error(`Invalid instant "${event.at}": expected an ISO 8601 date and time, e.g. 2031-03-01T20:00:00Z`);
    return at;
  }
  const date = event?.date;
  if (date !== undefined) {
    if (!isCalendarDate(date)) throw new Error(`Invalid date "${date}": expected YYYY-MM-DD`);
    return runInstant(date, DEFAULT_REMINDER_HOUR_UTC);
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
      `Reminder plan for ${summary.at} incomplete at the deadline: ${summary.due} reminders queued so far; a retry resumes where it stopped`,
    );
  }
  return summary;
}

/** The Lambda handler: its log lines carry the invocation's request id and trace id. */
export const handler = withInvocation(planRun);
