/**
 * A spreadsheet the user keeps (issue 24 §6): any columns, mapped by the user to ours; RFC 4180
 * quoting; `,`, `;` or tab between fields; amounts in either notation ('9,99', '1.234,56',
 * '1,234.56'), with a symbol inside ('€9,99') or a symbol or code in the currency column;
 * cycles in words ('Monthly', 'Every 3 Months'); dates YYYY-MM-DD or DD.MM.YYYY.
 */
import { parseAmountText } from './amounts.js';
import { columnIndex, detectDelimiter, headerKey, readCsv } from './csv.js';
import { type ColumnMapping, MAPPED_FIELD_LABELS, MAPPED_FIELDS, type MappedField, REQUIRED_MAPPED_FIELDS } from './formats.js';
import {
  cycleFromWords,
  type ImportContext,
  type ImportParse,
  type ImportRow,
  requiredDate,
  rowAmount,
  rowCategory,
  rowDescription,
  rowName,
  withUnsaid,
} from './rows.js';

/** Header names that usually hold each field, English and German. */
const USUAL_HEADERS: Readonly<Record<MappedField, readonly string[]>> = {
  name: ['name', 'subscription', 'service', 'company', 'title', 'provider', 'abo', 'anbieter'],
  amount: ['amount', 'cost', 'price', 'fee', 'betrag', 'preis', 'kosten'],
  currency: ['currency', 'währung', 'waehrung'],
  billingCycle: ['billing cycle', 'cycle', 'frequency', 'interval', 'period', 'billing period', 'zahlungsintervall', 'intervall'],
  dueDate: [
    'next due',
    'due date',
    'due',
    'next payment',
    'next payment date',
    'renewal date',
    'next billing date',
    'renews',
    'fällig',
    'nächste zahlung',
  ],
  category: ['category', 'type', 'kategorie'],
  description: ['description', 'notes', 'note', 'comment', 'comments', 'notiz', 'notizen', 'beschreibung'],
};

/** The column headers of a spreadsheet's CSV (its first record). */
export function csvHeaders(fileText: string): string[] {
  const [header] = readCsv(fileText, { delimiter: detectDelimiter(fileText) });
  return header ? header.fields.map((h) => h.trim()) : [];
}

/** A first mapping from usual header names, for the user to check. */
export function suggestMapping(headers: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const taken = new Set<string>();
  for (const field of MAPPED_FIELDS) {
    const header = headers.find((h) => !taken.has(h) && USUAL_HEADERS[field].includes(headerKey(h)));
    if (header) {
      mapping[field] = header;
      taken.add(header);
    }
  }
  return mapping;
}

/** A spreadsheet date: YYYY-MM-DD, or DD.MM.YYYY as in much of Europe. */
function spreadsheetDate(text: string): string {
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  return requiredDate(dotted ? `${dotted[3]}-${dotted[2].padStart(2, '0')}-${dotted[1].padStart(2, '0')}` : text, 'next payment date');
}

export function parseGenericCsv(fileText: string, mapping: ColumnMapping | undefined, context: ImportContext): ImportParse {
  const [header, ...records] = readCsv(fileText, { delimiter: detectDelimiter(fileText) });
  if (!header) return { ok: false, message: 'The file is empty' };
  const missing = REQUIRED_MAPPED_FIELDS.filter((field) => !mapping?.[field]);
  if (missing.length > 0) return { ok: false, message: `Choose the column of ${missing.map((f) => MAPPED_FIELD_LABELS[f]).join(', ')}` };
  const index = new Map<MappedField, number>();
  for (const field of MAPPED_FIELDS) {
    const column = mapping?.[field];
    if (!column) continue;
    const i = columnIndex(header.fields, column);
    if (i < 0) return { ok: false, message: `The file has no column “${column}”` };
    index.set(field, i);
  }
  return context.result(
    records,
    (record) => record.line,
    (record, line) => {
      const at = (field: MappedField) => {
        const i = index.get(field);
        return i === undefined ? '' : (record.fields[i] ?? '').trim();
      };
      const externalId = context.contentId((['name', 'billingCycle', 'amount', 'currency', 'category', 'dueDate'] as const).map(at));
      const name = context.named(rowName(at('name')));
      const price = parseAmountText(at('amount'));
      const currency = context.currency(at('currency') || price.symbol);
      const cycle = cycleFromWords(at('billingCycle') || 'Monthly');
      const row: ImportRow = {
        line,
        externalId,
        name,
        description: rowDescription(at('description')),
        amount: rowAmount(price.amount),
        currency,
        category: rowCategory(at('category')),
        dueDate: spreadsheetDate(at('dueDate')),
        ...cycle,
        autoRenew: true,
        status: 'active',
        trialEndsAt: null,
        endsAt: null,
        noticeDays: null,
      };
      // A spreadsheet says nothing of auto-renew, trials, end dates or notice, nor of an unmapped column's field.
      return withUnsaid(row, [
        !index.has('description') && 'description',
        !index.has('category') && 'category',
        'autoRenew',
        'trialEndsAt',
        'endsAt',
        'noticeDays',
      ]);
    },
  );
}
