import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECB_FETCH_TIMEOUT_MS, fetchEcbRates } from '../../functions/lib/rates/daily-rates.js';
import { MAX_ECB_FILE_BYTES, MalformedRates, MIN_ECB_CURRENCIES, parseEcbRates, ratesPerUsd } from '../../functions/lib/rates/ecb.js';
import { ECB_SAMPLE_RATES, ecbDailyXml } from './ecb-rates-sample.js';
import { setFunctionEnv } from './function-env.js';

/** Issue 24 §1: the daily ECB reference rates, read and turned into rates per USD. */

const withRates = (changes: Record<string, string | undefined>) => {
  const rates: Record<string, string> = { ...ECB_SAMPLE_RATES };
  for (const [code, rate] of Object.entries(changes)) {
    if (rate === undefined) delete rates[code];
    else rates[code] = rate;
  }
  return ecbDailyXml('2026-11-24', rates);
};

describe('parseEcbRates (issue 24 §1: the ECB daily reference rates file)', () => {
  it("reads the day's date and the 30 currencies, per EUR, of a file shaped as the ECB's", () => {
    const day = parseEcbRates(ecbDailyXml('2026-11-24'));
    expect(day.date).toBe('2026-11-24');
    expect(Object.keys(day.perEur)).toHaveLength(30);
    expect(day.perEur.USD).toBe(1.0412);
    expect(day.perEur.JPY).toBe(161.11);
    expect(day.perEur.IDR).toBe(16555.93);
    expect(day.perEur).not.toHaveProperty('EUR');
  });

  it('reads double-quoted attributes and a file on one line too', () => {
    const xml = ecbDailyXml('2026-11-24')
      .replaceAll("'", '"')
      .replaceAll(/\s*\n\s*/g, '');
    expect(parseEcbRates(xml).perEur.GBP).toBe(0.8318);
  });

  it.each([
    ['an error page', '<html><body>Service unavailable</body></html>', /one dated Cube/],
    ['an empty answer', '', /one dated Cube/],
    ['a file cut off before its rates', ecbDailyXml('2026-11-24').slice(0, 420), new RegExp(`at least ${MIN_ECB_CURRENCIES}`)],
    [
      'two days',
      ecbDailyXml('2026-11-24').replace("<Cube time='2026-11-24'>", "<Cube time='2026-11-23'></Cube><Cube time='2026-11-24'>"),
      /found 2/,
    ],
    ['a date that is no day', ecbDailyXml('2026-02-30'), /not a calendar date/],
    ['a rate that is not a number', withRates({ GBP: 'N/A' }), /GBP's rate "N\/A"/],
    ['a zero rate', withRates({ JPY: '0' }), /JPY's rate "0"/],
    ['a negative rate', withRates({ JPY: '-161.11' }), /JPY's rate/],
    ['a lower-case code', withRates({ GBP: undefined, gbp: '0.8318' }), /"gbp" is not a currency code/],
    ['no USD rate', withRates({ USD: undefined, XAU: '0.0004' }), /no USD rate/],
    [
      'too few currencies',
      ecbDailyXml('2026-11-24', Object.fromEntries(Object.entries(ECB_SAMPLE_RATES).slice(0, MIN_ECB_CURRENCIES - 1))),
      /only 24 currencies/,
    ],
  ])('refuses %s: a day is stored whole or not at all', (_what, xml, reason) => {
    expect(() => parseEcbRates(xml)).toThrow(MalformedRates);
    expect(() => parseEcbRates(xml)).toThrow(reason);
  });

  it('refuses a currency quoted twice', () => {
    const xml = ecbDailyXml('2026-11-24').replace("<Cube currency='JPY'", "<Cube currency='USD' rate='1.1'/><Cube currency='JPY'");
    expect(() => parseEcbRates(xml)).toThrow(/USD is quoted twice/);
  });
});

describe('ratesPerUsd (issue 24 §1: the product counts in units per USD)', () => {
  const day = ratesPerUsd(parseEcbRates(ecbDailyXml('2026-11-24')));

  it('keeps the date, makes USD 1 and EUR 1 / (USD per EUR)', () => {
    expect(day.date).toBe('2026-11-24');
    expect(day.perUsd.USD).toBe(1);
    expect(day.perUsd.EUR).toBeCloseTo(1 / 1.0412, 8);
    expect(day.perUsd.EUR).toBeCloseTo(0.96043, 5);
  });

  it('divides every other rate per EUR by USD per EUR', () => {
    expect(day.perUsd.GBP).toBeCloseTo(0.8318 / 1.0412, 8);
    expect(day.perUsd.JPY).toBeCloseTo(154.735, 3);
    expect(day.perUsd.KRW).toBeCloseTo(1404.562, 3);
    expect(day.perUsd.INR).toBeCloseTo(84.466, 4);
    // 30 quoted, less USD, plus EUR and USD.
    expect(Object.keys(day.perUsd)).toHaveLength(31);
  });

  it('round-trips: converting 100 EUR to GBP through USD matches the ECB cross rate', () => {
    const usd = 100 / day.perUsd.EUR;
    expect(usd * day.perUsd.GBP).toBeCloseTo(83.18, 6);
  });
});

describe('fetchEcbRates (issue 24 §1: a short timeout, nothing partial)', () => {
  let server: Server;
  let base: string;
  const answers = new Map<string, (res: ServerResponse) => void>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const answer = answers.get(req.url ?? '');
      if (answer) answer(res);
      else res.writeHead(404).end('Not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    answers.set('/daily.xml', (res) => res.writeHead(200, { 'content-type': 'text/xml' }).end(ecbDailyXml('2026-11-24')));
    answers.set('/down.xml', (res) => res.writeHead(503).end('Service Unavailable'));
    answers.set('/cut.xml', (res) => res.writeHead(200).end(ecbDailyXml('2026-11-24').slice(0, 600)));
    // Headers, then nothing: the ECB hanging mid-answer.
    answers.set('/slow.xml', (res) => res.writeHead(200).write('<?xml version="1.0"?>'));
    answers.set('/huge.xml', (res) => res.writeHead(200).end(`${ecbDailyXml('2026-11-24')}${' '.repeat(MAX_ECB_FILE_BYTES)}`));
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('answers the day in rates per USD', async () => {
    const day = await fetchEcbRates(`${base}/daily.xml`);
    expect(day.date).toBe('2026-11-24');
    expect(day.perUsd.EUR).toBeCloseTo(1 / 1.0412, 8);
  });

  it('fails on an error status, a cut-off file, an oversized file, and an answer slower than its timeout', async () => {
    await expect(fetchEcbRates(`${base}/down.xml`)).rejects.toThrow('the ECB answered 503');
    await expect(fetchEcbRates(`${base}/cut.xml`)).rejects.toThrow(MalformedRates);
    await expect(fetchEcbRates(`${base}/huge.xml`)).rejects.toThrow(/over 65536 bytes/);
    const started = Date.now();
    await expect(fetchEcbRates(`${base}/slow.xml`, 200)).rejects.toThrow(expect.objectContaining({ name: 'TimeoutError' }));
    expect(Date.now() - started).toBeLessThan(ECB_FETCH_TIMEOUT_MS);
  });
});

describe('the daily rates function (functions/rates/handler.ts)', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(503).end('Service Unavailable'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it("fetches the ECB's file unless ECB_RATES_URL names another, and will not start with a URL that is none", async () => {
    setFunctionEnv({ ECB_RATES_URL: `${base}/eurofxref-daily.xml` });
    const { ratesSourceUrl } = await import('../../functions/rates/handler.js');
    expect(ratesSourceUrl({})).toBe('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml');
    expect(ratesSourceUrl({ ECB_RATES_URL: 'http://127.0.0.1:9/x.xml' })).toBe('http://127.0.0.1:9/x.xml');
    expect(() => ratesSourceUrl({ ECB_RATES_URL: 'ecb.europa.eu' })).toThrow(/ECB_RATES_URL: must be an http\(s\) URL/);
    expect(() => ratesSourceUrl({ ECB_RATES_URL: 'file:///etc/passwd' })).toThrow(/ECB_RATES_URL/);
  });

  it('fails a run that stores nothing, so Lambda retries it and its errors alarm fires', async () => {
    setFunctionEnv({ ECB_RATES_URL: `${base}/eurofxref-daily.xml` });
    const { handler } = await import('../../functions/rates/handler.js');
    await expect(handler()).rejects.toThrow('Rates not stored: the ECB answered 503');
  });
});
