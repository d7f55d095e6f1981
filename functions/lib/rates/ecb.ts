import { isCalendarDate } from '../../../shared/domain/dates.js';

/**
 * The European Central Bank's daily euro reference rates (issue 24 §1): the XML file at
 * ECB_RATES_URL, published on working days around 16:00 CET, with one `Cube time='YYYY-MM-DD'`
 * holding a `Cube currency='XXX' rate='N'` per currency — units of that currency per 1 EUR.
 * Pure: the text in, the day's rates out, or the reason the text is not a complete day.
 */

/** The ECB's file of the newest working day's reference rates, fetched unless ECB_RATES_URL names another. */
export const ECB_DAILY_RATES_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

/**
 * Fewest currencies a day must have to be stored: the ECB quotes 30 (2026), and a file with far
 * fewer is cut short or not the rates file. A day is stored whole or not at all.
 */
export const MIN_ECB_CURRENCIES = 25;

/** Largest file read: the real one is about 1.5 KB. */
export const MAX_ECB_FILE_BYTES = 64 * 1024;

/** One day's reference rates as the ECB publishes them: units per 1 EUR. */
export interface EcbDay {
  date: string;
  perEur: Record<string, number>;
}

/** The day's rates in units per 1 USD (the product's base currency), with their date. */
export interface RatesDay {
  date: string;
  perUsd: Record<string, number>;
}

export class MalformedRates extends Error {
  override readonly name = 'MalformedRates';
}

const attribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\b${name}\\s*=\\s*(?:'([^']*)'|"([^"]*)")`)
    .exec(tag)
    ?.slice(1)
    .find((value) => value !== undefined);

/**
 * The day in an ECB reference rates file. Throws MalformedRates for anything but exactly one dated
 * day with at least MIN_ECB_CURRENCIES currencies, each a three-letter code once, each rate a
 * positive number, USD among them.
 */
export function parseEcbRates(xml: string): EcbDay {
  const days = [...xml.matchAll(/<Cube\b[^>]*\btime\s*=[^>]*>/g)];
  if (days.length !== 1) throw new MalformedRates(`expected one dated Cube, found ${days.length}`);
  const date = attribute(days[0][0], 'time') ?? '';
  if (!isCalendarDate(date)) throw new MalformedRates(`the day's date "${date}" is not a calendar date`);

  const perEur: Record<string, number> = {};
  for (const [tag] of xml.matchAll(/<Cube\b[^>]*\bcurrency\s*=[^>]*>/g)) {
    const code = attribute(tag, 'currency') ?? '';
    const rateText = attribute(tag, 'rate') ?? '';
    if (!/^[A-Z]{3}$/.test(code)) throw new MalformedRates(`"${code}" is not a currency code`);
    if (Object.hasOwn(perEur, code)) throw new MalformedRates(`${code} is quoted twice`);
    const rate = /^\d+(\.\d+)?$/.test(rateText.trim()) ? Number(rateText) : Number.NaN;
    if (!(rate > 0) || !Number.isFinite(rate)) throw new MalformedRates(`${code}'s rate "${rateText}" is not a positive number`);
    perEur[code] = rate;
  }
  const count = Object.keys(perEur).length;
  if (count < MIN_ECB_CURRENCIES) throw new MalformedRates(`only ${count} currencies (at least ${MIN_ECB_CURRENCIES} expected)`);
  if (!perEur.USD) throw new MalformedRates('no USD rate');
  return { date, perEur };
}

/** Significant digits kept of a converted rate: the ECB's own rates have at most 6. */
const RATE_DIGITS = 8;

/**
 * The ECB's rates per EUR as rates per USD (issue 24 §1): X per USD = (X per EUR) / (USD per EUR),
 * EUR per USD = 1 / (USD per EUR), and USD is 1.
 */
export function ratesPerUsd(day: EcbDay): RatesDay {
  const usdPerEur = day.perEur.USD;
  if (!(usdPerEur > 0)) throw new MalformedRates('no USD rate');
  const perUsd: Record<string, number> = { USD: 1, EUR: Number((1 / usdPerEur).toPrecision(RATE_DIGITS)) };
  for (const [code, perEur] of Object.entries(day.perEur)) {
    if (code === 'USD') continue;
    perUsd[code] = Number((perEur / usdPerEur).toPrecision(RATE_DIGITS));
  }
  return { date: day.date, perUsd };
}
