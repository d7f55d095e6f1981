import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { reminderEventItems, type SubscriptionItem } from '../functions/lib/subscriptions/subscriptions.js';
import { addDays } from '../shared/domain/dates.js';
import { json, quick, table } from './common.js';

/**
 * The reminders (issue 11 §1, issue 24 §3) on the local stack: DUE reminders due on one day among tables
 * of growing size: renewals, trials' ends and cancel-by dates, the table's other subscriptions with trials
 * and notice periods of their own on later dates. The planner pages the due-date index onto the in-process queue; the sender drains it, unpaced,
 * into the SES emulator. Reported per table size: items read per reminder sent, the planner's and the
 * whole run's time, sends a second, and this process's peak heap and RSS while it runs (the planner, the
 * queue's messages and the sender share the process; the planner holds one page at a time).
 *
 * Sizes: BENCH_REMINDERS_DUE (default 1,000) and BENCH_REMINDERS_TABLE_SIZES (comma-separated, default
 * 10,000 and 100,000; 10,000 with --quick). Issue 11's goal:
 *     BENCH_REMINDERS_DUE=100000 BENCH_REMINDERS_TABLE_SIZES=100000,1000000 npm run bench -- --only=reminders
 * Each owner has DUE_PER_OWNER reminders due that day (as before: 1,000 due among 100 owners): six
 * renewals, two trials' ends and two cancel-by dates.
 */
const DUE = Number(process.env.BENCH_REMINDERS_DUE ?? 1000);
const SIZES = (process.env.BENCH_REMINDERS_TABLE_SIZES ?? (quick ? '10000' : '10000,100000')).split(',').map(Number);
const DUE_PER_OWNER = 10;
/** BatchWriteItem calls in flight while loading (25 items each). */
const WRITES_AT_ONCE = 32;

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
 * The planner by itself for the run date, its messages counted and dropped (no queue, no sender): the
 * growth of this process's peak heap and RSS while it plans. Its checkpoints are then deleted, so the
 * full run after it plans the date again.
 */
async function plannerAlone(tableName: string, runDate: string) {
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
    await planReminders({ now: new Date(`${runDate}T08:00:00Z`), log: createLogger({ bench: 'planner' }) });
  } finally {
    installReminderQueue(stackQueue);
  }
  const peak = peaks();
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `REMINDERPLAN#${runDate}` },
    }),
  );
  for (const { pk, sk } of Items) await dynamo().send(new DeleteCommand({ TableName: tableName, Key: { pk, sk } }));
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
    role: 'member',
    accountStatus: 'active',
    timeZone: 'UTC',
    currencyPreference: 'USD',
    tokenVersion: 1,
  });
  let serial = 0;
  const createdAt = new Date().toISOString();
  const subscription = (
    dueDate: string,
    userIndex: number,
    active: boolean,
    extra: { trialEndsAt?: string; noticeDays?: number; currency?: string } = {},
  ): object[] => {
    const id = `bench-sub-${serial++}`;
    const userId = `bench-${userIndex}`;
    const item = {
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
    // With its trial-end and cancel-by entries, as the subscriptions function writes them.
    return [item, ...reminderEventItems(item)];
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
  const rows = [];
  let total = 0;
  for (const [n, size] of SIZES.entries()) {
    const runDate = addDays('2040-01-10', 400 * n);
    const loadStarted = Date.now();
    // Owner i has DUE_PER_OWNER reminders due, half 3 days, half 10 days after the run date: six renewals,
    // two trials that end then (first charged 40 days later), two cancel-by dates (renewing 30 days later).
    await write(DUE, (i) => {
      const date = addDays(runDate, i % 2 ? 10 : 3);
      const owner = Math.floor(i / DUE_PER_OWNER);
      const slot = i % DUE_PER_OWNER;
      if (slot < 6) return subscription(date, owner, true, { currency: slot < 3 ? 'EUR' : 'USD' });
      if (slot < 8) return subscription(addDays(date, 40), owner, true, { trialEndsAt: date, currency: 'EUR' });
      return subscription(addDays(date, 30), owner, true, { noticeDays: 30 });
    });
    // The rest of the table: due on 3,000 later dates, one in five canceled (no index entries), one in
    // seven with a trial and one in eleven with a notice period, ending and to cancel on later dates too.
    await write(Math.max(0, size - total - DUE), (i) =>
      subscription(addDays('2045-01-01', i % 3000), i % owners, i % 5 !== 0, {
        ...(i % 7 === 0 ? { trialEndsAt: addDays('2045-01-01', (i % 3000) - 20) } : {}),
        ...(i % 11 === 0 ? { noticeDays: 14 } : {}),
      }),
    );
    const loadSeconds = (Date.now() - loadStarted) / 1000;
    total = size;
    const planner = await plannerAlone(stack.tableName, runDate);
    const before = process.memoryUsage();
    const peaks = memoryPeaks();
    const summary = await json(`${stack.url}/_local/reminders?date=${runDate}`, { method: 'POST' });
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
  table(`Reminders (${DUE.toLocaleString('en-US')} due; DynamoDB Local + in-process queue + SES emulator, unpaced)`, rows);
  table('The emulators alone: update, SendEmail, update per reminder (the floor of sent / s)', [await emulatorFloor(stack.tableName)]);
}
