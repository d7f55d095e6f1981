/**
 * What every import format yields (issue 24 §6): rows of one normalised shape, or the reason a row
 * is skipped, and the helpers the formats share — cycles, amounts, currencies, dates, categories,
 * HTML entities and the stable external id.
 */
import type { Payment } from '../../api/payments.js';
import type { PriceChange } from '../../api/subscription.js';
import { MAX_CYCLE_INTERVAL } from '../billing.js';
import { BUILT_IN_CATEGORIES, CATEGORY_MAX_LENGTH, categoryKey, OTHER_CATEGORY } from '../categories.js';
import { roundMoney } from '../currency.js';
import { isCalendarDate } from '../dates.js';
import { hasForbiddenCharacters } from '../text.js';
import { websiteAddress } from '../website.js';
import { currencyOfSymbol, symbolKey } from './currency-symbols.js';

export type ImportCycle = 'weekly' | 'monthly' | 'quarterly' | 'yearly';

export interface ImportRow {
  /** The file line the row starts on (CSV), or the entry's position from 1 (JSON). */
  line: number;
  /** Stable across re-imports of the same file: the source's own id, else a hash of the row. */
  externalId: string;
  name: string;
  description: string;
  amount: number;
  /** ISO 4217. */
  currency: string;
  category: string;
  /** YYYY-MM-DD: the next payment. */
  dueDate: string;
  billingCycle: ImportCycle;
  cycleInterval: number;
  autoRenew: boolean;
  status: 'active' | 'canceled';
  trialEndsAt: string | null;
  endsAt: string | null;
  noticeDays: number | null;
  /**
   * The last day to cancel as the file gives it, a date (issue 35 §2.5: Wallos's and SubTrackr's
   * 'Cancellation Date', this product's own JSON), kept as given; undefined when the file has no such
   * field (an update keeps the subscription's own).
   */
  cancelByDate?: string | null;
  /**
   * Its website, http or https (issue 36 §2: Wallos's and SubTrackr's URL, this product's own JSON); undefined
   * when the file has no such field (an update keeps the subscription's own).
   */
  url?: string | null;
  /** Every price it had, oldest first: only this product's own JSON export carries it. */
  priceHistory?: PriceChange[];
  /** The day of the month its renewals keep: only this product's own JSON export carries it. */
  anchorDay?: number;
  /** Its renewals marked paid or skipped, oldest first: only this product's own JSON export carries them. */
  payments?: Array<Omit<Payment, 'recordedAt'>>;
  /**
   * The fields the file does not say (no such column or key; SubTrackr's JSON has no autopay): a row
   * that updates a subscription leaves them as they are, a new one takes the value above, the default
   * (issue 35 §2.10: an import never erases what the file does not say). Absent when the file says all.
   */
  unsaid?: readonly UnsaidField[];
}

/** The fields a file may leave unsaid. */
export type UnsaidField = 'description' | 'category' | 'autoRenew' | 'trialEndsAt' | 'endsAt' | 'noticeDays';

/** `row` with `unsaid` set when any field is in it, left off when none is. */
export function withUnsaid(row: ImportRow, unsaid: readonly (UnsaidField | false)[]): ImportRow {
  const fields = unsaid.filter((field): field is UnsaidField => field !== false);
  return fields.length > 0 ? { ...row, unsaid: fields } : row;
}

/** A skipped row keeps its name when it was read before the reason to skip it was found. */
export type ParsedRow = { ok: true; row: ImportRow } | { ok: false; line: number; reason: string; name?: string };

/** A file's parse: its rows, and the currency symbols in it that name more than one currency (or none we know). */
export type ImportParse = { ok: true; rows: ParsedRow[]; ambiguousSymbols: string[] } | { ok: false; message: string };

/** A JSON value as text: strings as they are, numbers and booleans written out, anything else ''. */
export const jsonText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

/** The deepest nesting of lists and objects an imported JSON file may have (issue 34 §6): exports nest 3 or 4 deep. */
export const MAX_JSON_DEPTH = 32;

/**
 * JSON.parse with the nesting bounded first: a file nested deeper than {@link MAX_JSON_DEPTH} is refused
 * before it is parsed, so nothing that walks the value later (String() of a nested array, say) can
 * run out of stack. One pass over the text, brackets inside strings not counted.
 */
export function parseJsonFile(text: string): { ok: true; data: unknown } | { ok: false; message: string } {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH)
        return { ok: false, message: `The file nests lists or objects more than ${MAX_JSON_DEPTH} levels deep: it is not an export` };
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  try {
    return { ok: true, data: JSON.parse(text) };
  } catch {
    return { ok: false, message: 'The file is not valid JSON' };
  }
}

/** Thrown inside a row's parse to refuse the whole file (400 at the preview), not just skip the row. */
export class FileRefused extends Error {}

/**
 * The `subscriptions` list of a JSON export (`{ "subscriptions": [ … ] }`), each entry an object (anything
 * else an empty one), or the failure that says why the file is not `tool`'s export.
 */
export function jsonSubscriptions(fileText: string, tool: string): Record<string, unknown>[] | { ok: false; message: string } {
  const parsed = parseJsonFile(fileText);
  if (!parsed.ok) return parsed;
  const data = parsed.data;
  const list = (data as { subscriptions?: unknown } | null)?.subscriptions;
  if (!Array.isArray(list)) return { ok: false, message: `The file is not a ${tool} export: it has no list of subscriptions` };
  return list.map((item) => (item && typeof item === 'object' ? (item as Record<string, unknown>) : {}));
}

export interface ImportOptions {
  /** The user's answers for the file's ambiguous symbols, e.g. `{ "$": "USD", "kr": "SEK" }`. */
  symbolCurrencies?: Readonly<Record<string, string>>;
  /** The currency of rows whose file names none (TrackMySubs' blank Currency, a spreadsheet without one). */
  defaultCurrency?: string;
}

export const NAME_MAX_LENGTH = 100;
export const DESCRIPTION_MAX_LENGTH = 500;
export const AMOUNT_MAX = 1_000_000;

/** Thrown inside a row's parse to skip it with a reason the preview shows. */
export class RowSkipped extends Error {}

export function skipRow(reason: string): never {
  throw new RowSkipped(reason);
}

/** What a format's parse keeps while it reads one file. */
export class ImportContext {
  readonly ambiguous = new Set<string>();
  private name: string | undefined;
  private readonly seen = new Map<string, number>();

  constructor(
    readonly format: string,
    readonly options: ImportOptions,
    readonly isCurrency: (code: string) => boolean,
  ) {}

  /**
   * The external id of a row without an id of its own: the format and a hash of what identifies
   * it, plus an occurrence counter so two identical rows (Wallos's "clone") stay two.
   */
  contentId(parts: readonly string[]): string {
    const key = [this.format, ...parts].join('\u001f');
    const n = (this.seen.get(key) ?? 0) + 1;
    this.seen.set(key, n);
    return `${this.format}:${hashText(key)}${n > 1 ? `-${n}` : ''}`;
  }

  /**
   * An ISO code, or the currency of a symbol: ISO codes and unambiguous symbols map directly;
   * any other symbol is recorded as the file's ambiguous one and takes the user's answer, or the
   * row is skipped until there is one. Blank means the default currency.
   */
  currency(text: string): string {
    const trimmed = text.trim();
    if (trimmed === '') {
      const fallback = this.options.defaultCurrency;
      if (!fallback) skipRow('No currency given');
      return this.supported(fallback);
    }
    if (/^[A-Za-z]{3}$/.test(trimmed) && this.isCurrency(trimmed.toUpperCase())) return trimmed.toUpperCase();
    const single = currencyOfSymbol(trimmed);
    if (single) return this.supported(single);
    const symbol = symbolKey(trimmed);
    this.ambiguous.add(symbol);
    const chosen = this.options.symbolCurrencies?.[symbol];
    if (!chosen) skipRow(`Choose the currency of “${symbol}”`);
    return this.supported(chosen);
  }

  private supported(code: string): string {
    if (!this.isCurrency(code)) skipRow(`The currency ${code} is not supported`);
    return code;
  }

  /** Notes the name of the row being read, for the preview of a row skipped after it. */
  named(name: string): string {
    this.name = name;
    return name;
  }

  /** The result of a whole file: each row parsed by `read`, skips caught with their reasons. */
  result<T>(entries: readonly T[], lineOf: (entry: T, index: number) => number, read: (entry: T, line: number) => ImportRow): ImportParse {
    const rows: ParsedRow[] = [];
    for (const [index, entry] of entries.entries()) {
      const line = lineOf(entry, index);
      this.name = undefined;
      try {
        rows.push({ ok: true, row: read(entry, line) });
      } catch (error) {
        if (error instanceof FileRefused) return { ok: false, message: `Line ${line}: ${error.message}` };
        if (error instanceof RowSkipped) rows.push({ ok: false, line, reason: error.message, ...(this.name ? { name: this.name } : {}) });
        else throw error;
      }
    }
    return { ok: true, rows, ambiguousSymbols: [...this.ambiguous].sort() };
  }
}

/** A 64-bit hash of `text` as 16 hex digits (two FNV-1a 32-bit rounds with different seeds). */
export function hashText(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Undoes PHP's `htmlspecialchars` (Wallos): `&amp;` → `&`, `&#039;` → `'`, `&quot;` → `"`, numeric entities. */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/** Text as the product keeps it: control characters and direction overrides become spaces, spaces collapsed. */
export function cleanText(text: string): string {
  return [...text]
    .map((c) => (hasForbiddenCharacters(c) || c === '\n' || c === '\r' || c === '\t' ? ' ' : c))
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** The name of a row: required, cleaned, cut to 100 characters. */
export function rowName(text: string): string {
  const name = cleanText(text).slice(0, NAME_MAX_LENGTH).trim();
  if (!name) skipRow('The name is empty');
  return name;
}

/** A description from the parts a format has (notes, a URL…), joined by ' — ', cut to 500 characters. */
/**
 * A file's website field (issue 36 §2): its http or https address for the subscription's `url`; text that is
 * no such address (a comma-shifted column, an ftp address) is `notes`, kept in the description as before.
 */
export function rowWebsite(text: string): { url: string | null; notes: string } {
  const cleaned = cleanText(text);
  if (cleaned === '') return { url: null, notes: '' };
  const url = websiteAddress(cleaned);
  return url === undefined ? { url: null, notes: cleaned } : { url, notes: '' };
}

export function rowDescription(...parts: string[]): string {
  return parts
    .map(cleanText)
    .filter((p) => p !== '')
    .join(' — ')
    .slice(0, DESCRIPTION_MAX_LENGTH)
    .trim();
}

/**
 * A category as the product keeps it: a built-in's value when the name matches one
 * ('Music' → 'music', 'Cloud Storage' → 'cloud'), else the user's own text (≤ 50 characters);
 * blank → 'other' (shared/domain/categories.ts).
 */
export function rowCategory(text: string): string {
  const name = cleanText(text).slice(0, CATEGORY_MAX_LENGTH).trim();
  if (!name) return OTHER_CATEGORY;
  const key = categoryKey(name);
  return BUILT_IN_CATEGORIES.some((c) => c.value === key) ? key : name;
}

/** A checked amount: a number ≥ 0, at most 1,000,000, rounded to cents. */
export function rowAmount(value: number): number {
  if (!Number.isFinite(value)) skipRow('The amount is not a number');
  if (value < 0) skipRow('The amount is negative');
  if (value > AMOUNT_MAX) skipRow('The amount is over 1,000,000');
  return roundMoney(value);
}

/** A YYYY-MM-DD date (or the date of an RFC 3339 time at midnight UTC), or null when blank. */
export function optionalDate(text: string | null | undefined, what: string): string | null {
  const trimmed = (text ?? '').trim();
  if (trimmed === '' || trimmed === 'null') return null;
  const date = /^\d{4}-\d{2}-\d{2}(?:[T ]|$)/.test(trimmed) ? trimmed.slice(0, 10) : trimmed;
  if (!isCalendarDate(date)) skipRow(`The ${what} “${trimmed}” is not a date (YYYY-MM-DD)`);
  return date;
}

export function requiredDate(text: string | null | undefined, what: string): string {
  const date = optionalDate(text, what);
  if (!date) skipRow(`The ${what} is missing`);
  return date;
}

export interface Cycle {
  billingCycle: ImportCycle;
  cycleInterval: number;
}

export type CycleUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';

/**
 * A cycle of `count` units in the product's terms, in the largest unit that divides it:
 * every 3 months → quarterly, every 24 months → yearly × 2, every 4 weeks → weekly × 4,
 * every 14 days → weekly × 2. Days that are not whole weeks cannot be billed here: skipped.
 */
export function cycleOf(count: number, unit: CycleUnit, label: string): Cycle {
  if (!Number.isInteger(count) || count < 1) skipRow(`The billing cycle “${label}” is not understood`);
  const cycle = cycleIn(count, unit, label);
  if (cycle.cycleInterval > MAX_CYCLE_INTERVAL)
    skipRow(`The billing cycle “${label}” is too long: at most every 52 weeks, months, quarters or years`);
  return cycle;
}

function cycleIn(count: number, unit: CycleUnit, label: string): Cycle {
  switch (unit) {
    case 'day':
      if (count % 7 !== 0) skipRow(`The billing cycle “${label}” is not in whole weeks, months or years`);
      return { billingCycle: 'weekly', cycleInterval: count / 7 };
    case 'week':
      return { billingCycle: 'weekly', cycleInterval: count };
    case 'month':
      if (count % 12 === 0) return { billingCycle: 'yearly', cycleInterval: count / 12 };
      if (count % 3 === 0) return { billingCycle: 'quarterly', cycleInterval: count / 3 };
      return { billingCycle: 'monthly', cycleInterval: count };
    case 'quarter':
      if (count % 4 === 0) return { billingCycle: 'yearly', cycleInterval: count / 4 };
      return { billingCycle: 'quarterly', cycleInterval: count };
    case 'year':
      return { billingCycle: 'yearly', cycleInterval: count };
  }
}

const UNIT_WORDS: Readonly<Record<string, CycleUnit>> = {
  day: 'day',
  days: 'day',
  daily: 'day',
  week: 'week',
  weeks: 'week',
  weekly: 'week',
  month: 'month',
  months: 'month',
  monthly: 'month',
  quarter: 'quarter',
  quarters: 'quarter',
  quarterly: 'quarter',
  year: 'year',
  years: 'year',
  yearly: 'year',
  annual: 'year',
  annually: 'year',
  täglich: 'day',
  wöchentlich: 'week',
  monatlich: 'month',
  vierteljährlich: 'quarter',
  jährlich: 'year',
};

/**
 * A cycle written in words: 'Monthly', 'Yearly', 'Annual', 'Quarterly', 'Weekly', 'Fortnightly',
 * 'Biweekly', 'Daily', 'Every 3 Months', 'Every 4 Weeks', 'Every 2 Years', '2 months'. 'One-time'
 * and the like are not subscriptions: skipped.
 */
export function cycleFromWords(text: string): Cycle {
  const label = text.trim();
  const words = label.toLowerCase().replace(/[-_]/g, ' ').replace(/\s+/g, ' ');
  if (/^(one ?time|once|lifetime|single|never)$/.test(words)) skipRow(`A one-time payment (“${label}”) is not a subscription`);
  if (['fortnightly', 'biweekly', 'bi weekly', 'zweiwöchentlich'].includes(words)) return cycleOf(2, 'week', label);
  if (['semiannual', 'semi annual', 'semiannually', 'half yearly', 'halbjährlich'].includes(words)) return cycleOf(6, 'month', label);
  const single = UNIT_WORDS[words];
  if (single) return cycleOf(1, single, label);
  const every = /^(?:every )?(\d+) ([a-z]+)$/.exec(words);
  const unit = every ? UNIT_WORDS[every[2]] : undefined;
  if (!every || !unit) skipRow(`The billing cycle “${label}” is not understood`);
  return cycleOf(Number(every[1]), unit, label);
}
