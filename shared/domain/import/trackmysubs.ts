/**
 * TrackMySubs CSV (help.trackmysubs.com "CSV Importing and Exporting"; partly inferred, see
 * ../shared/samples/README.md): columns found by name, case-insensitively; a required column that
 * is missing is named rather than guessed. `Frequency` counts `Cycle` units (3 + monthly = every 3
 * months); `Expiry` is the next payment; a blank `Currency` is the account's default; a blank `Id`
 * is a subscription the user added in the sheet, recognised again by its content.
 */

import { parseDecimal } from './amounts.js';
import { columnIndex, readCsv } from './csv.js';
import {
  cycleFromWords,
  type ImportContext,
  type ImportParse,
  requiredDate,
  rowAmount,
  rowCategory,
  rowDescription,
  rowName,
  skipRow,
} from './rows.js';

const REQUIRED = ['Company', 'Cost', 'Frequency', 'Cycle', 'Expiry', 'Status', 'Auto Renew'] as const;
const OPTIONAL = ['Id', 'Currency', 'Description', 'Category'] as const;

const CYCLE_UNITS: Readonly<Record<string, string>> = {
  daily: 'days',
  weekly: 'weeks',
  fortnightly: 'fortnights',
  monthly: 'months',
  quarterly: 'quarters',
  yearly: 'years',
  annually: 'years',
  annual: 'years',
};

export function parseTrackMySubsCsv(fileText: string, context: ImportContext): ImportParse {
  const [header, ...records] = readCsv(fileText);
  if (!header) return { ok: false, message: 'The file is empty' };
  const index = new Map<string, number>();
  for (const column of [...REQUIRED, ...OPTIONAL]) index.set(column, columnIndex(header.fields, column));
  const missing = REQUIRED.filter((column) => (index.get(column) ?? -1) < 0);
  if (missing.length > 0)
    return {
      ok: false,
      message: `The TrackMySubs CSV has no ${missing.map((c) => `“${c}”`).join(', ')} column${missing.length > 1 ? 's' : ''}`,
    };
  return context.result(
    records,
    (record) => record.line,
    (record, line) => {
      const at = (column: string) => {
        const i = index.get(column) ?? -1;
        return i >= 0 ? (record.fields[i] ?? '').trim() : '';
      };
      const id = at('Id');
      const externalId = id
        ? `trackmysubs:${id}`
        : context.contentId(['Company', 'Frequency', 'Cycle', 'Cost', 'Currency', 'Category', 'Expiry'].map(at));
      const name = context.named(rowName(at('Company')));
      const unitWord = at('Cycle').toLowerCase();
      const unit = CYCLE_UNITS[unitWord];
      const frequency = at('Frequency') || '1';
      if (!unit || !/^\d+$/.test(frequency)) skipRow(`The billing cycle “${frequency} ${at('Cycle')}” is not understood`);
      const cycle =
        unit === 'fortnights' ? cycleFromWords(`every ${2 * Number(frequency)} weeks`) : cycleFromWords(`every ${frequency} ${unit}`);
      const cost = parseDecimal(at('Cost'));
      if (cost === null) skipRow(`The cost “${at('Cost')}” is not a number`);
      const currency = context.currency(at('Currency'));
      const dueDate = requiredDate(at('Expiry'), 'expiry date');
      const status = at('Status').toLowerCase();
      return {
        line,
        externalId,
        name,
        description: rowDescription(at('Description')),
        amount: rowAmount(cost),
        currency,
        category: rowCategory(at('Category')),
        dueDate,
        ...cycle,
        autoRenew: !/^(no|false|0)$/i.test(at('Auto Renew')),
        status: status === 'active' || status === 'trial' ? 'active' : 'canceled',
        trialEndsAt: status === 'trial' ? dueDate : null,
        endsAt: null,
        noticeDays: null,
      };
    },
  );
}
