import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CalendarFeedLink, type CalendarFeedStatus, calendarMessages } from '../../shared/api/calendar.js';
import type { Subscription } from '../../shared/api/subscription.js';
import { occurrences } from '../../shared/domain/billing.js';
import { addMonthsClamped } from '../../shared/domain/dates.js';
import { parseCalendar } from '../fixtures/icalendar.js';
import { apiUrl, call, getItem, linkToken, PASSWORD, type SignedInUser, signedInUser, stackClock } from './helpers.js';

/**
 * The calendar feed (issue 25 §3, §4) through the local stack: turned on, fetched without signing in,
 * parsed by ical.js (a real iCalendar library) and checked against the app's own schedule.
 */

const feedStatus = (user: SignedInUser) => call<CalendarFeedStatus>('GET', '/api/calendar/feed', { token: user.token });
const turnOn = async (user: SignedInUser) => {
  const answer = await call<CalendarFeedLink>('POST', '/api/calendar/feed', { token: user.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};
const byText = (a: string, b: string) => a.localeCompare(b);
const fetchFeed = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });

async function feedText(url: string): Promise<string> {
  const response = await fetchFeed(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  return response.text();
}

async function create(user: SignedInUser, body: Record<string, unknown>): Promise<Subscription> {
  const answer = await call<Subscription>('POST', '/api/subscriptions', {
    token: user.token,
    body: { amount: 9.99, category: 'streaming', ...body },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/** A year from the stack's today on, so every due date below is ahead of it. */
let year: number;
let leapYear: number;

beforeAll(async () => {
  year = new Date(await stackClock()).getUTCFullYear() + 1;
  leapYear = year;
  while (!(leapYear % 4 === 0 && (leapYear % 100 !== 0 || leapYear % 400 === 0))) leapYear++;
});

describe('turning the feed on', () => {
  it('needs a session', async () => {
    expect((await call('POST', '/api/calendar/feed')).status).toBe(401);
    expect((await call('GET', '/api/calendar/feed')).status).toBe(401);
    expect((await call('DELETE', '/api/calendar/feed')).status).toBe(401);
  });

  it('answers the full URL once, with a 256-bit secret stored only as its SHA-256; GET says it is on and since when', async () => {
    const member = await signedInUser();
    expect((await feedStatus(member)).body).toEqual({ active: false, createdAt: null });
    const { url, createdAt } = await turnOn(member);
    const match = new RegExp(`^${apiUrl()}/api/calendar/([A-Za-z0-9_-]{43})\\.ics$`).exec(url);
    expect(match, url).not.toBeNull();
    const secret = match?.[1] as string;
    expect((await feedStatus(member)).body).toEqual({ active: true, createdAt });
    const hash = createHash('sha256').update(secret).digest('hex');
    expect(await getItem(`CALFEED#${hash}`, 'CALFEED')).toMatchObject({ userId: member.id });
    const profile = await getItem(`USER#${member.id}`, 'PROFILE');
    expect(profile?.calendarFeedHash).toBe(hash);
    expect(JSON.stringify(profile)).not.toContain(secret);
    // Members have it too: it shows what their dashboard shows.
    expect((await fetchFeed(url)).status).toBe(200);
  });
});

describe('the feed', () => {
  let user: SignedInUser;
  let url: string;
  const subs: Record<string, Subscription> = {};

  beforeAll(async () => {
    user = await signedInUser('premium');
    expect((await call('PUT', '/api/auth/settings', { token: user.token, body: { notify3Days: false, notify1Day: true } })).status).toBe(
      200,
    );
    subs.monthly31 = await create(user, { name: 'Month end, 31st; "quoted"', dueDate: `${year}-01-31` });
    subs.monthly30 = await create(user, { name: 'Thirtieth', dueDate: `${year}-01-30` });
    subs.leapDay = await create(user, { name: 'Leap day', dueDate: `${leapYear}-02-29`, billingCycle: 'yearly' });
    subs.weekly = await create(user, { name: 'Weekly box', dueDate: `${year}-01-05`, billingCycle: 'weekly' });
    subs.quarterly = await create(user, { name: 'Every three months', dueDate: `${year}-03-31`, cycleInterval: 3 });
    subs.ending = await create(user, { name: 'Ends in October', dueDate: `${year}-01-31`, endsAt: `${year}-10-15` });
    subs.trial = await create(user, {
      name: 'Ünïcödé Streaming Service with a rather long name 日本語 🎬',
      dueDate: `${year}-02-10`,
      trialEndsAt: `${year}-02-01`,
      noticeDays: 7,
    });
    url = (await turnOn(user)).url;
  });

  it('recurs as the app says it does: ical.js expands 24 months of each series into the app’s own occurrences', async () => {
    const calendar = parseCalendar(await feedText(url));
    for (const key of ['monthly31', 'monthly30', 'leapDay', 'weekly', 'quarterly', 'ending'] as const) {
      const sub = subs[key] as Subscription;
      const event = calendar.events.find((e) => e.uid.startsWith(`${sub.id}@`));
      expect(event, key).toBeDefined();
      expect(event?.allDay).toBe(true);
      const until = addMonthsClamped(sub.dueDate, 24);
      const expected = occurrences(sub, sub.dueDate, until);
      expect(expected.length, key).toBeGreaterThan(key === 'ending' ? 8 : 1);
      expect(event?.occurrencesThrough(until), key).toEqual(expected);
    }
  });

  it('has one series per subscription and events for the trial’s end and the last day to cancel, with permanent UIDs', async () => {
    const text = await feedText(url);
    const calendar = parseCalendar(text);
    const host = new URL(apiUrl()).hostname;
    const trial = subs.trial as Subscription;
    expect(calendar.events.map((e) => e.uid).sort(byText)).toEqual(
      [...Object.values(subs).map((s) => `${s.id}@${host}`), `${trial.id}-trial-end@${host}`, `${trial.id}-cancel-by@${host}`].sort(byText),
    );
    expect(calendar.events.find((e) => e.uid === `${trial.id}-trial-end@${host}`)?.start).toBe(`${year}-02-01`);
    expect(calendar.events.find((e) => e.uid === `${trial.id}-cancel-by@${host}`)?.start).toBe(`${year}-02-03`);
    expect(calendar.events.find((e) => e.uid === `${trial.id}@${host}`)?.summary).toBe(`${trial.name} — $9.99`);
    expect(calendar.events.find((e) => e.uid.startsWith(`${subs.monthly31?.id}@`))?.summary).toBe('Month end, 31st; "quoted" — $9.99');
    // RFC 5545's lines: CRLF only, none longer than 75 octets.
    const lines = text.split('\r\n');
    expect(lines.at(-1)).toBe('');
    for (const line of lines) {
      expect(line).not.toMatch(/[\r\n]/);
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    }
    expect(calendar.property('x-wr-calname')).toBe('Subscriptions');
  });

  it('alarms as the user’s reminders say: 10 days and 1 day (3 days turned off)', async () => {
    const calendar = parseCalendar(await feedText(url));
    for (const event of calendar.events) expect(event.alarmDays, event.uid).toEqual([10, 1]);
    expect((await call('PUT', '/api/auth/settings', { token: user.token, body: { notify3Days: true, notify1Day: false } })).status).toBe(
      200,
    );
    for (const event of parseCalendar(await feedText(url)).events) expect(event.alarmDays).toEqual([10, 3]);
  });

  it('answers a strong ETag, 304 for If-None-Match, and may be kept privately for a while', async () => {
    const first = await fetchFeed(url);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, max-age=900');
    const again = await fetchFeed(url, { 'if-none-match': etag as string });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await fetchFeed(url)).headers.get('etag')).toBe(etag);
  });

  it('bumps SEQUENCE on every edit and keeps the UID; a canceled subscription is CANCELLED; a deleted one leaves', async () => {
    const sub = subs.weekly as Subscription;
    const seriesOf = async () => parseCalendar(await feedText(url)).events.find((e) => e.uid.startsWith(`${sub.id}@`));
    const before = await fetchFeed(url);
    expect((await seriesOf())?.sequence).toBe(0);
    const edited = await call('PUT', `/api/subscriptions/${sub.id}`, {
      token: user.token,
      body: {
        name: 'Weekly box, renamed',
        amount: sub.amount,
        category: sub.category,
        dueDate: sub.dueDate,
        billingCycle: sub.billingCycle,
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await seriesOf()).toMatchObject({ sequence: 1, summary: 'Weekly box, renamed — $9.99', status: 'CONFIRMED' });
    // The feed changed, so the old ETag no longer answers 304.
    expect((await fetchFeed(url, { 'if-none-match': before.headers.get('etag') as string })).status).toBe(200);
    expect((await call('PUT', `/api/subscriptions/${sub.id}/renew`, { token: user.token })).status).toBe(200);
    expect(await seriesOf()).toMatchObject({ sequence: 2, start: `${year}-01-12` });
    expect((await call('PUT', `/api/subscriptions/${sub.id}/cancel`, { token: user.token })).status).toBe(200);
    const canceled = await seriesOf();
    expect(canceled).toMatchObject({ sequence: 3, status: 'CANCELLED' });
    expect(canceled?.alarmDays).toEqual([]);
    expect((await call('DELETE', `/api/subscriptions/${sub.id}`, { token: user.token })).status).toBe(200);
    expect(await seriesOf()).toBeUndefined();
  });

  it('keeps its UIDs when the URL is made anew; the old URL stops at once', async () => {
    const uids = parseCalendar(await feedText(url))
      .events.map((e) => e.uid)
      .sort(byText);
    const renewed = await turnOn(user);
    expect(renewed.url).not.toBe(url);
    const old = await fetchFeed(url);
    expect(old.status).toBe(404);
    expect(await old.json()).toEqual({ message: calendarMessages.feedNotFound });
    expect(
      parseCalendar(await feedText(renewed.url))
        .events.map((e) => e.uid)
        .sort(byText),
    ).toEqual(uids);
    url = renewed.url;
  });
});

describe('who can read a feed', () => {
  it('shows each user only their own subscriptions', async () => {
    const alice = await signedInUser();
    const bob = await signedInUser();
    const hers = await create(alice, { name: 'Alice only', dueDate: `${year}-04-01` });
    const his = await create(bob, { name: 'Bob only', dueDate: `${year}-04-02` });
    const aliceUrl = (await turnOn(alice)).url;
    const bobUrl = (await turnOn(bob)).url;
    const aliceText = await feedText(aliceUrl);
    const bobText = await feedText(bobUrl);
    expect(aliceText).toContain(hers.id);
    expect(aliceText).not.toContain(his.id);
    expect(aliceText).not.toContain('Bob only');
    expect(bobText).toContain(his.id);
    expect(bobText).not.toContain(hers.id);
  });

  it('shows a subscription shared with the user, with their share and who pays, until they no longer share it (issue 26)', async () => {
    const payer = await signedInUser();
    const mate = await signedInUser();
    const plan = await create(payer, { name: 'Family plan', amount: 17.99, currency: 'USD', dueDate: `${year}-05-03` });
    const invited = await call('POST', `/api/subscriptions/${plan.id}/members`, {
      token: payer.token,
      body: { usernameOrEmail: mate.username, share: { mode: 'equal' } },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const { invitations } = (await call<{ invitations: { id: string }[] }>('GET', '/api/invitations', { token: mate.token })).body;
    expect((await call('POST', `/api/invitations/${invitations[0]?.id}/accept`, { token: mate.token })).status).toBe(200);

    const url = (await turnOn(mate)).url;
    const series = parseCalendar(await feedText(url)).events.find((event) => event.uid.startsWith(plan.id));
    expect(series?.summary).toBe('Family plan — your share $8.99');
    expect(series?.description).toContain(`Shared by ${payer.username}, who pays it: your share $8.99.`);

    const removed = await call('DELETE', `/api/subscriptions/${plan.id}/members/${mate.id}`, { token: payer.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await feedText(url)).not.toContain(plan.id);
  });

  it('answers 404 with a message for an unknown secret or a malformed name, never a 500', async () => {
    for (const path of [`/api/calendar/${'A'.repeat(43)}.ics`, '/api/calendar/short.ics', `/api/calendar/${'A'.repeat(43)}.json`]) {
      const answer = await call('GET', path);
      expect(answer.status, path).toBe(404);
      expect(answer.body).toEqual({ message: calendarMessages.feedNotFound });
    }
  });

  it('stops when the feed is turned off (DELETE is idempotent)', async () => {
    const user = await signedInUser();
    const { url } = await turnOn(user);
    expect((await call('DELETE', '/api/calendar/feed', { token: user.token })).status).toBe(204);
    expect((await fetchFeed(url)).status).toBe(404);
    expect((await feedStatus(user)).body).toEqual({ active: false, createdAt: null });
    expect((await call('DELETE', '/api/calendar/feed', { token: user.token })).status).toBe(204);
  });

  // Issue 34 §16 (docs/decisions/0099-what-ends-with-an-account-and-its-sessions.md): whoever had a session or the
  // password may have copied the link, so what ends their sessions ends it too.
  it.each([
    ['signing out of all devices', (user: SignedInUser) => call('POST', '/api/auth/logout-all', { token: user.token }), PASSWORD],
    [
      'a password change',
      (user: SignedInUser) =>
        call('PUT', '/api/auth/settings', { token: user.token, body: { currentPassword: PASSWORD, newPassword: 'Changed123!' } }),
      'Changed123!',
    ],
    [
      'a password reset',
      async (user: SignedInUser) => {
        expect((await call('POST', '/api/auth/forgot-password', { body: { email: user.email } })).status).toBe(200);
        return call('POST', '/api/auth/reset-password', {
          body: { token: await linkToken(user.email, 'reset-password'), password: 'Another123!' },
        });
      },
      'Another123!',
    ],
  ])('stops with %s: the link answers 404 and a new one can be made', async (_, endSessions, password) => {
    const user = await signedInUser();
    const { url } = await turnOn(user);
    const hash = createHash('sha256')
      .update(/([A-Za-z0-9_-]{43})\.ics$/.exec(url)?.[1] as string)
      .digest('hex');
    expect((await fetchFeed(url)).status).toBe(200);
    const ended = await endSessions(user);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect((await fetchFeed(url)).status).toBe(404);
    expect(await getItem(`CALFEED#${hash}`, 'CALFEED')).toBeUndefined();
    const signedIn = await call('POST', '/api/auth/login', { body: { username: user.username, password } });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const again: SignedInUser = { ...user, token: signedIn.body.token };
    expect((await feedStatus(again)).body).toEqual({ active: false, createdAt: null });
    expect((await fetchFeed((await turnOn(again)).url)).status).toBe(200);
  });

  it('stops with the account: deleting it removes the feed’s lookup entry', async () => {
    const user = await signedInUser();
    const { url } = await turnOn(user);
    const hash = createHash('sha256')
      .update(/([A-Za-z0-9_-]{43})\.ics$/.exec(url)?.[1] as string)
      .digest('hex');
    expect(await getItem(`CALFEED#${hash}`, 'CALFEED')).toBeDefined();
    const deleted = await call('DELETE', '/api/auth/account', { token: user.token, body: { password: PASSWORD } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await getItem(`CALFEED#${hash}`, 'CALFEED')).toBeUndefined();
    expect((await fetchFeed(url)).status).toBe(404);
  });
});
