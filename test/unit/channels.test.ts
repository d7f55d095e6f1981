import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CHANNEL_MAX_ATTEMPTS,
  CHANNEL_TYPES,
  channelConfigRules,
  channelMessages,
  channelRetryDelay,
  hasReminderChannels,
  maskSecret,
  maskUrl,
  ntfyTopicUrl,
} from '../../shared/domain/reminders/channels.js';
import { setFunctionEnv } from './function-env.js';

setFunctionEnv();
const { isPublicAddress, sendOutbound } = await import('../../functions/lib/outbound/outbound.js');
const { CHANNEL_REQUESTS, CHANNEL_SENDERS, deliveryIdOf, newDeliveryId, webhookSignature } = await import(
  '../../functions/lib/reminders/channels/senders.js'
);

/** Reminder channels (issue 25 §2): settings rules, the backoff, the signature, each type's payload, the outbound guard. */

describe('who gets channels (issue 25 §2: VIP and Premium)', () => {
  it('VIP, Premium and the staff; not members', () => {
    expect(['vip', 'premium', 'owner', 'developer'].every(hasReminderChannels)).toBe(true);
    expect(hasReminderChannels('member')).toBe(false);
    expect(hasReminderChannels('unknown')).toBe(false);
  });

  it('has a sender for every type', () => {
    expect(new Set(Object.keys(CHANNEL_SENDERS))).toEqual(new Set(CHANNEL_TYPES));
  });
});

describe('channel settings', () => {
  const rules = channelConfigRules(() => 'whsec_new');

  it('ntfy: a server behind a path prefix is kept with its path; query, credentials and other schemes stay refused (issue 35 §2.13)', () => {
    const at = (serverUrl: string) => rules.ntfy({ serverUrl, topic: 'renewals' }, undefined);
    expect(at('https://example.com/ntfy')).toMatchObject({ serverUrl: 'https://example.com/ntfy' });
    expect(at('https://example.com/tools/ntfy/')).toMatchObject({ serverUrl: 'https://example.com/tools/ntfy' });
    expect(at('http://example.com:8080/ntfy#top')).toMatchObject({ serverUrl: 'http://example.com:8080/ntfy' });
    expect(at('https://example.com/a/../ntfy')).toMatchObject({ serverUrl: 'https://example.com/ntfy' });
    expect(at('https://example.com//')).toMatchObject({ serverUrl: 'https://example.com' });
    for (const refused of [
      'https://example.com/ntfy?auth=x',
      'https://user:secret@example.com/ntfy',
      'ftp://example.com/ntfy',
      'example.com/ntfy',
      '/ntfy',
    ])
      expect(at(refused), refused).toBe(channelMessages.serverUrlInvalid);
    expect(channelMessages.serverUrlInvalid).toBe('Server URL must be an http(s) URL such as https://ntfy.sh');
    // The topic goes under the prefix: the sender and the channel's row both read ntfyTopicUrl.
    expect(ntfyTopicUrl({ serverUrl: 'https://example.com/ntfy', topic: 'renewals' })).toBe('https://example.com/ntfy/renewals');
    expect(ntfyTopicUrl({ serverUrl: 'https://ntfy.sh', topic: 'renewals' })).toBe('https://ntfy.sh/renewals');
  });

  it('ntfy: ntfy.sh by default, a topic of safe characters, an optional token kept on edits unless removed', () => {
    expect(rules.ntfy({ topic: 'renewals' }, undefined)).toEqual({ serverUrl: 'https://ntfy.sh', topic: 'renewals', accessToken: null });
    expect(rules.ntfy({ serverUrl: 'https://ntfy.example.com/', topic: 'a_b-1', accessToken: 'tk_1' }, undefined)).toEqual({
      serverUrl: 'https://ntfy.example.com',
      topic: 'a_b-1',
      accessToken: 'tk_1',
    });
    expect(rules.ntfy({ topic: 'a/b' }, undefined)).toBe(channelMessages.topicInvalid);
    expect(rules.ntfy({ topic: 'x', serverUrl: 'https://ntfy.sh/?topic=y' }, undefined)).toBe(channelMessages.serverUrlInvalid);
    expect(rules.ntfy({ topic: 'x', accessToken: 'has space' }, undefined)).toBe(channelMessages.accessTokenInvalid);
    // It goes into a header: visible ASCII only (issue 34 §7).
    for (const accessToken of ['tok€n', 'tök', 'tk\u0000', 'tk\u007f'])
      expect(rules.ntfy({ topic: 'x', accessToken }, undefined), accessToken).toBe(channelMessages.accessTokenInvalid);
    expect(rules.ntfy({ topic: 'x', accessToken: 'tk_!#$%&*+-.^_`|~' }, undefined)).toMatchObject({ accessToken: 'tk_!#$%&*+-.^_`|~' });
    const stored = { serverUrl: 'https://ntfy.sh', topic: 'x', accessToken: 'tk_old' };
    expect(rules.ntfy({ topic: 'y' }, stored)).toMatchObject({ accessToken: 'tk_old' });
    expect(rules.ntfy({ topic: 'y', accessToken: null }, stored)).toMatchObject({ accessToken: null });
  });

  it('webhook: an http(s) URL and a secret the server makes, kept on edits', () => {
    expect(rules.webhook({ url: 'https://example.com/hook' }, undefined)).toEqual({ url: 'https://example.com/hook', secret: 'whsec_new' });
    expect(rules.webhook({ url: 'https://user:pw@example.com/' }, undefined)).toBe(channelMessages.webhookUrlInvalid);
    expect(rules.webhook({ url: 'javascript:alert(1)' }, undefined)).toBe(channelMessages.webhookUrlInvalid);
    expect(rules.webhook({ url: 'https://example.com/new' }, { url: 'https://example.com/old', secret: 'whsec_old' })).toEqual({
      url: 'https://example.com/new',
      secret: 'whsec_old',
    });
  });

  it('Discord and Slack: their webhook URLs only, over https', () => {
    expect(rules.discord({ url: 'https://discord.com/api/webhooks/123/abc-DEF_1' }, undefined)).toEqual({
      url: 'https://discord.com/api/webhooks/123/abc-DEF_1',
    });
    for (const url of [
      'http://discord.com/api/webhooks/1/a',
      'https://discord.com.evil.example/api/webhooks/1/a',
      'https://discord.com/api/other/1/a',
    ]) {
      expect(rules.discord({ url }, undefined), url).toBe(channelMessages.discordUrlInvalid);
    }
    expect(rules.slack({ url: 'https://hooks.slack.com/services/T1/B2/c3' }, undefined)).toEqual({
      url: 'https://hooks.slack.com/services/T1/B2/c3',
    });
    expect(rules.slack({ url: 'https://hooks.slack.com.example/services/T1/B2/c3' }, undefined)).toBe(channelMessages.slackUrlInvalid);
  });

  it('masks secrets to their last four characters', () => {
    expect(maskSecret('whsec_abcdefgh')).toBe('••••efgh');
    expect(maskUrl('https://discord.com/api/webhooks/1/token9')).toBe('https://discord.com/••••ken9');
  });
});

describe('retries (issue 25 §2: with backoff, never for ever)', () => {
  it('waits 1, 5 and 15 minutes, then gives up after the fourth attempt', () => {
    expect([1, 2, 3, 4].map(channelRetryDelay)).toEqual([60, 300, 900, null]);
    expect(CHANNEL_MAX_ATTEMPTS).toBe(4);
    // SQS's DelaySeconds stops at 900.
    expect(Math.max(...[1, 2, 3].map((a) => channelRetryDelay(a) ?? 0))).toBeLessThanOrEqual(900);
  });
});

const notification = {
  event: 'renewal' as const,
  kind: '3day' as const,
  daysBefore: 3,
  subscription: {
    id: 'sub-1',
    name: 'Spotify',
    amount: 9.99,
    currency: 'EUR',
    billingCycle: 'monthly' as const,
    dueDate: '2036-02-13',
    category: 'music',
    autoRenew: true,
  },
  recipient: { displayName: 'Ada', currency: 'EUR' },
  sentAt: '2036-02-10T08:00:00.000Z',
  deliveryId: 'dlv_0123456789abcdefABCDEF',
};

describe('Telegram, Gotify and Pushover settings (issue 37 §5)', () => {
  const rules = channelConfigRules(() => 'whsec_new');
  const botToken = '123456789:AAEhBOweik6ad9r_QXMENQjcrGbqCr4K-bs';
  const key30 = 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG';

  it('Telegram: the bot token BotFather gives, and a chat’s number or a channel’s @name', () => {
    expect(rules.telegram({ botToken, chatId: ' -1001234567890 ' }, undefined)).toEqual({ botToken, chatId: '-1001234567890' });
    expect(rules.telegram({ botToken, chatId: '@renewals' }, undefined)).toEqual({ botToken, chatId: '@renewals' });
    expect(rules.telegram({ botToken: 'abc', chatId: '1' }, undefined)).toBe(channelMessages.telegramBotTokenInvalid);
    expect(rules.telegram({ botToken: `${botToken}/../x`, chatId: '1' }, undefined)).toBe(channelMessages.telegramBotTokenInvalid);
    expect(rules.telegram({ botToken, chatId: 'x y' }, undefined)).toBe(channelMessages.telegramChatIdInvalid);
    // An edit without the token keeps the stored one.
    expect(rules.telegram({ chatId: '42' }, { botToken, chatId: '1' })).toEqual({ botToken, chatId: '42' });
  });

  it('Gotify: any http(s) server, behind a path prefix too, and a token that can go in a header', () => {
    expect(rules.gotify({ serverUrl: 'https://home.example.com/gotify/', appToken: 'AbC.d-e_F' }, undefined)).toEqual({
      serverUrl: 'https://home.example.com/gotify',
      appToken: 'AbC.d-e_F',
    });
    expect(rules.gotify({ serverUrl: 'ftp://x.example.com', appToken: 'a' }, undefined)).toBe(channelMessages.gotifyServerUrlInvalid);
    expect(rules.gotify({ serverUrl: 'https://x.example.com', appToken: 'tok€n' }, undefined)).toBe(channelMessages.gotifyTokenInvalid);
    expect(rules.gotify({ serverUrl: 'https://x.example.com', appToken: 'a b' }, undefined)).toBe(channelMessages.gotifyTokenInvalid);
  });

  it('Pushover: a user key and an API token of 30 letters and digits', () => {
    expect(rules.pushover({ userKey: key30, appToken: key30 }, undefined)).toEqual({ userKey: key30, appToken: key30 });
    expect(rules.pushover({ userKey: 'short', appToken: key30 }, undefined)).toBe(channelMessages.pushoverUserKeyInvalid);
    expect(rules.pushover({ userKey: key30, appToken: `${key30}!` }, undefined)).toBe(channelMessages.pushoverTokenInvalid);
  });
});

describe('payloads', () => {
  it('signs a webhook: v1= hex HMAC-SHA256 of "<timestamp>.<body>" under the secret', () => {
    const request = CHANNEL_REQUESTS.webhook({ url: 'https://example.com/hook', secret: 'whsec_test' }, notification);
    const timestamp = request.headers['x-subtracker-timestamp'];
    expect(timestamp).toBe(String(Date.parse(notification.sentAt) / 1000));
    const expected = createHmac('sha256', 'whsec_test').update(`${timestamp}.${request.body}`).digest('hex');
    expect(request.headers['x-subtracker-signature']).toBe(`v1=${expected}`);
    expect(webhookSignature('key', '1', 'body')).toBe(`v1=${createHmac('sha256', 'key').update('1.body').digest('hex')}`);
    expect(JSON.parse(request.body)).toMatchObject({
      id: 'dlv_0123456789abcdefABCDEF',
      event: 'reminder',
      subscription: { id: 'sub-1', name: 'Spotify', amount: 9.99, currency: 'EUR', dueDate: '2036-02-13' },
      reminder: { event: 'renewal', daysBefore: 3, title: 'Spotify renews in 3 days', url: 'http://localhost:3000/dashboard' },
      sentAt: notification.sentAt,
    });
  });

  it('names each delivery: one id for every attempt of a reminder on a channel, a new one for each test (issue 34 §15)', () => {
    const marker = { pk: 'REMINDER#sub-1#2036-02-13', sk: 'CHANNEL#c1' };
    expect(deliveryIdOf(marker)).toBe(deliveryIdOf({ ...marker }));
    expect(deliveryIdOf(marker)).toMatch(/^dlv_[A-Za-z0-9_-]{22}$/);
    expect(deliveryIdOf({ ...marker, sk: 'CHANNEL#c2' })).not.toBe(deliveryIdOf(marker));
    expect(newDeliveryId()).toMatch(/^dlv_[A-Za-z0-9_-]{22}$/);
    expect(newDeliveryId()).not.toBe(newDeliveryId());
  });

  it('ntfy: POST to the topic with the title (RFC 2047), tags, the dashboard as click, the token as a bearer', () => {
    const request = CHANNEL_REQUESTS.ntfy({ serverUrl: 'https://ntfy.sh', topic: 'renewals', accessToken: 'tk_1' }, notification);
    expect(request.url).toBe('https://ntfy.sh/renewals');
    const prefixed = CHANNEL_REQUESTS.ntfy({ serverUrl: 'https://example.com/ntfy', topic: 'renewals', accessToken: null }, notification);
    expect(prefixed.url).toBe('https://example.com/ntfy/renewals');
    expect(request.headers).toMatchObject({ tags: 'calendar', click: 'http://localhost:3000/dashboard', authorization: 'Bearer tk_1' });
    expect(request.headers.title).toBe(`=?UTF-8?B?${Buffer.from('Spotify renews in 3 days').toString('base64')}?=`);
    expect(request.body).toMatch(/^Your Spotify subscription is due on Feb 13, 2036\./);
  });

  it('Discord: content and an embed with the details; Slack: text and blocks', () => {
    const discord = JSON.parse(CHANNEL_REQUESTS.discord({ url: 'https://discord.com/api/webhooks/1/a' }, notification).body);
    expect(discord.content).toBe('Reminder: Spotify renews in 3 days (€9.99)');
    expect(discord.embeds[0]).toMatchObject({ title: 'Spotify renews in 3 days', url: 'http://localhost:3000/dashboard' });
    expect(discord.embeds[0].fields).toContainEqual({ name: 'Amount', value: '€9.99/month', inline: true });
    const slack = JSON.parse(CHANNEL_REQUESTS.slack({ url: 'https://hooks.slack.com/services/T/B/X' }, notification).body);
    expect(slack.text).toBe('Reminder: Spotify renews in 3 days (€9.99)');
    expect(slack.blocks.map((b: { type: string }) => b.type)).toEqual(['header', 'section', 'section', 'actions']);
    expect(slack.blocks[3].elements[0].url).toBe('http://localhost:3000/dashboard');
  });

  it('shows the logo as Discord’s thumbnail and Slack’s accessory image, when there is one (issue 36 §5)', () => {
    const thumbnail = 'http://localhost:3000/logos/brands/spotify.png';
    const discord = JSON.parse(
      CHANNEL_REQUESTS.discord({ url: 'https://discord.com/api/webhooks/1/a' }, { ...notification, thumbnail }).body,
    );
    expect(discord.embeds[0].thumbnail).toEqual({ url: thumbnail });
    const slack = JSON.parse(
      CHANNEL_REQUESTS.slack({ url: 'https://hooks.slack.com/services/T/B/X' }, { ...notification, thumbnail }).body,
    );
    expect(slack.blocks[1].accessory).toEqual({ type: 'image', image_url: thumbnail, alt_text: 'Spotify logo' });
    expect(
      JSON.parse(CHANNEL_REQUESTS.discord({ url: 'https://discord.com/api/webhooks/1/a' }, notification).body).embeds[0],
    ).not.toHaveProperty('thumbnail');
    expect(
      JSON.parse(CHANNEL_REQUESTS.slack({ url: 'https://hooks.slack.com/services/T/B/X' }, notification).body).blocks[1],
    ).not.toHaveProperty('accessory');
  });

  it('Telegram: sendMessage to the bot’s chat in HTML parse mode, every text escaped', () => {
    const named = { ...notification, subscription: { ...notification.subscription, name: 'Spotify <b>&</b>' } };
    const request = CHANNEL_REQUESTS.telegram({ botToken: '123:abc', chatId: '-100' }, named);
    expect(request.url).toBe('https://api.telegram.org/bot123:abc/sendMessage');
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({ chat_id: '-100', parse_mode: 'HTML' });
    expect(body.text).toContain('<b>Spotify &lt;b&gt;&amp;&lt;/b&gt; renews in 3 days</b>');
    expect(body.text).toContain('<a href="http://localhost:3000/dashboard">Open your dashboard</a>');
    expect(body.text).not.toContain('<b>&</b>');
  });

  it('Gotify: /message under the server’s path, the token as X-Gotify-Key, a click to the dashboard', () => {
    const request = CHANNEL_REQUESTS.gotify({ serverUrl: 'https://home.example.com/gotify', appToken: 'tok' }, notification);
    expect(request.url).toBe('https://home.example.com/gotify/message');
    expect(request.headers['x-gotify-key']).toBe('tok');
    expect(JSON.parse(request.body)).toMatchObject({
      title: 'Spotify renews in 3 days',
      priority: 5,
      extras: { 'client::notification': { click: { url: 'http://localhost:3000/dashboard' } } },
    });
  });

  it('Pushover: the token and the user key in the body, the dashboard as its link', () => {
    const request = CHANNEL_REQUESTS.pushover({ userKey: 'u'.repeat(30), appToken: 'a'.repeat(30) }, notification);
    expect(request.url).toBe('https://api.pushover.net/1/messages.json');
    expect(JSON.parse(request.body)).toMatchObject({
      token: 'a'.repeat(30),
      user: 'u'.repeat(30),
      title: 'Spotify renews in 3 days',
      url: 'http://localhost:3000/dashboard',
      url_title: 'Open your dashboard',
    });
  });

  it("marks a test in the words: '[Test] '", () => {
    const discord = JSON.parse(
      CHANNEL_REQUESTS.discord({ url: 'https://discord.com/api/webhooks/1/a' }, { ...notification, kind: 'test' }).body,
    );
    expect(discord.content).toMatch(/^\[Test\] Reminder: /);
  });
});

describe('the outbound guard (issue 25 §2: public addresses only)', () => {
  it('classifies addresses: public unicast only', () => {
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:82b::200e', '2001:4860:4860::8888'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      // All of ::/8 (issue 34 §13): IPv4-translated, reserved, IPv4-compatible, embedding the metadata service.
      '::ffff:0:a9fe:a9fe',
      '::ffff:ffff:a9fe:a9fe',
      '::a9fe:a9fe',
      '::1:a9fe:a9fe',
      '0:ff::1',
      // Outside 2000::/3, the global unicast space: reserved.
      '1::1',
      '4000::1',
      'e000::1',
      '3fff::1', // documentation (RFC 9637)
      'not-an-address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  let server: Server;
  let connections = 0;
  let port: number;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('reached'));
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => {
    delete process.env.OUTBOUND_ALLOW_LOOPBACK;
  });

  const post = (url: string) => sendOutbound({ url, headers: {}, body: '{}' });

  it('refuses loopback, private, link-local and metadata addresses before any connection, names through DNS too', async () => {
    connections = 0;
    for (const [url, address] of [
      [`http://127.0.0.1:${port}/`, '127.0.0.1'],
      [`https://127.0.0.1:${port}/`, '127.0.0.1'],
      [`https://[::1]:${port}/`, '::1'],
      [`https://localhost:${port}/`, ''],
      ['https://169.254.169.254/latest/meta-data/', '169.254.169.254'],
      ['https://10.0.0.8/hook', '10.0.0.8'],
      ['https://[::ffff:127.0.0.1]/hook', '::ffff:7f00:1'],
    ]) {
      const answer = await post(url);
      expect(answer, url).toMatchObject({ ok: false, status: null, permanent: true });
      expect(answer.error, url).toMatch(
        new RegExp(`^Refused: .* resolves to ${address.replace(/[.:[\]]/g, '\\$&')}.*, which is not a public address$`),
      );
    }
    expect(connections).toBe(0);
  });

  it('with loopback allowed (the local stack), reaches loopback, but never private networks or the metadata service', async () => {
    process.env.OUTBOUND_ALLOW_LOOPBACK = '1';
    connections = 0;
    expect(await post(`http://127.0.0.1:${port}/`)).toMatchObject({ ok: true, status: 200, body: 'reached' });
    expect(connections).toBe(1);
    expect(await post('http://169.254.169.254/')).toMatchObject({ ok: false, permanent: true });
    expect(await post('http://192.168.0.1/')).toMatchObject({ ok: false, permanent: true });
  });

  it('does not follow a redirect to loopback', async () => {
    process.env.OUTBOUND_ALLOW_LOOPBACK = '1';
    const redirect = createServer((_req, res) => res.writeHead(307, { location: `http://127.0.0.1:${port}/` }).end());
    await new Promise<void>((resolve) => redirect.listen(0, '127.0.0.1', resolve));
    connections = 0;
    try {
      const answer = await post(`http://127.0.0.1:${(redirect.address() as AddressInfo).port}/`);
      expect(answer).toMatchObject({
        ok: false,
        status: 307,
        permanent: true,
        error: `Redirect to http://127.0.0.1:${port}/ not followed`,
      });
      expect(connections).toBe(0);
    } finally {
      await new Promise<void>((resolve) => redirect.close(() => resolve()));
    }
  });

  it('refuses plain http to a public address, and reads at most 4 KB of an answer', async () => {
    expect(await post('http://93.184.216.34/')).toMatchObject({ ok: false, error: 'Only https URLs are allowed', permanent: true });
    process.env.OUTBOUND_ALLOW_LOOPBACK = '1';
    const big = createServer((_req, res) => res.end('x'.repeat(1_000_000)));
    await new Promise<void>((resolve) => big.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await post(`http://127.0.0.1:${(big.address() as AddressInfo).port}/`);
      expect(answer.ok).toBe(true);
      expect(answer.body.length).toBeLessThanOrEqual(300);
    } finally {
      await new Promise<void>((resolve) => big.close(() => resolve()));
    }
  });

  it('answers a request node will not make (a header that is not Latin-1) as a permanent failure, without connecting (issue 34 §7)', async () => {
    process.env.OUTBOUND_ALLOW_LOOPBACK = '1';
    connections = 0;
    const answer = await sendOutbound({ url: `http://127.0.0.1:${port}/`, headers: { authorization: 'Bearer tok€n' }, body: '{}' });
    expect(answer).toMatchObject({ ok: false, status: null, permanent: true });
    expect(answer.error).toMatch(/^Invalid request: /);
    expect(answer.error).not.toContain('tok€n');
    expect(connections).toBe(0);
  });

  it('treats 429 and 5xx as passing, other 4xx as permanent', async () => {
    process.env.OUTBOUND_ALLOW_LOOPBACK = '1';
    const statuses = [429, 500, 503, 400, 404, 410];
    let next = 0;
    const answering = createServer((_req, res) => res.writeHead(statuses[next++]).end());
    await new Promise<void>((resolve) => answering.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(answering.address() as AddressInfo).port}/`;
      const permanence = [];
      for (const _ of statuses) permanence.push((await post(url)).permanent);
      expect(permanence).toEqual([false, false, false, true, true, true]);
    } finally {
      await new Promise<void>((resolve) => answering.close(() => resolve()));
    }
  });
});
