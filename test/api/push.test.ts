import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_GONE_ERROR } from '../../functions/lib/reminders/channels/senders.js';
import type { Channel, ChannelTestResult, DeliveryPage } from '../../shared/api/channels.js';
import { addDays } from '../../shared/domain/dates.js';
import { channelMessages } from '../../shared/domain/reminders/channels.js';
import { startTestPushService, type TestPushService } from '../unit/push-service.js';
import { apiUrl, call, type SignedInUser, signedInUser } from './helpers.js';

/**
 * Browser notifications (issue 25 §2): the VAPID key a browser subscribes with, the 'webpush' channel its
 * subscription becomes, and 'Send test' through a push service on 127.0.0.1 that checks the VAPID token
 * and decrypts the message as the browser would.
 */
let service: TestPushService;
let vip: SignedInUser;
let publicKey: string;

beforeAll(async () => {
  service = await startTestPushService();
  vip = await signedInUser('vip');
  const key = await call<{ publicKey: string }>('GET', '/api/push/key', { token: vip.token });
  expect(key.status).toBe(200);
  publicKey = key.body.publicKey;
});

afterAll(() => service.close());

async function webPushChannel(user: SignedInUser, name = 'Chrome on Linux') {
  const browser = service.subscribe(publicKey);
  const created = await call<Channel>('POST', '/api/channels', {
    token: user.token,
    body: { type: 'webpush', name, config: { endpoint: browser.endpoint, ...browser.keys } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { browser, channel: created.body };
}

const sendTest = (user: SignedInUser, id: string) => call<ChannelTestResult>('POST', `/api/channels/${id}/test`, { token: user.token });

describe('the VAPID key', () => {
  it('is a 65-byte uncompressed P-256 point, the same on every call', async () => {
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(publicKey, 'base64url')[0]).toBe(4);
    const again = await call<{ publicKey: string }>('GET', '/api/push/key', { token: (await signedInUser('premium')).token });
    expect(again.body.publicKey).toBe(publicKey);
  });

  it('is refused to members (with the upgrade message) and without a session', async () => {
    const member = await signedInUser();
    const answer = await call('GET', '/api/push/key', { token: member.token });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(channelMessages.paidOnly);
    expect((await call('GET', '/api/push/key')).status).toBe(401);
  });
});

describe('a webpush channel', () => {
  it('keeps the subscription and shows only its push service and the endpoint’s last characters', async () => {
    const { browser, channel } = await webPushChannel(vip);
    expect(channel).toMatchObject({ type: 'webpush', name: 'Chrome on Linux', enabled: true });
    expect(channel.config).toEqual({ endpoint: `${service.origin}/••••${new URL(browser.endpoint).pathname.slice(-4)}` });
    expect(JSON.stringify(channel)).not.toContain(browser.keys.auth);
  });

  it.each([
    [{ endpoint: 'not a url', p256dh: 'B'.padEnd(87, 'A'), auth: 'A'.repeat(22) }, channelMessages.pushEndpointInvalid],
    [{ endpoint: 'https://push.example.com/x', p256dh: 'B'.padEnd(86, 'A'), auth: 'A'.repeat(22) }, channelMessages.pushKeysInvalid],
    [{ endpoint: 'https://push.example.com/x', p256dh: 'B'.padEnd(87, 'A'), auth: 'A'.repeat(21) }, channelMessages.pushKeysInvalid],
    [{ endpoint: 'https://push.example.com/x' }, channelMessages.pushKeysInvalid],
  ])('refuses a subscription that is not one (%o)', async (config, message) => {
    const answer = await call('POST', '/api/channels', { token: vip.token, body: { type: 'webpush', name: 'Phone', config } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it('answers Send test with the push service’s 201, and the browser decrypts the test reminder', async () => {
    const { browser, channel } = await webPushChannel(vip);
    const answer = await sendTest(vip, channel.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, status: 201, error: null });
    const received = service.received.filter((push) => push.subscriptionId === browser.id);
    expect(received).toHaveLength(1);
    expect(received[0]?.problems).toEqual([]);
    const message = JSON.parse(received[0]?.plaintext ?? '{}') as Record<string, string>;
    expect(message.title).toMatch(/^\[Test\] Netflix Premium/);
    expect(message.body).toContain('Netflix Premium');
    expect(message.tag).toBe('test');
    expect(message.url).toMatch(/\/dashboard$/);
    expect(received[0]?.headers.urgency).toBe('high');
    expect(received[0]?.jwtClaims?.sub).toMatch(/^mailto:/);
  });

  it('is turned off when the push service says the subscription is gone (410), and says so', async () => {
    const { browser, channel } = await webPushChannel(vip);
    service.answerWith(browser.id, 410);
    const answer = await sendTest(vip, channel.id);
    expect(answer.body).toMatchObject({ ok: false, status: 410 });
    expect(answer.body.error).toMatch(/no longer accepts notifications.*turned off/);
    const listed = await call<Channel[]>('GET', '/api/channels', { token: vip.token });
    expect(listed.body.find((c) => c.id === channel.id)?.enabled).toBe(false);
  });

  it('shows a push service’s 429 as it answered, and stays on', async () => {
    const { browser, channel } = await webPushChannel(vip);
    service.answerWith(browser.id, 429);
    const answer = await sendTest(vip, channel.id);
    expect(answer.body).toMatchObject({ ok: false, status: 429, body: 'push service answer 429' });
    const listed = await call<Channel[]>('GET', '/api/channels', { token: vip.token });
    expect(listed.body.find((c) => c.id === channel.id)?.enabled).toBe(true);
  });
});

describe('a reminder run', () => {
  const RUN_DATE = '2036-06-10';
  let user: SignedInUser;
  let subscriptionId: string;
  let delivered: Awaited<ReturnType<typeof webPushChannel>>;
  let gone: Awaited<ReturnType<typeof webPushChannel>>;

  const runFor = async (date: string) => {
    const response = await fetch(`${apiUrl()}/_local/reminders?date=${date}`, { method: 'POST' });
    expect(response.status).toBe(200);
  };
  const deliveries = async () => (await call<DeliveryPage>('GET', '/api/deliveries', { token: user.token })).body.deliveries;

  beforeAll(async () => {
    user = await signedInUser('premium');
    delivered = await webPushChannel(user, 'Firefox on Windows');
    gone = await webPushChannel(user, 'Old laptop');
    service.answerWith(gone.browser.id, 410);
    const created = await call('POST', '/api/subscriptions', {
      token: user.token,
      body: { name: 'Spotify', amount: 12.5, category: 'streaming', dueDate: addDays(RUN_DATE, 3) },
    });
    expect(created.status).toBe(201);
    subscriptionId = created.body.id;
    await runFor(RUN_DATE);
  });

  it('pushes the reminder to the browser: its words, a tag of its own, the dashboard, a day to live', () => {
    const received = service.received.filter((push) => push.subscriptionId === delivered.browser.id);
    expect(received).toHaveLength(1);
    expect(received[0]?.problems).toEqual([]);
    expect(JSON.parse(received[0]?.plaintext ?? '{}')).toEqual({
      title: 'Spotify renews in 3 days',
      body: expect.stringContaining('Your Spotify subscription is due on'),
      tag: `${subscriptionId}:renewal-3d`,
      url: `${apiUrl()}/dashboard`,
    });
    expect(received[0]?.headers).toMatchObject({ ttl: '86400', urgency: 'normal' });
  });

  it('turns off the channel of a browser whose subscription is gone, says so once in the deliveries, and never retries it', async () => {
    expect(service.received.filter((push) => push.subscriptionId === gone.browser.id)).toHaveLength(1);
    const log = (await deliveries()).filter((d) => d.channel.type === 'webpush');
    expect(log.map((d) => [d.channel.name, d.status, d.attempt, d.error])).toEqual(
      expect.arrayContaining([
        ['Firefox on Windows', 'sent', 1, null],
        ['Old laptop', 'failed', 1, PUSH_GONE_ERROR],
      ]),
    );
    expect(log).toHaveLength(2);
    const channels = await call<Channel[]>('GET', '/api/channels', { token: user.token });
    expect(channels.body.map((c) => [c.name, c.enabled])).toEqual([
      ['Firefox on Windows', true],
      ['Old laptop', false],
    ]);
  });

  it('sends nothing twice on a second run', async () => {
    await runFor(RUN_DATE);
    expect(service.received.filter((push) => [delivered.browser.id, gone.browser.id].includes(push.subscriptionId))).toHaveLength(2);
  });
});
