/**
 * Import from other trackers and spreadsheets (issue 24 §6): which format a file is, and its rows.
 * One file per format beside this one; the CSV reader and the row helpers are shared.
 */
import { readCsv, stripByteOrderMark } from './csv.js';
import type { ColumnMapping, ImportFormat } from './formats.js';
import { parseGenericCsv } from './generic-csv.js';
import { ImportContext, type ImportOptions, type ImportParse, parseJsonFile } from './rows.js';
import { EXPORT_FORMAT, parseOwnCsv, parseOwnJson } from './subscription-tracker.js';
import { parseSubTrackrCsv, parseSubTrackrJson } from './subtrackr.js';
import { parseTrackMySubsCsv } from './trackmysubs.js';
import { parseWallosCsv, parseWallosJson } from './wallos.js';

export type { CsvRecord } from './csv.js';
export { symbolCandidates } from './currency-symbols.js';
export * from './formats.js';
export { csvHeaders, suggestMapping } from './generic-csv.js';
export { countActions, type ImportCounts, importReasons, type KeptSubscription, type PlannedRow, planImport, sameNameKey } from './plan.js';
export type { ImportOptions, ImportParse, ImportRow, ParsedRow } from './rows.js';
export { exportCsv, exportedIdOf, exportJson } from './subscription-tracker.js';

/** The stable part of external ids per format: a Wallos CSV and JSON of the same data give the same ids. */
const ID_FAMILY: Readonly<Record<ImportFormat, string>> = {
  'subscription-tracker-json': EXPORT_FORMAT,
  'subscription-tracker-csv': EXPORT_FORMAT,
  'wallos-json': 'wallos',
  'wallos-csv': 'wallos',
  'subtrackr-json': 'subtrackr',
  'subtrackr-csv': 'subtrackr',
  'trackmysubs-csv': 'trackmysubs',
  'generic-csv': 'csv',
};

const keysOf = (value: unknown): string[] => (value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : []);

function detectJson(text: string): ImportFormat | null {
  const parsed = parseJsonFile(text);
  if (!parsed.ok) return null;
  const data = parsed.data;
  const list = Array.isArray(data) ? data : (data as { subscriptions?: unknown } | null)?.subscriptions;
  if (!Array.isArray(list)) return null;
  if ((data as { format?: unknown }).format === EXPORT_FORMAT) return 'subscription-tracker-json';
  const first = keysOf(list[0]);
  if (first.includes('Payment Cycle') || first.includes('Next Payment')) return 'wallos-json';
  if (first.includes('original_currency') || first.includes('renewal_date') || 'exported_at' in (data as object)) return 'subtrackr-json';
  if (Array.isArray(data) || 'success' in (data as object)) return list.length === 0 ? 'wallos-json' : null;
  return null;
}

function detectCsv(text: string): ImportFormat {
  const [header] = readCsv(text, { quoting: true, delimiter: ',' });
  const names = new Set((header?.fields ?? []).map((h) => h.trim().toLowerCase()));
  const has = (...columns: string[]) => columns.every((c) => names.has(c.toLowerCase()));
  if (has('External ID', 'Name', 'Amount', 'Currency', 'Next Payment', 'Billing Cycle', 'Cycle Interval'))
    return 'subscription-tracker-csv';
  if (has('Name', 'Payment Cycle', 'Next Payment', 'Price')) return 'wallos-csv';
  if (has('ID', 'Name', 'Cost', 'Currency', 'Schedule', 'Renewal Date')) return 'subtrackr-csv';
  if (has('Company', 'Cost') && (has('Frequency') || has('Cycle') || has('Expiry'))) return 'trackmysubs-csv';
  return 'generic-csv';
}

/**
 * The format of a file, from its shape and header: this product's own export by its `format` key
 * and its columns, other JSON by its keys (Wallos's 'Payment Cycle',
 * SubTrackr's 'original_currency' or 'exported_at'), CSV by its column names; any other CSV is a
 * spreadsheet to map. Null for an empty file or JSON of no known shape.
 */
export function detectFormat(fileText: string): ImportFormat | null {
  const text = stripByteOrderMark(fileText).trim();
  if (text === '') return null;
  if (text.startsWith('[') || text.startsWith('{')) return detectJson(text);
  return detectCsv(text);
}

export interface ParseImportInput extends ImportOptions {
  format: ImportFormat;
  fileText: string;
  mapping?: ColumnMapping;
  /** Whether the product keeps amounts in this ISO code. */
  isCurrency: (code: string) => boolean;
}

/** The rows of a file in the given format; file-level problems (not this format, a missing column) as a message. */
export function parseImport({ format, fileText, mapping, isCurrency, ...options }: ParseImportInput): ImportParse {
  const text = stripByteOrderMark(fileText);
  const context = new ImportContext(ID_FAMILY[format], options, isCurrency);
  switch (format) {
    case 'subscription-tracker-json':
      return parseOwnJson(text, context);
    case 'subscription-tracker-csv':
      return parseOwnCsv(text, context);
    case 'wallos-json':
      return parseWallosJson(text, context);
    case 'wallos-csv':
      return parseWallosCsv(text, context);
    case 'subtrackr-json':
      return parseSubTrackrJson(text, context);
    case 'subtrackr-csv':
      return parseSubTrackrCsv(text, context);
    case 'trackmysubs-csv':
      return parseTrackMySubsCsv(text, context);
    case 'generic-csv':
      return parseGenericCsv(text, mapping, context);
  }
}
