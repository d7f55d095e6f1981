import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReminderMessage } from '../../functions/reminders/message.js';
import type { ReminderConsumer } from '../../local/reminder-queue.js';
import { addDays } from '../../shared/domain/dates.js';
import { apiUrl, call, getItem, mailsTo, runFunctionsInThisProcess, type SignedInUser, signedInUser, stack, table } from './helpers.js';

/**
 * The reminder pipeline end to end (issue 11 §1): the real planner, the local in-process queue and the
 * real sender, in this test's process, with SES reached through a front that passes mail on to the
 * stack's SES emulator or fails it as SES would: refused for good, unavailable for a while, or
 * unavailable for ever; or kills the sender's process in the middle of its batch.
 */
const BASE_DATE = '2039-01-01';
let dates = 0;
/** A run date no other test here or elsewhere uses. */
const freshDate = () => addDays(BASE_DATE, 40 * dates++);

type Fault = { kind: 'reject' } | { kind: 'unavailable'; times: number } | { kind: 'kill' };
const faults = new Map<string, Fault>();
let sesFront: Server;
let senderProcess: ChildProcess | undefined;

const readBody = async (req: IncomingMessage) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
};

const sesError = (code: string, message: string) =>
  `<ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>front</RequestId></ErrorResponse>`;

/** The SES endpoint the functions get: the emulator behind it, unless a fault is set for the recipient. */
async function startSesFront(emulator: string): Promise<string> {
  sesFront = createServer(async (req, res) => {
    const body = await readBody(req);
    const to = new URLSearchParams(body).get('Destinations.member.1') ?? '';
    const fault = faults.get(to);
    if (fault?.kind === 'kill') {
      faults.delete(to);
      senderProcess?.kill('SIGKILL');
      res.destroy();
      return;
    }
    if (fault?.kind === 'reject') {
      res.writeHead(400, { 'content-type': 'text/xml' }).end(sesError('MessageRejected', 'Email address is on the suppression list.'));
      return;
    }
    if (fault?.kind === 'unavailable' && fault.times > 0) {
      fault.times--;
      res.writeHead(503, { 'content-type': 'text/xml' }).end(sesError('ServiceUnavailable', 'Service is unavailable.'));
      return;
    }
    const answer = await fetch(emulator + req.url, {
      method: req.method,
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && !/^(host|content-length|connection)$/.test(entry[0]),
        ),
      ),
      body,
    });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/xml' }).end(await answer.text());
  });
  await new Promise<void>((resolve) => sesFront.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(sesFront.address() as AddressInfo).port}`;
}

/** Short timings, so a redelivery comes in seconds: a claim times out after 1 s, a message is invisible for 2 s. */
const TIMINGS = { visibilityTimeoutMs: 2000, maxReceiveCount: 3, concurrency: 2, delayMsPerSecond: 2 };

let local: typeof import('../../local/functions.js');
let restoreEnvironment = () => {};

beforeAll(async () => {
  const ses = await startSesFront(stack.mailboxUrl);
  // The functions' environment, as the local stack sets it, SES reached through the front.
  restoreEnvironment = runFunctionsInThisProcess({
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: stack.dynamoEndpoint,
    AWS_ENDPOINT_URL_SES: ses,
    TABLE_NAME: stack.tableName,
    PUBLIC_URL: apiUrl(),
    SENDER_EMAIL: 'reminders@example.com',
    LOG_LEVEL: 'silent',
    REMINDER_QUEUE: 'in-process',
    REMINDER_CLAIM_TIMEOUT_SECONDS: '1',
  });
  local = await import('../../local/functions.js');
});
afterAll(() => restoreEnvironment());
afterAll(() => new Promise<void>((resolve) => sesFront?.close(() => resolve())));

async function subscribe(user: SignedInUser, name: string, dueDate: string) {
  const answer = await call('POST', '/api/subscriptions', {
    token: user.token,
    body: { name, amount: 10, category: 'streaming', dueDate },
  });
  expect(answer.status).toBe(201);
  return answer.body as { id: string; dueDate: string };
}

const reminderSubjects = async (user: SignedInUser) =>
  (await mailsTo(user.email)).filter((m) => m.subject.startsWith('Reminder:')).map((m) => m.subject);

/** Users with one subscription each, due ten days after `date`. */
async function usersWithReminders(date: string, count: number) {
  const users = await Promise.all(Array.from({ length: count }, () => signedInUser()));
  const subscriptions = [];
  for (const [i, user] of users.entries()) subscriptions.push(await subscribe(user, `Plan${i}`, addDays(date, 10)));
  return { users, subscriptions };
}

describe('the reminder pipeline with SES failures', () => {
  it('marks a permanently refused reminder failed, sends the others, and fails no batch', async () => {
    const date = freshDate();
    const { users, subscriptions } = await usersWithReminders(date, 3);
    faults.set(users[0].email, { kind: 'reject' });
    const reminders = await local.localReminders({ ...TIMINGS, claimTimeoutSeconds: 1 });
    const summary = await reminders.run({ date });
    expect(summary).toMatchObject({ due: 3, queued: 3, sent: 2, failed: 1, retried: 0, deadLettered: 0 });
    expect(await reminderSubjects(users[0])).toEqual([]);
    expect(await reminderSubjects(users[1])).toEqual(['Reminder: Plan1 renews in 10 days ($10.00)']);
    expect(await reminderSubjects(users[2])).toEqual(['Reminder: Plan2 renews in 10 days ($10.00)']);
    expect(await getItem(`REMINDER#${subscriptions[0].id}#${subscriptions[0].dueDate}#renewal-10d`, 'SENT')).toMatchObject({
      status: 'failed',
      reason: 'MessageRejected',
    });
  });

  it('answers the refused reminder as done in the batch response, by its error name (a suppressed address too)', async () => {
    const { handler } = await import('../../functions/reminders/sender.js');
    const date = freshDate();
    const { users, subscriptions } = await usersWithReminders(date, 2);
    faults.set(users[0].email, { kind: 'reject' });
    const event: SQSEvent = {
      Records: users.map((user, i) => sqsRecord(`m${i}`, message(date, user, subscriptions[i], `Plan${i}`))),
    };
    expect(await handler(event)).toEqual({ batchItemFailures: [] });
    expect(await reminderSubjects(users[1])).toHaveLength(1);
    const { isPermanentSendError } = await import('../../functions/reminders/sender.js');
    const { UndeliverableAddressError } = await import('../../functions/lib/email/email.js');
    const suppressed = Object.assign(new Error('suppressed'), { name: 'EmailSuppressedError' });
    // An address stored before the mailer's rule (shared/domain/email-address.ts) is no passing failure either.
    const undeliverable = new UndeliverableAddressError('x@exämple.com');
    expect(
      [suppressed, undeliverable, Object.assign(new Error('x'), { name: 'Throttling' })].map((error) => isPermanentSendError(error)),
    ).toEqual([true, true, false]);
  });

  it('retries a passing failure after the visibility timeout and sends it once', async () => {
    const date = freshDate();
    const { users } = await usersWithReminders(date, 2);
    // One delivery makes three SES attempts (the SDK's retries): all three fail, the next delivery passes.
    faults.set(users[0].email, { kind: 'unavailable', times: 3 });
    const reminders = await local.localReminders({ ...TIMINGS, claimTimeoutSeconds: 1 });
    const summary = await reminders.run({ date });
    expect(summary).toMatchObject({ due: 2, sent: 2, failed: 0, retried: 1, deadLettered: 0 });
    expect(await reminderSubjects(users[0])).toEqual(['Reminder: Plan0 renews in 10 days ($10.00)']);
  });

  it('dead-letters a reminder that keeps failing, after maxReceiveCount deliveries, and releases its claim', async () => {
    const date = freshDate();
    const { users, subscriptions } = await usersWithReminders(date, 2);
    faults.set(users[0].email, { kind: 'unavailable', times: Number.POSITIVE_INFINITY });
    const reminders = await local.localReminders({ ...TIMINGS, claimTimeoutSeconds: 1 });
    const summary = await reminders.run({ date });
    faults.delete(users[0].email);
    expect(summary).toMatchObject({ due: 2, sent: 1, retried: TIMINGS.maxReceiveCount, deadLettered: 1 });
    const [dead] = reminders.queue.deadLetters();
    expect(dead.receiveCount).toBe(TIMINGS.maxReceiveCount);
    expect(JSON.parse(dead.body)).toMatchObject({ subscription: { id: subscriptions[0].id }, recipient: { email: users[0].email } });
    expect(await reminderSubjects(users[0])).toEqual([]);
    expect(await getItem(`REMINDER#${subscriptions[0].id}#${subscriptions[0].dueDate}#renewal-10d`, 'SENT')).toMatchObject({
      status: 'released',
    });
  });
});

describe('exactly once', () => {
  it('a sender killed between claim and send loses nothing and doubles nothing: the redelivery sends', async () => {
    const date = freshDate();
    const { users } = await usersWithReminders(date, 4);
    faults.set(users[1].email, { kind: 'kill' });
    let processes = 0;
    // The sender as Lambda runs it, one process per batch; a process that dies reports nothing.
    const senderInProcess: ReminderConsumer = (event) =>
      new Promise((resolve, reject) => {
        processes++;
        const child = spawn(
          process.execPath,
          [join(process.cwd(), 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'test/api/reminder-sender-process.ts'],
          {
            env: process.env,
            stdio: ['pipe', 'pipe', 'inherit'],
          },
        );
        senderProcess = child;
        let out = '';
        child.stdout?.on('data', (chunk) => (out += chunk));
        child.on('exit', (code, signal) =>
          code === 0 ? resolve(JSON.parse(out) as SQSBatchResponse) : reject(new Error(`sender died (${signal ?? code})`)),
        );
        child.stdin?.end(JSON.stringify(event));
      });
    const reminders = await local.localReminders({ ...TIMINGS, concurrency: 1, claimTimeoutSeconds: 1 }, senderInProcess);
    const summary = await reminders.run({ date });
    // The killed batch comes back whole; a later delivery may find the claim still young and hand it back once more.
    expect(processes).toBeGreaterThanOrEqual(2);
    expect(summary).toMatchObject({ due: 4, deadLettered: 0 });
    expect(summary.retried).toBeGreaterThanOrEqual(4);
    for (const [i, user] of users.entries())
      expect(await reminderSubjects(user)).toEqual([`Reminder: Plan${i} renews in 10 days ($10.00)`]);
  }, 60_000);

  it('a second planner run for a date queues nothing; one that lost its checkpoints queues again, and the claims send nothing twice', async () => {
    const date = freshDate();
    const { users } = await usersWithReminders(date, 2);
    const reminders = await local.localReminders({ ...TIMINGS, claimTimeoutSeconds: 1 });
    const first = await reminders.run({ date });
    expect(first).toMatchObject({ due: 2, queued: 2, sent: 2 });
    expect(await reminders.run({ date })).toMatchObject({ due: 2, queued: 0, sent: 0 });
    const { client, name } = table();
    const Items = [];
    // One checkpoint per hour: the 24 up to the run's instant (08:00 UTC), from 09:00 the day before.
    for (const day of [addDays(date, -1), date]) {
      const answer = await client.send(
        new QueryCommand({
          TableName: name,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `REMINDERPLAN#${day}` },
        }),
      );
      Items.push(...(answer.Items ?? []));
    }
    expect(first.hours).toEqual(
      Array.from({ length: 24 }, (_, i) => new Date(Date.parse(`${date}T08:00:00Z`) - (23 - i) * 3_600_000).toISOString().slice(0, 13)),
    );
    expect(Items.map((item) => String(item.sk)).sort((a, b) => a.localeCompare(b))).toEqual(
      first.hours.map((hour: string) => `REMINDAT#${hour}`),
    );
    for (const item of Items) await client.send(new DeleteCommand({ TableName: name, Key: { pk: item.pk, sk: item.sk } }));
    const again = await reminders.run({ date });
    expect(again).toMatchObject({ queued: 2, sent: 0, skipped: { alreadySent: 2 } });
    for (const user of users) expect(await reminderSubjects(user)).toHaveLength(1);
  });
});

describe('the planner', () => {
  it('resumes after the last page it queued when a run dies mid-way', async () => {
    const { planReminders } = await import('../../functions/reminders/planner.js');
    const { installReminderQueue } = await import('../../functions/reminders/queue.js');
    const { createLogger } = await import('../../functions/lib/chassis/log.js');
    const date = freshDate();
    await usersWithReminders(date, 3);
    const queued: ReminderMessage[] = [];
    let calls = 0;
    installReminderQueue({
      async enqueue(messages) {
        if (messages.length > 0 && ++calls === 2) throw new Error('the planner dies here');
        queued.push(...(messages as ReminderMessage[]));
      },
    });
    const now = new Date(`${date}T08:00:00Z`);
    const log = createLogger();
    await expect(planReminders({ now, log, pageSize: 1 })).rejects.toThrow('the planner dies here');
    expect(queued).toHaveLength(1);
    const resumed = await planReminders({ now, log, pageSize: 1 });
    expect(resumed).toMatchObject({ due: 3, queued: 2, complete: true });
    expect(new Set(queued.map((m) => m.subscription.id)).size).toBe(3);
  });

  it("runs for the schedule's nominal time, and stops at its deadline so Lambda's retry resumes", async () => {
    const { handler } = await import('../../functions/reminders/planner.js');
    const date = freshDate();
    const { users } = await usersWithReminders(date, 1);
    const reminders = await local.localReminders({ ...TIMINGS, claimTimeoutSeconds: 1 });
    const at = { scheduledTime: `${date}T08:00:00Z` };
    await expect(handler(at, { getRemainingTimeInMillis: () => 0 })).rejects.toThrow(
      `Reminder plan for ${date}T08:00:00.000Z incomplete at the deadline: 0 reminders queued so far; a retry resumes where it stopped`,
    );
    expect(await handler(at, { getRemainingTimeInMillis: () => 600_000 })).toMatchObject({ date, due: 1, queued: 1, complete: true });
    await reminders.queue.drained();
    expect(await reminderSubjects(users[0])).toEqual(['Reminder: Plan0 renews in 10 days ($10.00)']);
  });
});

function message(date: string, user: SignedInUser, subscription: { id: string; dueDate: string }, name: string): ReminderMessage {
  return {
    date,
    event: 'renewal',
    rule: { event: 'renewal', offset: 10, unit: 'days', channels: ['email'], source: 'default' },
    subscription: {
      id: subscription.id,
      name,
      amount: 10,
      currency: 'USD',
      billingCycle: 'monthly',
      cycleInterval: 1,
      dueDate: subscription.dueDate,
      category: 'streaming',
      autoRenew: false,
      trialEndsAt: null,
      cancelBy: null,
      noticeDays: null,
      endsAt: null,
    },
    recipient: { userId: user.id, email: user.email, displayName: user.username, currency: 'USD' },
  };
}

function sqsRecord(messageId: string, body: ReminderMessage): SQSEvent['Records'][number] {
  return {
    messageId,
    receiptHandle: messageId,
    body: JSON.stringify(body),
    attributes: { ApproximateReceiveCount: '1', SentTimestamp: '0', SenderId: 'test', ApproximateFirstReceiveTimestamp: '0' },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:local:000000000000:reminders',
    awsRegion: 'local',
  };
}
