import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Channel, channelMessages, type Delivery, type DeliveryPage, MAX_CHANNELS } from '../../shared/api/channels.js';
import { addDays } from '../../shared/domain/dates.js';
import { apiUrl, call, ownerSession, type SignedInUser, setAttributes, signedInUser, table } from './helpers.js';

/**
 * Reminder channels on the local stack (issue 25 §2, §4): CRUD and its refusals, 'Send test' with the
 * receiver's real answer, a reminder run delivering to ntfy-shaped and webhook receivers on loopback (the
 * local stack sets OUTBOUND_ALLOW_LOOPBACK=1), retries then failure in the deliveries log, and no double send.
 * The outbound guard's refusals with loopback not allowed: test/unit/channels.test.ts.
 */
interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Receiver {
  url: string;
  received: Received[];
  answer: { status: number; body: string; location?: string };
  close: () => Promise<void>;
}

async function receiver(status = 200, body = 'ok'): Promise<Receiver> {
  const received: Received[] = [];
  const state: Receiver['answer'] = { status, body };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      res
        .writeHead(state.status, { 'content-type': 'text/plain', ...(state.location ? { location: state.location } : {}) })
        .end(state.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: state,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const RUN_DATE = '2036-02-10';

async function runFor(date: string) {
  const response = await fetch(`${apiUrl()}/_local/reminders?date=${date}`, { method: 'POST' });
  expect(response.status).toBe(200);
  return (await response.json()) as { sent: number; failed: number; retried: number };
}

async function addChannel(user: SignedInUser, body: Record<string, unknown>) {
  const answer = await call<Channel>('POST', '/api/channels', { token: user.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function subscribe(user: SignedInUser, name: string, dueInDays: number) {
  const answer = await call('POST', '/api/subscriptions', {
    token: user.token,
    body: { name, amount: 12.5, category: 'streaming', dueDate: addDays(RUN_DATE, dueInDays) },
  });
  expect(answer.status).toBe(201);
  return answer.body as { id: string };
}

const deliveriesOf = async (user: SignedInUser) => {
  const answer = await call<DeliveryPage>('GET', '/api/deliveries', { token: user.token });
  expect(answer.status).toBe(200);
  return answer.body.deliveries;
};

const receivers: Receiver[] = [];
const open = async (status = 200, body = 'ok') => {
  const r = await receiver(status, body);
  receivers.push(r);
  return r;
};
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

let vip: SignedInUser;
let premium: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  [vip, premium, member] = await Promise.all([signedInUser('vip'), signedInUser('premium'), signedInUser()]);
});

describe('channels: managing them', () => {
  it('creates a webhook with a signing secret shown in full once, lists it masked, edits and deletes it', async () => {
    const hook = await open();
    const created = await addChannel(vip, { type: 'webhook', name: 'My server', config: { url: `${hook.url}/hooks/subtracker` } });
    expect(created).toMatchObject({ type: 'webhook', name: 'My server', enabled: true });
    const secret = created.config.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const list = await call<Channel[]>('GET', '/api/channels', { token: vip.token });
    expect(list.status).toBe(200);
    const listed = list.body.find((c) => c.id === created.id);
    expect(listed?.config.secret).toBe(`••••${secret.slice(-4)}`);
    expect(JSON.stringify(list.body)).not.toContain(secret);

    const revealed = await call('GET', `/api/channels/${created.id}/secret`, { token: vip.token });
    expect(revealed).toMatchObject({ status: 200, body: { secret } });

    const edited = await call<Channel>('PUT', `/api/channels/${created.id}`, {
      token: vip.token,
      body: { name: 'Home server', enabled: false },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Home server', enabled: false, config: { url: `${hook.url}/hooks/subtracker` } });
    // The URL kept, the secret too.
    expect((await call('GET', `/api/channels/${created.id}/secret`, { token: vip.token })).body.secret).toBe(secret);

    expect(await call('DELETE', `/api/channels/${created.id}`, { token: vip.token })).toMatchObject({
      status: 200,
      body: { message: channelMessages.deleted },
    });
    expect(await call('PUT', `/api/channels/${created.id}`, { token: vip.token, body: { name: 'x' } })).toMatchObject({
      status: 404,
      body: { message: channelMessages.notFound },
    });
  });

  it('masks an ntfy access token and Discord and Slack webhook URLs', async () => {
    const ntfy = await addChannel(premium, {
      type: 'ntfy',
      name: 'Phone',
      config: { topic: 'my-renewals', accessToken: 'tk_abcdefgh1234' },
    });
    expect(ntfy.config).toEqual({ serverUrl: 'https://ntfy.sh', topic: 'my-renewals', accessToken: '••••1234' });
    const discord = await addChannel(premium, {
      type: 'discord',
      name: 'Discord',
      config: { url: 'https://discord.com/api/webhooks/123456/abcDEF_token-xyz9' },
    });
    expect(discord.config.url).toBe('https://discord.com/••••xyz9');
    const slack = await addChannel(premium, {
      type: 'slack',
      name: 'Slack',
      config: { url: 'https://hooks.slack.com/services/T000/B000/XXXXsecret' },
    });
    expect(slack.config.url).toBe('https://hooks.slack.com/••••cret');
    // An edit that leaves the token out keeps it; null removes it.
    const kept = await call<Channel>('PUT', `/api/channels/${ntfy.id}`, {
      token: premium.token,
      body: { config: { topic: 'other-topic' } },
    });
    expect(kept.body.config).toEqual({ serverUrl: 'https://ntfy.sh', topic: 'other-topic', accessToken: '••••1234' });
    const removed = await call<Channel>('PUT', `/api/channels/${ntfy.id}`, {
      token: premium.token,
      body: { config: { topic: 'other-topic', accessToken: null } },
    });
    expect(removed.body.config.accessToken).toBeNull();
    for (const channel of [ntfy, discord, slack])
      expect((await call('DELETE', `/api/channels/${channel.id}`, { token: premium.token })).status).toBe(200);
  });

  it('refuses bad input with the contract’s messages, and writes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: 'pager', name: 'x', config: {} }, channelMessages.typeInvalid],
      [{ type: 'webhook', name: '  ', config: { url: 'https://example.com' } }, channelMessages.nameRequired],
      [{ type: 'webhook', name: 'x'.repeat(61), config: { url: 'https://example.com' } }, channelMessages.nameTooLong],
      [{ type: 'webhook', name: 'x', config: { url: 'ftp://example.com' } }, channelMessages.webhookUrlInvalid],
      [{ type: 'ntfy', name: 'x', config: { topic: 'has spaces' } }, channelMessages.topicInvalid],
      [{ type: 'ntfy', name: 'x', config: { serverUrl: 'ntfy.sh', topic: 'ok' } }, channelMessages.serverUrlInvalid],
      [{ type: 'ntfy', name: 'x', config: { serverUrl: 'https://example.com/ntfy?x=1', topic: 'ok' } }, channelMessages.serverUrlInvalid],
      [{ type: 'ntfy', name: 'x', config: { serverUrl: 'https://me:pw@example.com/ntfy', topic: 'ok' } }, channelMessages.serverUrlInvalid],
      [{ type: 'discord', name: 'x', config: { url: 'https://example.com/api/webhooks/1/abc' } }, channelMessages.discordUrlInvalid],
      [{ type: 'slack', name: 'x', config: { url: 'https://hooks.slack.com/other/T/B/X' } }, channelMessages.slackUrlInvalid],
      [{ type: 'webhook', name: 'x', config: 'https://example.com' }, channelMessages.configInvalid],
    ];
    for (const [body, message] of cases) {
      const answer = await call('POST', '/api/channels', { token: vip.token, body });
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, body: { message } });
    }
    expect((await call<Channel[]>('GET', '/api/channels', { token: vip.token })).body).toEqual([]);
  });

  it(`keeps at most ${MAX_CHANNELS} channels a user`, async () => {
    const user = await signedInUser('premium');
    for (let i = 0; i < MAX_CHANNELS; i++) await addChannel(user, { type: 'ntfy', name: `Topic ${i}`, config: { topic: `topic-${i}` } });
    const refused = await call('POST', '/api/channels', {
      token: user.token,
      body: { type: 'ntfy', name: 'One more', config: { topic: 'more' } },
    });
    expect(refused).toMatchObject({ status: 409, body: { message: channelMessages.tooMany } });
  });

  it(`keeps the limit under ${MAX_CHANNELS + 4} concurrent creations (issue 34 §11), and a delete frees a place`, async () => {
    const user = await signedInUser('premium');
    const answers = await Promise.all(
      Array.from({ length: MAX_CHANNELS + 4 }, (_, i) =>
        call<Channel>('POST', '/api/channels', {
          token: user.token,
          body: { type: 'ntfy', name: `Topic ${i}`, config: { topic: `t${i}` } },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(MAX_CHANNELS);
    for (const refused of answers.filter((a) => a.status !== 201))
      expect(refused).toMatchObject({ status: 409, body: { message: channelMessages.tooMany } });
    const list = await call<Channel[]>('GET', '/api/channels', { token: user.token });
    expect(list.body).toHaveLength(MAX_CHANNELS);
    expect((await call('DELETE', `/api/channels/${list.body[0].id}`, { token: user.token })).status).toBe(200);
    const more = [0, 1].map((i) => ({ type: 'ntfy', name: `More ${i}`, config: { topic: `m${i}` } }));
    expect((await call('POST', '/api/channels', { token: user.token, body: more[0] })).status).toBe(201);
    expect((await call('POST', '/api/channels', { token: user.token, body: more[1] })).status).toBe(409);
  });

  it('counts the channels of a profile that never kept their count (made before it was kept)', async () => {
    const user = await signedInUser('premium');
    const made: Channel[] = [];
    for (let i = 0; i < MAX_CHANNELS; i++)
      made.push(await addChannel(user, { type: 'ntfy', name: `Topic ${i}`, config: { topic: `t${i}` } }));
    const { client, name } = table();
    await client.send(
      new UpdateCommand({ TableName: name, Key: { pk: `USER#${user.id}`, sk: 'PROFILE' }, UpdateExpression: 'REMOVE channelCount' }),
    );
    const body = { type: 'ntfy', name: 'One more', config: { topic: 'more' } };
    expect(await call('POST', '/api/channels', { token: user.token, body })).toMatchObject({
      status: 409,
      body: { message: channelMessages.tooMany },
    });
    await client.send(
      new UpdateCommand({ TableName: name, Key: { pk: `USER#${user.id}`, sk: 'PROFILE' }, UpdateExpression: 'REMOVE channelCount' }),
    );
    expect((await call('DELETE', `/api/channels/${made[0].id}`, { token: user.token })).status).toBe(200);
    expect((await call('POST', '/api/channels', { token: user.token, body })).status).toBe(201);
    expect((await call('POST', '/api/channels', { token: user.token, body })).status).toBe(409);
    expect((await call<Channel[]>('GET', '/api/channels', { token: user.token })).body).toHaveLength(MAX_CHANNELS);
  });

  it('tells a member how to get channels (403), and shows them their deliveries', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/channels', undefined],
      ['POST', '/api/channels', { type: 'ntfy', name: 'x', config: { topic: 'x' } }],
    ] as const) {
      expect(await call(method, path, { token: member.token, body })).toMatchObject({
        status: 403,
        body: { message: channelMessages.paidOnly },
      });
    }
    expect(await call('GET', '/api/deliveries', { token: member.token })).toMatchObject({
      status: 200,
      body: { deliveries: [], nextCursor: null },
    });
  });

  it("answers 404 for another user's channel, whatever the route", async () => {
    const hook = await open();
    const mine = await addChannel(vip, { type: 'webhook', name: 'Mine', config: { url: hook.url } });
    for (const [method, path] of [
      ['PUT', `/api/channels/${mine.id}`],
      ['DELETE', `/api/channels/${mine.id}`],
      ['POST', `/api/channels/${mine.id}/test`],
      ['GET', `/api/channels/${mine.id}/secret`],
    ] as const) {
      const answer = await call(method, path, { token: premium.token, body: method === 'PUT' ? { name: 'Taken' } : undefined });
      expect(answer, `${method} ${path}`).toMatchObject({ status: 404, body: { message: channelMessages.notFound } });
    }
    expect(hook.received).toHaveLength(0);
    expect((await call('DELETE', `/api/channels/${mine.id}`, { token: vip.token })).status).toBe(200);
  });
});

describe('channels: Send test', () => {
  it("answers the receiver's real answer: a 500 and its body, then a 200", async () => {
    const hook = await open(500, 'database on fire');
    const channel = await addChannel(vip, { type: 'webhook', name: 'Flaky', config: { url: `${hook.url}/in` } });
    const failed = await call('POST', `/api/channels/${channel.id}/test`, { token: vip.token });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ ok: false, status: 500, body: 'database on fire', error: 'The server answered 500' });
    hook.answer.status = 200;
    hook.answer.body = 'thanks';
    const sent = await call('POST', `/api/channels/${channel.id}/test`, { token: vip.token });
    expect(sent.body).toMatchObject({ ok: true, status: 200, body: 'thanks', error: null });
    const payload = JSON.parse(hook.received[1].body);
    expect(payload).toMatchObject({ event: 'reminder.test', subscription: { name: 'Netflix Premium' } });
    expect(payload.reminder.title).toMatch(/^\[Test\] Netflix Premium renews in 3 days$/);
    expect((await call('DELETE', `/api/channels/${channel.id}`, { token: vip.token })).status).toBe(200);
  });

  it('answers a refused connection and a redirect, which is not followed', async () => {
    const gone = await open();
    await gone.close();
    const target = await open();
    const redirecting = await open(302, '');
    redirecting.answer.location = `${target.url}/in`;
    const closed = await addChannel(vip, { type: 'webhook', name: 'Closed', config: { url: gone.url } });
    expect((await call('POST', `/api/channels/${closed.id}/test`, { token: vip.token })).body).toMatchObject({
      ok: false,
      status: null,
      error: 'Connection refused',
    });
    const moved = await addChannel(vip, { type: 'webhook', name: 'Moved', config: { url: redirecting.url } });
    const answer = await call('POST', `/api/channels/${moved.id}/test`, { token: vip.token });
    expect(answer.body).toMatchObject({ ok: false, status: 302 });
    expect(answer.body.error).toBe(`Redirect to ${target.url}/in not followed`);
    expect(target.received).toHaveLength(0);
    for (const channel of [closed, moved]) await call('DELETE', `/api/channels/${channel.id}`, { token: vip.token });
  });
});

describe('channels: Telegram, Gotify and Pushover (issue 37 §5)', () => {
  it('keeps their secrets masked after saving, and an edit without one keeps it', async () => {
    const telegram = await addChannel(vip, {
      type: 'telegram',
      name: 'Phone',
      config: { botToken: '123456789:AAEhBOweik6ad9r_QXMENQjcrGbqCr4K-bs', chatId: '-1001234567890' },
    });
    expect(telegram.config).toEqual({ botToken: '••••K-bs', chatId: '-1001234567890' });
    const renamed = await call<Channel>('PUT', `/api/channels/${telegram.id}`, {
      token: vip.token,
      body: { name: 'My phone', config: { chatId: '@renewals_channel' } },
    });
    expect(renamed.body.config).toEqual({ botToken: '••••K-bs', chatId: '@renewals_channel' });
    const pushover = await addChannel(vip, {
      type: 'pushover',
      name: 'Pushover',
      config: { userKey: 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG', appToken: 'azGDORePK8gMaC0QOYAMyEEuzJnyUi' },
    });
    expect(pushover.config).toEqual({ userKey: '••••VRsG', appToken: '••••nyUi' });
    const refused = await call('POST', '/api/channels', {
      token: vip.token,
      body: { type: 'pushover', name: 'x', config: { userKey: 'short', appToken: 'azGDORePK8gMaC0QOYAMyEEuzJnyUi' } },
    });
    expect(refused).toMatchObject({ status: 400, body: { message: channelMessages.pushoverUserKeyInvalid } });
    for (const channel of [telegram, pushover]) await call('DELETE', `/api/channels/${channel.id}`, { token: vip.token });
  });

  it('sends a Gotify test to a server behind a path prefix, its app token as X-Gotify-Key, logged as a test', async () => {
    const server = await open();
    const gotify = await addChannel(vip, {
      type: 'gotify',
      name: 'Home server',
      config: { serverUrl: `${server.url}/gotify/`, appToken: 'AbCdEf.gh-ij_KL' },
    });
    expect(gotify.config).toEqual({ serverUrl: `${server.url}/gotify`, appToken: '••••j_KL' });
    const sent = await call('POST', `/api/channels/${gotify.id}/test`, { token: vip.token });
    expect(sent.body).toMatchObject({ ok: true, status: 200 });
    const [request] = server.received;
    expect(request).toMatchObject({ method: 'POST', path: '/gotify/message', headers: { 'x-gotify-key': 'AbCdEf.gh-ij_KL' } });
    expect(JSON.parse(request.body)).toMatchObject({ title: '[Test] Netflix Premium renews in 3 days', priority: 5 });
    const logged = (await deliveriesOf(vip)).find((delivery) => delivery.channel?.name === 'Home server');
    expect(logged).toMatchObject({ channel: { type: 'gotify', name: 'Home server' }, status: 'sent', test: true });
    await call('DELETE', `/api/channels/${gotify.id}`, { token: vip.token });
  });
});

describe('channels: Send test is no request amplifier (issue 34 §3)', () => {
  it('sends at most 5 tests a channel in 15 minutes, then answers 429 with Retry-After; each is in the deliveries log', async () => {
    const user = await signedInUser('vip');
    const hook = await open();
    const channel = await addChannel(user, { type: 'webhook', name: 'Tested', config: { url: hook.url } });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', `/api/channels/${channel.id}/test`, { token: user.token })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 429, body: { message: channelMessages.tooManyTests } });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(hook.received).toHaveLength(5);
    // Each test has its own delivery id, signed with the rest of the body (issue 34 §15).
    const ids = hook.received.map((r) => JSON.parse(r.body).id);
    expect(new Set(ids).size).toBe(5);
    const logged = await deliveriesOf(user);
    expect(logged).toHaveLength(5);
    for (const delivery of logged)
      expect(delivery).toMatchObject({ test: true, status: 'sent', channel: { type: 'webhook', name: 'Tested' }, attempt: 1, error: null });
  });

  it('sends at most 20 tests a user in an hour, whatever the channels', async () => {
    const user = await signedInUser('premium');
    const hook = await open();
    const channels: Channel[] = [];
    for (let i = 0; i < 5; i++) channels.push(await addChannel(user, { type: 'webhook', name: `Hook ${i}`, config: { url: hook.url } }));
    const statuses: number[] = [];
    for (const channel of channels.slice(0, 4))
      for (let i = 0; i < 5; i++) statuses.push((await call('POST', `/api/channels/${channel.id}/test`, { token: user.token })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await call('POST', `/api/channels/${channels[4].id}/test`, { token: user.token });
    expect(refused).toMatchObject({ status: 429, body: { message: channelMessages.tooManyTests } });
    expect(hook.received).toHaveLength(20);
  });

  it('waits at most 3 s for a slow receiver, and logs the test as failed', async () => {
    const user = await signedInUser('vip');
    const slow = createServer(() => undefined);
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/`;
      const channel = await addChannel(user, { type: 'webhook', name: 'Slow', config: { url } });
      const started = Date.now();
      const answer = await call('POST', `/api/channels/${channel.id}/test`, { token: user.token });
      expect(answer.body).toMatchObject({ ok: false, status: null, error: 'Timed out after 3 s' });
      expect(Date.now() - started).toBeLessThan(4900);
      expect(await deliveriesOf(user)).toMatchObject([{ test: true, status: 'failed', error: 'Timed out after 3 s' }]);
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});

describe('channels: the local stack’s own routes (issue 34 §14)', () => {
  it('refuses a channel pointed at /_local/*: the clock does not move, no reminder run starts', async () => {
    const user = await signedInUser('vip');
    for (const path of ['/_local/clock?ms=1', '/_local/reminders?date=2036-05-01']) {
      const channel = await addChannel(user, {
        type: 'webhook',
        name: 'Inward',
        config: { url: `http://127.0.0.1:${new URL(apiUrl()).port}${path}` },
      });
      const answer = await call('POST', `/api/channels/${channel.id}/test`, { token: user.token });
      expect(answer.body, path).toMatchObject({ ok: false, status: 403, error: 'The server answered 403' });
      expect(JSON.parse(answer.body.body as string), path).toEqual({
        message: 'The local stack’s /_local routes refuse the app’s own outbound requests (a channel pointed at the stack)',
      });
      expect((await call('DELETE', `/api/channels/${channel.id}`, { token: user.token })).status).toBe(200);
    }
  });
});

describe('channels: a reminder run', () => {
  let user: SignedInUser;
  let ntfy: Receiver;
  let hook: Receiver;
  let failing: Receiver;
  let secret: string;
  let first: Awaited<ReturnType<typeof runFor>>;

  beforeAll(async () => {
    user = await signedInUser('vip');
    [ntfy, hook, failing] = await Promise.all([open(), open(), open(503, 'try later')]);
    // A self-hosted ntfy behind a path prefix (issue 35 §2.13): the topic goes under the prefix.
    await addChannel(user, {
      type: 'ntfy',
      name: 'Phone',
      config: { serverUrl: `${ntfy.url}/ntfy/`, topic: 'renewals', accessToken: 'tk_secret42' },
    });
    secret = (await addChannel(user, { type: 'webhook', name: 'Server', config: { url: `${hook.url}/hook` } })).config.secret as string;
    await addChannel(user, { type: 'webhook', name: 'Down', config: { url: failing.url } });
    const off = await open();
    const disabled = await addChannel(user, { type: 'webhook', name: 'Off', config: { url: off.url } });
    await call('PUT', `/api/channels/${disabled.id}`, { token: user.token, body: { enabled: false } });
    await subscribe(user, 'Spotify', 3);
    first = await runFor(RUN_DATE);
    expect(off.received).toHaveLength(0);
  });

  it('delivers to an ntfy server under its path prefix: the title, the tags, the dashboard as the click, the token', () => {
    expect(ntfy.received).toHaveLength(1);
    const [request] = ntfy.received;
    expect(request).toMatchObject({ method: 'POST', path: '/ntfy/renewals' });
    expect(Buffer.from(String(request.headers.title).replace(/^=\?UTF-8\?B\?|\?=$/g, ''), 'base64').toString()).toBe(
      'Spotify renews in 3 days',
    );
    expect(request.headers).toMatchObject({ tags: 'calendar', click: `${apiUrl()}/dashboard`, authorization: 'Bearer tk_secret42' });
    expect(request.body).toContain('Your Spotify subscription is due on');
  });

  it('delivers a signed webhook a receiver can verify', () => {
    expect(hook.received).toHaveLength(1);
    const [request] = hook.received;
    const timestamp = String(request.headers['x-subtracker-timestamp']);
    const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex')}`;
    expect(request.headers['x-subtracker-signature']).toBe(expected);
    const payload = JSON.parse(request.body);
    expect(payload).toMatchObject({
      event: 'reminder',
      subscription: { name: 'Spotify', amount: 12.5, currency: 'USD', dueDate: addDays(RUN_DATE, 3) },
      reminder: { event: 'renewal', daysBefore: 3, title: 'Spotify renews in 3 days' },
    });
    expect(Math.abs(Date.parse(payload.sentAt) / 1000 - Number(timestamp))).toBeLessThan(1);
  });

  it('retries a failing receiver with backoff, then reports it failed in the deliveries', async () => {
    expect(failing.received).toHaveLength(4);
    const log = await deliveriesOf(user);
    const down = log.filter((d) => d.channel.name === 'Down');
    expect(down.map((d) => [d.status, d.attempt])).toEqual([
      ['failed', 4],
      ['retrying', 3],
      ['retrying', 2],
      ['retrying', 1],
    ]);
    expect(down[0].error).toBe('The server answered 503 (gave up after 4 attempts)');
    expect(first.retried).toBe(3);
    // One delivery id on every attempt (issue 34 §15), another for another channel's delivery.
    const ids = new Set(failing.received.map((r) => JSON.parse(r.body).id));
    expect(ids.size).toBe(1);
    const [id] = ids;
    expect(id).toMatch(/^dlv_[A-Za-z0-9_-]{22}$/);
    expect(JSON.parse(hook.received[0].body).id).toMatch(/^dlv_[A-Za-z0-9_-]{22}$/);
    expect(JSON.parse(hook.received[0].body).id).not.toBe(id);
  });

  it('logs every delivery, the e-mail too, newest first', async () => {
    const log = await deliveriesOf(user);
    const sent = log.filter((d) => d.status === 'sent');
    expect(sent.map((d) => d.channel).sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { type: 'email', name: user.email },
      { type: 'ntfy', name: 'Phone' },
      { type: 'webhook', name: 'Server' },
    ]);
    for (const delivery of sent)
      expect(delivery).toMatchObject({ subscriptionName: 'Spotify', event: 'renewal', daysBefore: 3, error: null });
    const times = log.map((d) => d.at);
    expect(times).toEqual(times.toSorted((a, b) => b.localeCompare(a)));
  });

  it('sends nothing twice on a second run', async () => {
    const before = (await deliveriesOf(user)).length;
    await runFor(RUN_DATE);
    expect(ntfy.received).toHaveLength(1);
    expect(hook.received).toHaveLength(1);
    expect(failing.received).toHaveLength(4);
    expect(await deliveriesOf(user)).toHaveLength(before);
  });

  it("shows an admin the user's deliveries, and no one else", async () => {
    const answer = await call<DeliveryPage>('GET', `/api/admin/users/${user.id}/deliveries`, { token: await ownerSession() });
    expect(answer.status).toBe(200);
    expect(answer.body.deliveries).toEqual(await deliveriesOf(user));
    expect((await call('GET', `/api/admin/users/${user.id}/deliveries`, { token: vip.token })).status).toBe(403);
    const others: Delivery[] = await deliveriesOf(vip);
    expect(others.some((d) => d.subscriptionName === 'Spotify')).toBe(false);
  });
});

describe('channels: settings that cannot go in a header (issue 34 §7)', () => {
  it('refuses an ntfy access token that is not visible ASCII, on creation and on an edit', async () => {
    const user = await signedInUser('vip');
    for (const accessToken of ['tok€n', 'tök', 'tok\u0000n', 'tok\nX-Other: 1']) {
      const answer = await call('POST', '/api/channels', {
        token: user.token,
        body: { type: 'ntfy', name: 'Phone', config: { topic: 't', accessToken } },
      });
      expect(answer, accessToken).toMatchObject({ status: 400, body: { message: channelMessages.accessTokenInvalid } });
    }
    const channel = await addChannel(user, { type: 'ntfy', name: 'Phone', config: { topic: 't', accessToken: 'tk_!#$%&*+-.^_`|~' } });
    const edited = await call('PUT', `/api/channels/${channel.id}`, {
      token: user.token,
      body: { config: { topic: 't', accessToken: 'tok€n' } },
    });
    expect(edited).toMatchObject({ status: 400, body: { message: channelMessages.accessTokenInvalid } });
    // The token kept: visible ASCII, punctuation included.
    expect((await call<Channel[]>('GET', '/api/channels', { token: user.token })).body[0].config.accessToken).toBe('••••_`|~');
  });

  it('answers a send that cannot be made as a failed one: Send test and a reminder, logged once, never retried', async () => {
    const date = '2036-04-17';
    const user = await signedInUser('vip');
    const ntfy = await open();
    const channel = await addChannel(user, { type: 'ntfy', name: 'Old phone', config: { serverUrl: ntfy.url, topic: 'renewals' } });
    // Settings stored before the rule above refused them.
    await setAttributes(`USER#${user.id}`, `CHANNEL#${channel.id}`, {
      config: { serverUrl: ntfy.url, topic: 'renewals', accessToken: 'tok€n' },
    });

    const test = await call('POST', `/api/channels/${channel.id}/test`, { token: user.token });
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ ok: false, status: null });
    expect(test.body.error).toMatch(/^Invalid request: /);

    const answer = await call('POST', '/api/subscriptions', {
      token: user.token,
      body: { name: 'Hulu', amount: 7, category: 'streaming', dueDate: addDays(date, 3) },
    });
    expect(answer.status).toBe(201);
    const run = await runFor(date);
    expect(run.retried).toBe(0);
    const logged = (await deliveriesOf(user)).filter((d) => d.channel.name === 'Old phone' && d.subscriptionName === 'Hulu');
    expect(logged.map((d) => [d.status, d.attempt])).toEqual([['failed', 1]]);
    expect(logged[0].error).toMatch(/^Invalid request: /);
    expect(ntfy.received).toHaveLength(0);
  });
});
