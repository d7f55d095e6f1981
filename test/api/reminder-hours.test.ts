import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, call, getItem, mailsTo, type SignedInUser, setAttributes, setRoleAsOwner, signedInUser, table } from './helpers.js';

/**
 * Reminders by rules at the user's hour in the user's time zone (issue 25 §1), on the local stack: runs as
 * of chosen instants (POST /_local/reminders?at=…, what `npm run reminders -- --at` calls), mail read from
 * the SES emulator. Every run looks at the 24 hours up to its instant that were not planned yet.
 */
interface RunSummary {
  at: string;
  hours: string[];
  due: number;
  queued: number;
  sent: number;
  failed: number;
  read: number;
  itemsRead: number;
  skipped: Record<string, number>;
  backfill: { done: boolean; users: number };
}

async function runAt(at: string): Promise<RunSummary> {
  const response = await fetch(`${apiUrl()}/_local/reminders?at=${encodeURIComponent(at)}`, { method: 'POST' });
  expect(response.status).toBe(200);
  return (await response.json()) as RunSummary;
}

async function subscribe(user: SignedInUser, body: Record<string, unknown>) {
  const answer = await call('POST', '/api/subscriptions', { token: user.token, body: { amount: 10, category: 'streaming', ...body } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { id: string; dueDate: string };
}

async function settings(user: SignedInUser, body: Record<string, unknown>) {
  const answer = await call('PUT', '/api/auth/settings', { token: user.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

const subjects = async (user: SignedInUser) =>
  (await mailsTo(user.email))
    .filter((m) => m.subject.startsWith('Reminder:'))
    .map((m) => m.subject)
    .sort((a, b) => a.localeCompare(b));

describe('a VIP with rules of their own, at 20:00 in New York', () => {
  let vip: SignedInUser;

  beforeAll(async () => {
    vip = await signedInUser('vip');
    await settings(vip, { timeZone: 'America/New_York', reminderHour: 20 });
    const rules = await call('PUT', '/api/reminders/rules', {
      token: vip.token,
      body: {
        rules: [
          { event: 'renewal', offset: 2, unit: 'weeks', channels: ['email'] },
          { event: 'renewal', offset: 1, unit: 'days', channels: ['email'] },
          { event: 'trialEnd', offset: 12, unit: 'hours', channels: ['email'] },
        ],
      },
    });
    expect(rules.status, JSON.stringify(rules.body)).toBe(200);
    await subscribe(vip, { name: 'Gym', dueDate: '2036-03-20' });
    await subscribe(vip, { name: 'Trial', dueDate: '2036-04-10', trialEndsAt: '2036-03-10' });
  });

  it('gets the two-week reminder at 20:00 New York time (01:00 UTC the next day), not an hour before', async () => {
    await runAt('2036-03-07T00:00:00Z');
    expect(await subjects(vip)).toEqual([]);
    const run = await runAt('2036-03-07T01:00:00Z');
    expect(run).toMatchObject({ due: 1, queued: 1, sent: 1, failed: 0 });
    expect(await subjects(vip)).toEqual(['Reminder: Gym renews in 2 weeks ($10.00)']);
  });

  it("gets the trial's reminder 12 hours before its end at their hour, after the clocks changed (EDT)", async () => {
    await runAt('2036-03-10T11:00:00Z');
    expect((await subjects(vip)).filter((s) => s.includes('Trial'))).toEqual([]);
    await runAt('2036-03-10T12:00:00Z');
    expect((await subjects(vip)).filter((s) => s.includes('Trial'))).toEqual([
      'Reminder: Your free trial of Trial ends in 12 hours \u2014 it then costs $10.00/month',
    ]);
  });

  it('gets a reminder whose run was missed late, within 24 hours, and never twice', async () => {
    // The 1-day reminder goes out at 20:00 EDT on Mar 19 = 00:00 UTC on Mar 20; the runs of 00:00–04:00 were missed.
    const late = await runAt('2036-03-20T05:00:00Z');
    expect(late).toMatchObject({ due: 1, queued: 1, sent: 1 });
    const again = await runAt('2036-03-20T06:00:00Z');
    expect(again).toMatchObject({ queued: 0, sent: 0 });
    expect((await subjects(vip)).filter((s) => s.includes('Gym'))).toEqual([
      'Reminder: Gym renews in 2 weeks ($10.00)',
      'Reminder: Gym renews tomorrow ($10.00)',
    ]);
  });

  it('reads about one item per reminder: its index entry (and the owner once)', async () => {
    const run = await runAt('2036-03-20T07:00:00Z');
    expect(run.hours).toHaveLength(24);
    expect(run.hours.at(-1)).toBe('2036-03-20T07');
    expect(run.itemsRead).toBeLessThanOrEqual(run.read * 2);
  });
});

describe('a member', () => {
  it("gets exactly SPEC's reminders, 10 and 3 days before, at 08:00 in their time zone (Tokyo: 23:00 UTC the day before)", async () => {
    const member = await signedInUser();
    await settings(member, { timeZone: 'Asia/Tokyo' });
    await subscribe(member, { name: 'Paper', dueDate: '2036-05-20' });
    await runAt('2036-05-09T22:00:00Z');
    expect(await subjects(member)).toEqual([]);
    await runAt('2036-05-09T23:00:00Z');
    expect(await subjects(member)).toEqual(['Reminder: Paper renews in 10 days ($10.00)']);
    await runAt('2036-05-16T23:00:00Z');
    await runAt('2036-05-19T23:00:00Z');
    expect(await subjects(member)).toEqual(['Reminder: Paper renews in 10 days ($10.00)', 'Reminder: Paper renews in 3 days ($10.00)']);
  });

  it('has their next reminder moved when they change their hour or their time zone', async () => {
    const member = await signedInUser();
    await subscribe(member, { name: 'Cloud', dueDate: '2036-07-20' });
    await settings(member, { reminderHour: 18 });
    await runAt('2036-07-10T08:00:00Z');
    expect(await subjects(member)).toEqual([]);
    await runAt('2036-07-10T18:00:00Z');
    expect(await subjects(member)).toEqual(['Reminder: Cloud renews in 10 days ($10.00)']);
    // 18:00 in Tokyo is 09:00 UTC.
    await settings(member, { timeZone: 'Asia/Tokyo' });
    await runAt('2036-07-17T09:00:00Z');
    expect(await subjects(member)).toEqual(['Reminder: Cloud renews in 10 days ($10.00)', 'Reminder: Cloud renews in 3 days ($10.00)']);
  });
});

describe('a membership change', () => {
  it("gives a VIP made a member SPEC's reminders, and their own rules back when they are VIP again", async () => {
    const user = await signedInUser('vip');
    const rules = await call('PUT', '/api/reminders/rules', {
      token: user.token,
      body: { rules: [{ event: 'renewal', offset: 5, unit: 'days', channels: ['email'] }] },
    });
    expect(rules.status, JSON.stringify(rules.body)).toBe(200);
    await subscribe(user, { name: 'Magazine', dueDate: '2037-06-20' });
    // The owner's role changes re-index them: a member's 10-day reminder, then the VIP's own 5-day one.
    await setRoleAsOwner(user.id, 'member');
    await runAt('2037-06-10T08:00:00Z');
    expect(await subjects(user)).toEqual(['Reminder: Magazine renews in 10 days ($10.00)']);
    await setRoleAsOwner(user.id, 'vip');
    await runAt('2037-06-15T08:00:00Z');
    await runAt('2037-06-17T08:00:00Z');
    expect(await subjects(user)).toEqual(['Reminder: Magazine renews in 10 days ($10.00)', 'Reminder: Magazine renews in 5 days ($10.00)']);
  });
});

describe('an entry that no longer matches its owner', () => {
  it('sends nothing at its old hour, has the owner re-indexed, and goes out at the hour now in force', async () => {
    const member = await signedInUser();
    await subscribe(member, { name: 'Drifted', dueDate: '2037-02-20' });
    // Changed without the settings route (as a paid term that ends changes the rules without a write).
    await setAttributes(`USER#${member.id}`, 'PROFILE', { reminderHour: 20 });
    const stale = await runAt('2037-02-10T08:00:00Z');
    expect(stale.skipped.changed).toBeGreaterThanOrEqual(1);
    expect(await subjects(member)).toEqual([]);
    await runAt('2037-02-10T20:00:00Z');
    expect(await subjects(member)).toEqual(['Reminder: Drifted renews in 10 days ($10.00)']);
  });
});

describe("a rule's channels", () => {
  let hook: Server;
  const received: string[] = [];

  beforeAll(async () => {
    hook = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push(body);
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => hook.close(() => resolve())));

  it('go out on the channels each rule names: the webhook only for one, the e-mail only for the other', async () => {
    const vip = await signedInUser('vip');
    const channel = await call<{ id: string }>('POST', '/api/channels', {
      token: vip.token,
      body: { type: 'webhook', name: 'Server', config: { url: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook` } },
    });
    expect(channel.status, JSON.stringify(channel.body)).toBe(201);
    const rules = await call('PUT', '/api/reminders/rules', {
      token: vip.token,
      body: {
        rules: [
          { event: 'renewal', offset: 5, unit: 'days', channels: [channel.body.id] },
          { event: 'renewal', offset: 2, unit: 'days', channels: ['email'] },
        ],
      },
    });
    expect(rules.status, JSON.stringify(rules.body)).toBe(200);
    const sub = await subscribe(vip, { name: 'Hosting', dueDate: '2036-09-20' });
    expect(await getItem(`USER#${vip.id}`, `REMIND#${sub.id}#renewal-5d#2036-09-20`)).toMatchObject({
      gsi1pk: 'REMINDAT#2036-09-15T08',
      rule: { channels: [channel.body.id], source: 'account' },
    });
    await runAt('2036-09-15T08:00:00Z');
    expect(received.filter((body) => body.includes('Hosting'))).toHaveLength(1);
    expect(JSON.parse(received.find((body) => body.includes('Hosting')) as string).reminder).toMatchObject({
      title: 'Hosting renews in 5 days',
    });
    expect(await subjects(vip)).toEqual([]);
    await runAt('2036-09-18T08:00:00Z');
    expect(await subjects(vip)).toEqual(['Reminder: Hosting renews in 2 days ($10.00)']);
    expect(received.filter((body) => body.includes('Hosting'))).toHaveLength(1);
  });
});

describe('a rule whose only channel was deleted', () => {
  it('goes out by e-mail, so a deleted channel never silences a reminder', async () => {
    const vip = await signedInUser('vip');
    const channel = await call<{ id: string }>('POST', '/api/channels', {
      token: vip.token,
      body: { type: 'webhook', name: 'Gone soon', config: { url: 'http://127.0.0.1:9/hook' } },
    });
    expect(channel.status, JSON.stringify(channel.body)).toBe(201);
    const rules = await call('PUT', '/api/reminders/rules', {
      token: vip.token,
      body: { rules: [{ event: 'renewal', offset: 4, unit: 'days', channels: [channel.body.id] }] },
    });
    expect(rules.status, JSON.stringify(rules.body)).toBe(200);
    await subscribe(vip, { name: 'Orphaned', dueDate: '2036-10-20' });
    expect((await call('DELETE', `/api/channels/${channel.body.id}`, { token: vip.token })).status).toBe(200);
    await runAt('2036-10-16T08:00:00Z');
    expect(await subjects(vip)).toEqual(['Reminder: Orphaned renews in 4 days ($10.00)']);
  });
});

describe('the backfill of subscriptions stored before the reminder index', () => {
  it('indexes them in the next run, once, and their reminders then go out at the user hour', async () => {
    const user = await signedInUser();
    const id = crypto.randomUUID();
    const { client, name } = table();
    // A subscription as stored before issue 25: no index entries, no list of them.
    await client.send(
      new PutCommand({
        TableName: name,
        Item: {
          pk: `USER#${user.id}`,
          sk: `SUB#${id}`,
          id,
          userId: user.id,
          name: 'Legacy',
          amount: 10,
          currency: 'USD',
          category: 'streaming',
          dueDate: '2036-11-20',
          billingCycle: 'monthly',
          autoRenew: false,
          status: 'active',
          deletedAt: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
          gsi1pk: 'DUE#2036-11-20',
          gsi1sk: `USER#${user.id}#SUB#${id}`,
        },
      }),
    );
    // As on a table deployed before the index: the backfill has not run.
    await client.send(new DeleteCommand({ TableName: name, Key: { pk: 'REMINDERINDEX', sk: 'BACKFILL' } }));
    const first = await runAt('2036-11-01T00:00:00Z');
    expect(first.backfill.done).toBe(true);
    expect(first.backfill.users).toBeGreaterThanOrEqual(1);
    expect(await getItem(`USER#${user.id}`, `REMIND#${id}#renewal-10d#2036-11-20`)).toMatchObject({ gsi1pk: 'REMINDAT#2036-11-10T08' });
    expect((await runAt('2036-11-01T01:00:00Z')).backfill).toEqual({ done: true, users: 0 });
    await runAt('2036-11-10T08:00:00Z');
    expect(await subjects(user)).toEqual(['Reminder: Legacy renews in 10 days ($10.00)']);
  });
});

describe('POST /_local/reminders?at=', () => {
  it('rejects an instant that is not ISO 8601', async () => {
    const response = await fetch(`${apiUrl()}/_local/reminders?at=tomorrow`, { method: 'POST' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'at must be an instant written in ISO 8601, e.g. 2031-03-01T20:00:00Z' });
  });
});
