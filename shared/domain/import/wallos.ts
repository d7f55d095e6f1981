/**
 * Wallos "Export as JSON" and "Export as CSV" (ellite/Wallos 5.4; ../shared/samples/README.md):
 * one entry per subscription with the keys below, names and notes HTML-escaped, prices as a
 * currency symbol glued to the number, no id. The CSV is unquoted, so a comma in a URL shifts
 * the columns after it: such a row has one field too many and is skipped, never read shifted.
 */
import { parseSymbolPrice } from './amounts.js';
import { readCsv } from './csv.js';
import {
  cycleFromWords,
  decodeHtmlEntities,
  type ImportContext,
  type ImportParse,
  type ImportRow,
  optionalDate,
  parseJsonFile,
  requiredDate,
  rowAmount,
  rowCategory,
  rowDescription,
  rowName,
  rowWebsite,
  skipRow,
  withUnsaid,
} from './rows.js';

export const WALLOS_KEYS = [
  'Name',
  'Payment Cycle',
  'Next Payment',
  'Renewal',
  'Category',
  'Payment Method',
  'Paid By',
  'Price',
  'Notes',
  'URL',
  'State',
  'Notifications',
  'Cancellation Date',
  'Active',
] as const;

type WallosEntry = Record<string, string>;

function wallosRow(entry: WallosEntry, line: number, context: ImportContext): ImportRow {
  const text = (key: string) => decodeHtmlEntities(entry[key] ?? '');
  const externalId = context.contentId(['Name', 'Payment Cycle', 'Price', 'Category', 'Next Payment'].map(text));
  const name = context.named(rowName(text('Name')));
  const cycle = cycleFromWords(text('Payment Cycle'));
  const price = parseSymbolPrice(text('Price'));
  const currency = context.currency(price.symbol);
  const dueDate = requiredDate(text('Next Payment'), 'next payment');
  const category = text('Category').trim();
  const active = text('State') !== 'Disabled' && text('Active') !== 'No';
  const website = rowWebsite(text('URL'));
  const row: ImportRow = {
    line,
    externalId,
    name,
    description: rowDescription(text('Notes'), website.notes),
    amount: rowAmount(price.amount),
    currency,
    category: rowCategory(category === 'No category' ? '' : category),
    dueDate,
    ...cycle,
    autoRenew: text('Renewal') !== 'Manual',
    status: active ? 'active' : 'canceled',
    trialEndsAt: null,
    endsAt: null,
    noticeDays: null,
    // The date the user typed, kept as that date (issue 35 §2.5), not turned into a notice period.
    cancelByDate: active ? optionalDate(text('Cancellation Date'), 'cancellation date') : null,
    url: website.url,
  };
  // Wallos has no notice period: an update keeps the user's own.
  return withUnsaid(row, ['noticeDays']);
}

/** Wallos's JSON: the bare array of the download, or the endpoint's `{"success":true,"subscriptions":[…]}`. */
export function parseWallosJson(fileText: string, context: ImportContext): ImportParse {
  const parsed = parseJsonFile(fileText);
  if (!parsed.ok) return parsed;
  const data = parsed.data;
  const list = Array.isArray(data) ? data : (data as { subscriptions?: unknown } | null)?.subscriptions;
  if (!Array.isArray(list)) return { ok: false, message: 'The file is not a Wallos export: it has no list of subscriptions' };
  const entries = list.map((item): WallosEntry => {
    const entry: WallosEntry = {};
    if (item && typeof item === 'object') {
      for (const [key, value] of Object.entries(item)) entry[key] = value === null || value === undefined ? '' : String(value);
    }
    return entry;
  });
  return context.result(
    entries,
    (_, index) => index + 1,
    (entry, line) => wallosRow(entry, line, context),
  );
}

/** Wallos's unquoted CSV; each row is read by the header's names, and only when it has the header's field count. */
export function parseWallosCsv(fileText: string, context: ImportContext): ImportParse {
  const [header, ...records] = readCsv(fileText, { quoting: false });
  if (!header?.fields.includes('Name') || !header.fields.includes('Price'))
    return { ok: false, message: 'The file is not a Wallos CSV export: its first line must name the columns' };
  return context.result(
    records,
    (record) => record.line,
    (record, line) => {
      if (record.fields.length > header.fields.length)
        skipRow(
          `This line has ${record.fields.length} fields where the header has ${header.fields.length}: a comma in its URL shifted the columns. Remove the comma, or import the Wallos JSON export`,
        );
      if (record.fields.length < header.fields.length)
        skipRow(
          `This line has ${record.fields.length} fields where the header has ${header.fields.length}: a line break in a value cut it short`,
        );
      const entry: WallosEntry = {};
      header.fields.forEach((key, i) => {
        entry[key] = record.fields[i];
      });
      return wallosRow(entry, line, context);
    },
  );
}
