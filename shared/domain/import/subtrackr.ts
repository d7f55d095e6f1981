/**
 * SubTrackr's CSV and JSON exports (bscott/subtrackr ≥ 0.5.9; ../shared/samples/README.md). Each
 * subscription has its own id, which becomes the external id: a CSV and a JSON export of one
 * instance name the same subscriptions. Columns are read by header name (later releases add some).
 */
import { columnIndex, readCsv } from './csv.js';
import {
  type Cycle,
  cycleFromWords,
  cycleOf,
  type ImportContext,
  type ImportParse,
  type ImportRow,
  jsonSubscriptions,
  jsonText,
  optionalDate,
  requiredDate,
  rowAmount,
  rowCategory,
  rowDescription,
  rowName,
  rowWebsite,
  skipRow,
  withUnsaid,
} from './rows.js';

/** A SubTrackr subscription as read; an optional field is undefined when the file has no such column or key. */
interface SubTrackrEntry {
  id: string;
  name: string;
  category: string | undefined;
  cost: number;
  currency: string;
  schedule: string;
  interval: string;
  status: string;
  autopay: string | undefined;
  renewalDate: string;
  cancellationDate: string | undefined;
  url: string | undefined;
  notes: string | undefined;
}

const UNIT_OF_SCHEDULE: Readonly<Record<string, 'day' | 'week' | 'month' | 'quarter' | 'year'>> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  quarterly: 'quarter',
  annual: 'year',
  yearly: 'year',
};

/** 'Monthly' + interval 1, 'Every 2 Weeks' + 2, or the JSON's 'Weekly' + schedule_interval 2. */
function subTrackrCycle(schedule: string, interval: string): Cycle {
  const unit = UNIT_OF_SCHEDULE[schedule.trim().toLowerCase()];
  const count = Number(interval.trim() || '1');
  if (unit && Number.isInteger(count) && count >= 1) return cycleOf(count, unit, count === 1 ? schedule : `${schedule} × ${count}`);
  return cycleFromWords(schedule);
}

function subTrackrRow(entry: SubTrackrEntry, line: number, context: ImportContext): ImportRow {
  if (!entry.id.trim()) skipRow('The row has no ID');
  const name = context.named(rowName(entry.name));
  const cycle = subTrackrCycle(entry.schedule, entry.interval);
  const currency = context.currency(entry.currency);
  const dueDate = requiredDate(entry.renewalDate, 'renewal date');
  const status = entry.status.trim().toLowerCase();
  const running = status === 'active' || status === 'trial';
  const website = rowWebsite(entry.url ?? '');
  const row: ImportRow = {
    line,
    externalId: `subtrackr:${entry.id.trim()}`,
    name,
    description: rowDescription(entry.notes ?? '', website.notes),
    amount: rowAmount(entry.cost),
    currency,
    category: rowCategory(entry.category ?? ''),
    dueDate,
    ...cycle,
    autoRenew: (entry.autopay ?? '').trim().toLowerCase() !== 'false',
    status: running ? 'active' : 'canceled',
    trialEndsAt: status === 'trial' ? dueDate : null,
    endsAt: null,
    noticeDays: null,
    // The date the user typed, kept as that date (issue 35 §2.5); no such key says nothing of it.
    ...(entry.cancellationDate === undefined && running
      ? {}
      : { cancelByDate: running ? optionalDate(entry.cancellationDate, 'cancellation date') : null }),
    // No such column or key says nothing of the website: an update keeps the user's own.
    ...(entry.url === undefined ? {} : { url: website.url }),
  };
  // What the file has no column or key for is not said (the v0.5.9 JSON has no autopay): an update keeps it.
  return withUnsaid(row, [
    entry.autopay === undefined && 'autoRenew',
    entry.notes === undefined && website.notes === '' && 'description',
    entry.category === undefined && 'category',
    // SubTrackr has no notice period (its cancellation date is a date): an update keeps the user's own.
    'noticeDays',
  ]);
}

const CSV_COLUMNS = {
  id: 'ID',
  name: 'Name',
  category: 'Category',
  cost: 'Cost',
  currency: 'Currency',
  schedule: 'Schedule',
  interval: 'Schedule Interval',
  status: 'Status',
  autopay: 'Autopay',
  renewalDate: 'Renewal Date',
  cancellationDate: 'Cancellation Date',
  url: 'URL',
  notes: 'Notes',
} as const;

const OPTIONAL_CSV_COLUMNS = new Set<string>(['autopay', 'cancellationDate', 'url', 'notes', 'category', 'interval']);

export function parseSubTrackrCsv(fileText: string, context: ImportContext): ImportParse {
  const [header, ...records] = readCsv(fileText);
  if (!header) return { ok: false, message: 'The file is empty' };
  const index = {} as Record<keyof typeof CSV_COLUMNS, number>;
  for (const [field, column] of Object.entries(CSV_COLUMNS) as [keyof typeof CSV_COLUMNS, string][]) {
    index[field] = columnIndex(header.fields, column);
    if (index[field] < 0 && !OPTIONAL_CSV_COLUMNS.has(field)) return { ok: false, message: `The SubTrackr CSV has no “${column}” column` };
  }
  return context.result(
    records,
    (record) => record.line,
    (record, line) => {
      const at = (field: keyof typeof CSV_COLUMNS) => (index[field] >= 0 ? (record.fields[index[field]] ?? '') : '');
      // An optional column the file does not have says nothing of its field.
      const optional = (field: keyof typeof CSV_COLUMNS) => (index[field] >= 0 ? at(field) : undefined);
      const cost = at('cost').trim();
      if (!/^\d+(\.\d+)?$/.test(cost)) skipRow(`The cost “${cost}” is not a number`);
      return subTrackrRow(
        {
          id: at('id'),
          name: at('name'),
          category: optional('category'),
          cost: Number(cost),
          currency: at('currency'),
          schedule: at('schedule'),
          interval: at('interval'),
          status: at('status'),
          autopay: optional('autopay'),
          renewalDate: at('renewalDate'),
          cancellationDate: optional('cancellationDate'),
          url: optional('url'),
          notes: optional('notes'),
        },
        line,
        context,
      );
    },
  );
}

/** `{"exported_at": …, "subscriptions": [ … ], "total_count": N}`; unknown keys ignored. */
export function parseSubTrackrJson(fileText: string, context: ImportContext): ImportParse {
  const list = jsonSubscriptions(fileText, 'SubTrackr');
  if (!Array.isArray(list)) return list;
  return context.result(
    list,
    (_, index) => index + 1,
    (item, line) => {
      if (typeof item.cost !== 'number') skipRow('The cost is not a number');
      const category = item.category && typeof item.category === 'object' ? jsonText((item.category as { name?: unknown }).name) : '';
      // A key the entry does not have says nothing of its field.
      const optional = (key: string) => (key in item ? jsonText(item[key]) : undefined);
      return subTrackrRow(
        {
          id: jsonText(item.id),
          name: jsonText(item.name),
          category: 'category' in item ? category : undefined,
          cost: item.cost,
          currency: jsonText(item.original_currency),
          schedule: jsonText(item.schedule),
          interval: jsonText(item.schedule_interval),
          status: jsonText(item.status),
          autopay: optional('autopay'),
          renewalDate: jsonText(item.renewal_date),
          cancellationDate: optional('cancellation_date'),
          url: optional('url'),
          notes: optional('notes'),
        },
        line,
        context,
      );
    },
  );
}
