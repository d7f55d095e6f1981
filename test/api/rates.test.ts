import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrencyStats, Rates } from '../../shared/api/stats.js';
import type { Subscription } from '../../shared/api/subscription.js';
import { FIXED_RATES } from '../../shared/domain/currency.js';
import { ECB_SAMPLE_RATES, ecbDailyXml } from '../unit/ecb-rates-sample.js';
import { apiUrl, call, type SignedInUser, signedInUser, table } from './helpers.js';

/**
 * Issue 24 §1: the day's ECB reference rates stored by the daily rates run (here started through the
 * local stack's `POST /_local/rates`, fetching from a stand-in for the ECB on 127.0.0.1), the rates the
 * totals use (GET /api/rates) and a signed-in user's figures in a currency (GET /api/stats?currency=).
 * The days stored here are removed at the end, so the other files see the fixed rates again.
 */

let ecb: Server;
let ecbUrl: string;
/** What the stand-in answers at each path. */
const files = new Map<string, { status: number; body: string }>();

const runRates = async (path: string) => {
  const answer = await fetch(`${apiUrl()}/_local/rates?source=${encodeURIComponent(ecbUrl + path)}`, { method: 'POST' });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { outcome: string; date?: string; problem?: string };
};
const rates = async () => {
  const answer = await call<Rates>('GET', '/api/rates');
  expect(answer.status).toBe(200);
  return answer;
};
const statsIn = (user: SignedInUser, currency: string) =>
  call<CurrencyStats>('GET', `/api/stats?currency=${currency}`, { token: user.token });

async function removeStoredDays() {
  const { client, name } = table();
  const { Items = [] } = await client.send(
    new QueryCommand({ TableName: name, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'RATES' } }),
  );
  for (const item of Items) await client.send(new DeleteCommand({ TableName: name, Key: { pk: item.pk, sk: item.sk } }));
  // Any run makes the local stack's functions read the stored rates again.
  await runRates('/missing.xml');
}

let user: SignedInUser;

beforeAll(async () => {
  ecb = createServer((req, res) => {
    const file = files.get(req.url ?? '') ?? { status: 404, body: 'Not found' };
    res.writeHead(file.status, { 'content-type': 'text/xml' }).end(file.body);
  });
  await new Promise<void>((resolve) => ecb.listen(0, '127.0.0.1', resolve));
  ecbUrl = `http://127.0.0.1:${(ecb.address() as AddressInfo).port}`;
  files.set('/2026-11-24.xml', { status: 200, body: ecbDailyXml('2026-11-24') });
  files.set('/2026-11-25.xml', { status: 200, body: ecbDailyXml('2026-11-25', { ...ECB_SAMPLE_RATES, USD: '1.25' }) });
  files.set('/down.xml', { status: 503, body: 'Service Unavailable' });
  files.set('/cut.xml', { status: 200, body: ecbDailyXml('2026-11-26').slice(0, 700) });
  await removeStoredDays();

  user = await signedInUser();
  for (const fields of [
    { name: 'Netflix', amount: 10, currency: 'USD', category: 'streaming' },
    { name: 'Spotify', amount: 9.99, currency: 'EUR', category: 'music' },
    { name: 'Cloud', amount: 120, currency: 'USD', category: 'cloud', billingCycle: 'yearly' },
  ]) {
    const created = await call<Subscription>('POST', '/api/subscriptions', {
      token: user.token,
      body: { dueDate: '2031-03-01', ...fields },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
});

afterAll(async () => {
  await removeStoredDays();
  await new Promise((resolve) => ecb.close(resolve));
});

describe('GET /api/stats?currency= (issue 24 §1)', () => {
  it('stays the public landing counters without currency', async () => {
    const answer = await call('GET', '/api/stats');
    expect(answer.status).toBe(200);
    expect(answer.body.showFigures).toBe(true);
    expect(answer.body).not.toHaveProperty('currency');
  });

  it('asks for a session with currency: 401 without one or with one that ended', async () => {
    expect(await call('GET', '/api/stats?currency=EUR')).toMatchObject({ status: 401, body: { message: 'Please log in to continue' } });
    const ended = await signedInUser();
    expect((await call('POST', '/api/auth/logout', { token: ended.token })).status).toBeLessThan(300);
    expect((await statsIn(ended, 'EUR')).status).toBe(401);
  });

  it('refuses a currency that is not a display currency with a clear 400', async () => {
    for (const currency of ['XYZ', 'SEK', '', 'EURO']) {
      expect(await statsIn(user, currency)).toMatchObject({
        status: 400,
        body: { message: 'currency must be one of USD, EUR, GBP, JPY, KRW, INR' },
      });
    }
  });

  it("answers the user's own figures in that currency at the fixed rates while no day is stored, never to be cached", async () => {
    const answer = await statsIn(user, 'EUR');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    // $10 + €9.99 + $120 a year = $20 a month and €9.99, at SPEC §9's 0.92.
    expect(answer.body).toEqual({
      currency: 'EUR',
      ratesDate: null,
      monthlyTotal: 28.39,
      yearlyTotal: 340.68,
      dueSoon: 0,
      nextDue: '2031-03-01',
      totalSubscriptions: 3,
      byCategory: [
        { category: 'music', label: 'Music', monthly: 9.99 },
        { category: 'cloud', label: 'Cloud Storage', monthly: 9.2 },
        { category: 'streaming', label: 'Streaming', monthly: 9.2 },
      ],
    });
    // Lower case is read as the code; another user's answer is their own.
    expect((await statsIn(user, 'usd')).body).toMatchObject({ currency: 'USD', monthlyTotal: 30.86 });
    const other = await signedInUser();
    expect((await statsIn(other, 'EUR')).body).toMatchObject({ monthlyTotal: 0, totalSubscriptions: 0, byCategory: [] });
  });
});

describe('the daily rates (issue 24 §1)', () => {
  it('uses the fixed rates while no day is stored, and lets browsers keep them for five minutes', async () => {
    const answer = await rates();
    expect(answer.body).toEqual({ date: null, perUsd: FIXED_RATES.perUsd });
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it("stores the ECB's day in rates per USD, which the totals then use with its date", async () => {
    expect(await runRates('/2026-11-24.xml')).toEqual({ outcome: 'stored', date: '2026-11-24', currencies: 31 });
    const stored = (await rates()).body;
    expect(stored.date).toBe('2026-11-24');
    expect(stored.perUsd.USD).toBe(1);
    expect(stored.perUsd.EUR).toBeCloseTo(1 / 1.0412, 8);
    expect(stored.perUsd.JPY).toBeCloseTo(161.11 / 1.0412, 4);
    // A billing currency the ECB does not quote keeps its fixed rate.
    expect(stored.perUsd.AED).toBe(FIXED_RATES.perUsd.AED);

    const answer = await statsIn(user, 'EUR');
    // $20 a month at €0.96043 per dollar, and the €9.99 as billed.
    expect(answer.body).toMatchObject({ ratesDate: '2026-11-24', monthlyTotal: 29.2, yearlyTotal: 350.38 });
    expect((await statsIn(user, 'USD')).body).toMatchObject({ ratesDate: '2026-11-24', monthlyTotal: 30.4 });
  });

  it('stores a day once: fetching it again changes nothing', async () => {
    expect(await runRates('/2026-11-24.xml')).toEqual({ outcome: 'unchanged', date: '2026-11-24', currencies: 31 });
  });

  it('keeps the last stored day when the ECB fails, answers an error or a cut-off file, or is not there', async () => {
    expect(await runRates('/down.xml')).toEqual({ outcome: 'kept', problem: 'the ECB answered 503' });
    expect(await runRates('/cut.xml')).toMatchObject({ outcome: 'kept', problem: expect.stringMatching(/^malformed rates: /) });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await fetch(`${apiUrl()}/_local/rates?source=${encodeURIComponent(`http://127.0.0.1:${port}/x.xml`)}`, {
      method: 'POST',
    });
    expect(await refused.json()).toMatchObject({ outcome: 'kept', problem: expect.stringContaining('ECONNREFUSED') });

    expect((await rates()).body.date).toBe('2026-11-24');
    expect((await statsIn(user, 'EUR')).body).toMatchObject({ ratesDate: '2026-11-24', monthlyTotal: 29.2 });
  });

  it('moves to a newer day when one is stored', async () => {
    expect(await runRates('/2026-11-25.xml')).toMatchObject({ outcome: 'stored', date: '2026-11-25' });
    expect((await rates()).body).toMatchObject({ date: '2026-11-25', perUsd: { EUR: 0.8 } });
    // $20 at €0.80 and the €9.99.
    expect((await statsIn(user, 'EUR')).body).toMatchObject({ ratesDate: '2026-11-25', monthlyTotal: 25.99 });
  });

  it('is started locally only from this machine, with the URL of a rates file', async () => {
    const answer = await fetch(`${apiUrl()}/_local/rates?source=ecb`, { method: 'POST' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ message: 'source must be the http(s) URL of a rates file in the ECB’s daily format' });
  });
});
