import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type ReminderOwner, reminderIndexItems, remindersOf } from '../functions/lib/reminders/reminder-index.js';
import type { SubscriptionItem } from '../functions/lib/subscriptions/subscriptions.js';
import { addDays } from '../shared/domain/dates.js';
import type { ReminderRule } from '../shared/domain/reminders/rules.js';
import { json, quick, table } from './common.js';

/**
 * The reminders (issue 11 §1, issue 24 §3, issue 25 §1) on the local stack: DUE reminders going out in the
 * 24 hours up to one run's instant among tables of growing size, owners in mixed time zones (UTC−11 to
 * UTC+14, half-hour zones too) at mixed hours, a third of them VIPs with rules of their own (two weeks and
 * one day before a renewal, 12 hours before a trial's end, 3 days before a cancel-by date), the others
 * members with SPEC's reminders; the table's other subscriptions have reminders at later hours. The
 * planner pages the reminder index's hours onto the in-process queue; the sender drains it, unpaced, into
 * the SES emulator. Reported per table size: items read per reminder sent, the planner's and the whole
 * run's time, sends a second, and this process's peak heap and RSS while it runs (the planner, the queue's
 * messages and the sender share the process; the planner holds one page at a time).
 *
 * Sizes: BENCH_REMINDERS_DUE (default 1,000) and BENCH_REMINDERS_TABLE_SIZES (comma-separated, default
 * 10,000 and 100,000; 10,000 with --quick). Issue 11's goal:
 *     BENCH_REMINDERS_DUE=100000 BENCH_REMINDERS_TABLE_SIZES=100000,1000000 npm run bench -- --only=reminders
 * Each owner has DUE_PER_OWNER reminders due in the run's hours (as before: 1,000 due among 100 owners).
 */
const DUE = Number(process.env.BENCH_REMINDERS_DUE ?? 1000);
const SIZES = (process.env.BENCH_REMINDERS_TABLE_SIZES ?? (quick ? '10000' : '10000,100000')).split(',').map(Number);
const DUE_PER_OWNER = 10;
/** BatchWriteItem calls in flight while loading (25 items each). */
const WRITES_AT_ONCE = 32;
const ZONES = ['UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Tokyo', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];
/** The VIPs' own rules (issue 25 §1). */
const VIP_RULES: ReminderRule[] = [
  { event: 'renewal', offset: 2, unit: 'weeks', channels: ['email'] },
  { event: 'renewal', offset: 1, unit: 'days', channels: ['email'] },
  { event: 'trialEnd', offset: 12, unit: 'hours', channels: ['email'] },
  { event: 'cancelBy', offset: 3, unit: 'days', channels: ['email'] },
];
const HOUR_MS = 3_600_000;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Samples this process's memory every 50 ms until stopped: the peaks. */
function memoryPeaks() {
  let heap = 0;
  let rss = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    heap = Math.max(heap, usage.heapUsed);
    rss = Math.max(rss, usage.rss);
  };
  sample();
  const timer = setInterval(sample, 50);
  return () => {
    clearInterval(timer);
    sample();
    return { heap, rss };
  };
}

/**
 * The emulators alone: a sender's three calls per reminder (a marker update, SendEmail, a marker update)
 * made directly, 1,000 times, as many at once as the local queue's deliveries. The pipeline's sent / s
 * next to this shows what the planner, the queue and the sender's code add.
 */
async function emulatorFloor(tableName: string) {
  const { sendEmail } = await import('../functions/lib/email/email.js');
  const { dynamo } = await import('../functions/lib/chassis/aws.js');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { LOCAL_REMINDER_QUEUE } = await import('../local/functions.js');
  const mark = (n: number, status: string) =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName,
        Key: { pk: `BENCHFLOOR#${n}`, sk: 'SENT' },
        UpdateExpression: 'SET #status = :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status },
      }),
    );
  const count = 1000;
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: LOCAL_REMINDER_QUEUE.concurrency }, async () => {
      while (next < count) {
        const n = next++;
        await mark(n, 'sending');
        await sendEmail({ to: `floor${n}@example.com`, subject: 'Floor', html: '<p>Floor</p>', text: 'Floor' });
        await mark(n, 'sent');
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  return { reminders: count, 'at once': LOCAL_REMINDER_QUEUE.concurrency, s: seconds.toFixed(1), 'sent / s': Math.round(count / seconds) };
}

/**
 * The planner by itself for the run's instant, its messages counted and dropped (no queue, no sender): the
 * growth of this process's peak heap and RSS while it plans. Its checkpoints are then deleted, so the
 * full run after it plans the hours again.
 */
async function plannerAlone(tableName: string, runAt: Date) {
  const { planReminders } = await import('../functions/reminders/planner.js');
  const { installReminderQueue, reminderQueue } = await import('../functions/reminders/queue.js');
  const { createLogger } = await import('../functions/lib/chassis/log.js');
  const { dynamo } = await import('../functions/lib/chassis/aws.js');
  const { QueryCommand, DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
  const stackQueue = reminderQueue();
  let counted = 0;
  installReminderQueue({
    async enqueue(messages) {
      counted += messages.length;
    },
  });
  const before = process.memoryUsage();
  const peaks = memoryPeaks();
  try {
    await planReminders({ now: runAt, log: createLogger({ bench: 'planner' }) });
  } finally {
    installReminderQueue(stackQueue);
  }
  const peak = peaks();
  for (const day of [addDays(runAt.toISOString().slice(0, 10), -1), runAt.toISOString().slice(0, 10)]) {
    const { Items = [] } = await dynamo().send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `REMINDERPLAN#${day}` },
      }),
    );
    for (const { pk, sk } of Items) await dynamo().send(new DeleteCommand({ TableName: tableName, Key: { pk, sk } }));
  }
  return { counted, heapGrowth: peak.heap - before.heapUsed, rssGrowth: peak.rss - before.rss };
}

export async function reminderSection(stack: { url: string; tableName: string }) {
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const owners = Math.ceil(DUE / DUE_PER_OWNER);
  const user = (i: number) => ({
    pk: `USER#bench-${i}`,
    sk: 'PROFILE',
    id: `bench-${i}`,
    username: `bench${i}`,
    displayName: `Bench ${i}`,
    email: `bench${i}@example.com`,
    emailVerified: true,
    role: i % 3 === 0 ? 'vip' : 'member',
    ...(i % 3 === 0 ? { reminderRules: VIP_RULES } : {}),
    accountStatus: 'active',
    timeZone: ZONES[i % ZONES.length],
    reminderHour: (i * 5) % 24,
    currencyPreference: 'USD',
    tokenVersion: 1,
  });
  let serial = 0;
  const createdAt = new Date().toISOString();
  const subscriptionItem = (
    dueDate: string,
    userIndex: number,
    active: boolean,
    extra: { trialEndsAt?: string; noticeDays?: number; currency?: string } = {},
  ) => {
    const id = `bench-sub-${serial++}`;
    const userId = `bench-${userIndex}`;
    return {
      pk: `USER#${userId}`,
      sk: `SUB#${id}`,
      id,
      userId,
      name: `Bench ${id}`,
      description: '',
      amount: 9.99,
      category: 'software',
      dueDate,
      billingCycle: 'monthly',
      autoRenew: false,
      status: active ? 'active' : 'canceled',
      deletedAt: null,
      createdAt,
      updatedAt: createdAt,
      ...(active ? { gsi1pk: `DUE#${dueDate}`, gsi1sk: `USER#${userId}#SUB#${id}` } : {}),
      ...extra,
    } as SubscriptionItem;
  };
  /** A subscription with its reminder index entries from `after` on, as the subscriptions function writes them. */
  const withEntries = (item: SubscriptionItem, after: Date): object[] => {
    const entries = reminderIndexItems(item, user(Number(item.userId.slice('bench-'.length))) as unknown as ReminderOwner, after);
    return [{ ...item, reminderEntries: entries.map((entry) => entry.sk) }, ...entries];
  };
  /**
   * A subscription of owner `o` whose reminder under its `n`-th rule in force goes out in the 24 hours up
   * to `runAt`: a renewal, a trial's end (first charged 40 days later) or a cancel-by date (30 days' notice).
   */
  const dueSubscription = (o: number, n: number, runAt: Date) => {
    const owner = user(o) as unknown as ReminderOwner;
    const probe = subscriptionItem('2000-01-01', o, true);
    const rules = remindersOf(
      { ...probe, dueDate: '2099-01-01', trialEndsAt: '2098-12-01', noticeDays: 30 },
      owner,
      '2000-01-01',
    ).reminders.map((r) => r.rule);
    const rule = rules[n % rules.length];
    const from = runAt.getTime() - 23 * HOUR_MS;
    for (let shift = -2; shift <= 30; shift++) {
      const eventDate = addDays(runAt.toISOString().slice(0, 10), shift);
      const extra =
        rule.event === 'trialEnd'
          ? { dueDate: addDays(eventDate, 40), trialEndsAt: eventDate }
          : rule.event === 'cancelBy'
            ? { dueDate: addDays(eventDate, 30), noticeDays: 30 }
            : { dueDate: eventDate };
      const item = subscriptionItem(extra.dueDate, o, true, extra);
      const due = remindersOf(item, owner, new Date(from - 1).toISOString().slice(0, 10)).reminders.find(
        (r) => r.rule.event === rule.event && r.rule.offset === rule.offset && r.at.getTime() >= from && r.at.getTime() <= runAt.getTime(),
      );
      if (due) return withEntries(item, new Date(from - 1));
    }
    throw new Error(`no event date puts owner ${o}'s rule ${rule.event}-${rule.offset}${rule.unit} in the run's hours`);
  };
  /**
   * Writes the items `make` makes for 0 … count − 1, 25 a BatchWriteItem, WRITES_AT_ONCE at once, never
   * all in memory.
   */
  const write = async (count: number, make: (i: number) => object[] | object) => {
    let next = 0;
    const writer = async () => {
      while (next < count) {
        const start = next;
        next = Math.min(count, next + 25);
        const items = Array.from({ length: next - start }, (_, k) => make(start + k)).flat();
        for (let i = 0; i < items.length; i += 25) {
          let requests = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
          while (requests.length > 0) {
            const answer = await documents.send(new BatchWriteCommand({ RequestItems: { [stack.tableName]: requests } }));
            requests = (answer.UnprocessedItems?.[stack.tableName] as typeof requests | undefined) ?? [];
          }
        }
      }
    };
    await Promise.all(Array.from({ length: WRITES_AT_ONCE }, writer));
  };

  await write(owners, user);
  // The index's one-time backfill is done: these items were written with their entries.
  await documents.send(new PutCommand({ TableName: stack.tableName, Item: { pk: 'REMINDERINDEX', sk: 'BACKFILL', done: true, page: 1 } }));
  const rows = [];
  let total = 0;
  for (const [n, size] of SIZES.entries()) {
    const runAt = new Date(Date.parse(`${addDays('2040-01-10', 400 * n)}T20:00:00Z`));
    const loadStarted = Date.now();
    // Owner i has DUE_PER_OWNER reminders going out in the run's 24 hours, each under one of its rules in turn.
    await write(DUE, (i) => dueSubscription(Math.floor(i / DUE_PER_OWNER), i % DUE_PER_OWNER, runAt));
    // The rest of the table: due on 3,000 later dates, one in five canceled (no index entries), one in
    // seven with a trial and one in eleven with a notice period, ending and to cancel on later dates too.
    await write(Math.max(0, size - total - DUE), (i) =>
      withEntries(
        subscriptionItem(addDays('2045-01-01', i % 3000), i % owners, i % 5 !== 0, {
          ...(i % 7 === 0 ? { trialEndsAt: addDays('2045-01-01', (i % 3000) - 20) } : {}),
          ...(i % 11 === 0 ? { noticeDays: 14 } : {}),
        }),
        runAt,
      ),
    );
    const loadSeconds = (Date.now() - loadStarted) / 1000;
    total = size;
    const planner = await plannerAlone(stack.tableName, runAt);
    const before = process.memoryUsage();
    const peaks = memoryPeaks();
    const summary = await json(`${stack.url}/_local/reminders?at=${runAt.toISOString()}`, { method: 'POST' });
    const peak = peaks();
    rows.push({
      subscriptions: size.toLocaleString('en-US'),
      'load s': loadSeconds.toFixed(0),
      due: summary.due,
      sent: summary.sent,
      'items read': summary.itemsRead,
      'items read / sent': (summary.itemsRead / Math.max(1, summary.sent)).toFixed(3),
      'plan s': (summary.planMs / 1000).toFixed(1),
      'planner alone: heap growth': mb(planner.heapGrowth),
      'planner alone: RSS growth': mb(planner.rssGrowth),
      'run s': (summary.durationMs / 1000).toFixed(1),
      'sent / s': Math.round(summary.sent / (summary.durationMs / 1000)),
      'run: heap before': mb(before.heapUsed),
      'run: peak heap': mb(peak.heap),
      'run: peak RSS': mb(peak.rss),
    });
  }
  table(
    `Reminders (${DUE.toLocaleString('en-US')} due in 24 hours, mixed zones, hours and rules; DynamoDB Local + in-process queue + SES emulator, unpaced)`,
    rows,
  );
  table('The emulators alone: update, SendEmail, update per reminder (the floor of sent / s)', [await emulatorFloor(stack.tableName)]);
}
