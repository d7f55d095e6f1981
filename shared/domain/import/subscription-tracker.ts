/**
 * This product's own export (issue 24 §6: "Export CSV and full JSON that re-imports to the same
 * data"): the JSON carries every field, price history included; the CSV the fields of one row.
 * Each subscription keeps the external id it was imported with, or is named
 * `subscription-tracker:<id>`, so importing an export again — into the same account or another one —
 * recognises what is already there.
 */
import { PAYMENT_STATUSES, type Payment } from '../../api/payments.js';
import { BILLING_CYCLES, type PriceChange, type Subscription, type SubscriptionOwnFields } from '../../api/subscription.js';
import { MAX_CYCLE_INTERVAL, MAX_NOTICE_DAYS, MAX_PRICE_CHANGES, occurrences, tooManyPricesMessage } from '../billing.js';
import { unneutralisedCell, writeCsv } from '../csv-writer.js';
import { MAX_IMPORTED_PAYMENTS, tooManyPaymentsMessage } from '../payments.js';
import { hasForbiddenCharacters } from '../text.js';
import { websiteAddress } from '../website.js';
import { columnIndex, readCsv } from './csv.js';
import {
  FileRefused,
  type ImportContext,
  type ImportParse,
  type ImportRow,
  jsonSubscriptions,
  jsonText,
  optionalDate,
  requiredDate,
  rowAmount,
  skipRow,
  withUnsaid,
} from './rows.js';

export const EXPORT_FORMAT = 'subscription-tracker';
export const EXPORT_VERSION = 1;

/** The external id a subscription is exported under. */
export function exportedIdOf(subscription: Pick<Subscription, 'id' | 'externalId'>): string {
  return subscription.externalId ?? `${EXPORT_FORMAT}:${subscription.id}`;
}

/** One renewal as the user marked it, as the JSON writes it: paid with the amount charged, or skipped. */
export type ExportedPayment = Pick<Payment, 'dueDate' | 'status' | 'amount' | 'currency'>;

/** The fields of one exported subscription, as the JSON writes them; `payments` oldest renewal first. */
export type ExportedSubscription = SubscriptionOwnFields & {
  externalId: string;
  status: 'active' | 'canceled';
  payments?: ExportedPayment[];
};

/** A subscription to export, with its payments when the exporter has them (GET /api/auth/export gives them). */
export type SubscriptionToExport = Subscription & { payments?: readonly ExportedPayment[] };

export interface SubscriptionExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  subscriptions: ExportedSubscription[];
}

/** The subscriptions an export holds: those the user keeps, not the trash. */
const exported = <T extends Subscription>(subscriptions: readonly T[]) =>
  subscriptions.filter((s): s is T & { status: 'active' | 'canceled' } => s.status !== 'deleted');

/** The payments as the JSON writes them: oldest renewal first, without the time they were recorded. */
const exportedPayments = (payments: readonly ExportedPayment[]): ExportedPayment[] =>
  [...payments]
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
    .map(({ dueDate, status, amount, currency }) => ({ dueDate, status, amount, currency }));

export function exportJson(subscriptions: readonly SubscriptionToExport[], exportedAt: string): string {
  const data: SubscriptionExport = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt,
    subscriptions: exported(subscriptions).map((s) => ({
      externalId: exportedIdOf(s),
      name: s.name,
      description: s.description,
      amount: s.amount,
      currency: s.currency,
      priceHistory: s.priceHistory,
      category: s.category,
      dueDate: s.dueDate,
      billingCycle: s.billingCycle,
      cycleInterval: s.cycleInterval,
      anchorDay: s.anchorDay,
      autoRenew: s.autoRenew,
      status: s.status,
      trialEndsAt: s.trialEndsAt,
      endsAt: s.endsAt,
      noticeDays: s.noticeDays,
      cancelByDate: s.cancelByDate ?? null,
      url: s.url ?? null,
      ...(s.payments ? { payments: exportedPayments(s.payments) } : {}),
    })),
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

export const EXPORT_CSV_COLUMNS = [
  'External ID',
  'Name',
  'Description',
  'Amount',
  'Currency',
  'Category',
  'Next Payment',
  'Billing Cycle',
  'Cycle Interval',
  'Auto Renew',
  'Status',
  'Trial Ends',
  'Ends',
  'Notice Days',
  'Website',
] as const;

/** The columns a CSV this product wrote before may lack: an import reads such a file as saying nothing of them. */
const LATER_CSV_COLUMNS: ReadonlySet<(typeof EXPORT_CSV_COLUMNS)[number]> = new Set(['Website']);

/** The subscriptions as CSV, through the product's one CSV writer (formula-like text neutralised, issue 34 §9). */
export function exportCsv(subscriptions: readonly Subscription[]): string {
  return writeCsv([
    EXPORT_CSV_COLUMNS,
    ...exported(subscriptions).map((s) => [
      exportedIdOf(s),
      s.name,
      s.description,
      s.amount.toFixed(2),
      s.currency,
      s.category,
      s.dueDate,
      s.billingCycle,
      String(s.cycleInterval),
      s.autoRenew ? 'yes' : 'no',
      s.status,
      s.trialEndsAt ?? '',
      s.endsAt ?? '',
      s.noticeDays === null ? '' : String(s.noticeDays),
      s.url ?? '',
    ]),
  ]);
}

interface OwnFields {
  externalId: string;
  name: string;
  description: string;
  amount: number;
  currency: string;
  category: string;
  dueDate: string;
  billingCycle: string;
  cycleInterval: number;
  autoRenew: boolean;
  status: string;
  trialEndsAt: string;
  endsAt: string;
  noticeDays: string;
  /** Absent: the file says nothing of it (a CSV, a JSON from before issue 35 §2.5). */
  cancelByDate?: string;
  /** Absent: the file says nothing of it (a file from before issue 36 §2). */
  url?: string;
  priceHistory?: unknown;
  anchorDay?: unknown;
  payments?: unknown;
}

/** A website as the product wrote it: none, or an http or https address (issue 36 §2). */
function ownWebsite(text: string): string | null {
  if (text.trim() === '') return null;
  return websiteAddress(text) ?? skipRow('The website is not an http or https address');
}

/** Text kept as the product wrote it; only what the product itself refuses is a reason to skip. */
function ownText(text: string, what: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length > max) skipRow(`The ${what} is longer than ${max} characters`);
  if (hasForbiddenCharacters(trimmed)) skipRow(`The ${what} contains characters that are not allowed`);
  return trimmed;
}

function priceHistoryOf(value: unknown, context: ImportContext): PriceChange[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length === 0) skipRow('The price history is not a list of prices');
  // Refuses the file (400), as the preview must: such a subscription could never be stored.
  if (value.length > MAX_PRICE_CHANGES)
    throw new FileRefused(`the price history has ${value.length.toLocaleString('en-US')} prices. ${tooManyPricesMessage}`);
  return value.map((entry) => {
    const change = (entry ?? {}) as Record<string, unknown>;
    if (typeof change.amount !== 'number' || typeof change.currency !== 'string' || typeof change.effectiveFrom !== 'string')
      skipRow('The price history is not a list of prices');
    return {
      amount: rowAmount(change.amount),
      currency: context.currency(change.currency),
      effectiveFrom: requiredDate(change.effectiveFrom, 'price change date'),
    };
  });
}

/**
 * The payments of an exported subscription (issue 35 §2.9), each for one of its renewals: the file is
 * refused past {@link MAX_IMPORTED_PAYMENTS}, a row whose payments are not a list of them is skipped.
 */
function paymentsOf(value: unknown, row: ImportRow, context: ImportContext): ImportRow['payments'] {
  if (value === undefined) return undefined;
  const notPayments = 'The payments are not a list of paid or skipped renewals';
  if (!Array.isArray(value)) skipRow(notPayments);
  if (value.length > MAX_IMPORTED_PAYMENTS)
    throw new FileRefused(`the subscription has ${value.length.toLocaleString('en-US')} payments. ${tooManyPaymentsMessage}`);
  const seen = new Set<string>();
  return value.map((entry) => {
    const payment = (entry ?? {}) as Record<string, unknown>;
    const status = PAYMENT_STATUSES.find((s) => s === payment.status);
    if (!status || typeof payment.amount !== 'number' || typeof payment.currency !== 'string' || typeof payment.dueDate !== 'string')
      skipRow(notPayments);
    const dueDate = requiredDate(payment.dueDate, 'payment date');
    const schedule = { ...row, status: 'active' as const, anchorDay: row.anchorDay };
    if (seen.has(dueDate) || occurrences(schedule, dueDate, dueDate).length !== 1)
      skipRow(`The payment of ${dueDate} is not for one of its renewal dates`);
    seen.add(dueDate);
    return { dueDate, status, amount: rowAmount(payment.amount), currency: context.currency(payment.currency) };
  });
}

function ownRow(fields: OwnFields, line: number, context: ImportContext): ImportRow {
  if (!fields.externalId.trim()) skipRow('The row has no external ID');
  const name = context.named(ownText(fields.name, 'name', 100));
  if (!name) skipRow('The name is empty');
  const billingCycle = BILLING_CYCLES.find((c) => c === fields.billingCycle);
  if (!billingCycle) skipRow(`The billing cycle “${fields.billingCycle}” is not understood`);
  const cycleInterval = fields.cycleInterval;
  if (!Number.isInteger(cycleInterval) || cycleInterval < 1 || cycleInterval > MAX_CYCLE_INTERVAL)
    skipRow(`The cycle interval must be a whole number from 1 to ${MAX_CYCLE_INTERVAL}`);
  const notice = fields.noticeDays.trim();
  if (notice !== '' && (!/^\d+$/.test(notice) || Number(notice) > MAX_NOTICE_DAYS))
    skipRow(`The notice period “${notice}” is not a number of days from 0 to ${MAX_NOTICE_DAYS}`);
  const priceHistory = priceHistoryOf(fields.priceHistory, context);
  const latest = priceHistory?.at(-1);
  if (latest && (latest.amount !== fields.amount || latest.currency !== fields.currency.trim().toUpperCase()))
    skipRow('The price history does not end with the amount');
  const anchorDay = fields.anchorDay;
  if (anchorDay !== undefined && (typeof anchorDay !== 'number' || !Number.isInteger(anchorDay) || anchorDay < 1 || anchorDay > 31))
    skipRow('The anchor day is not a day of the month');
  const row: ImportRow = {
    line,
    externalId: fields.externalId.trim(),
    name,
    description: ownText(fields.description, 'description', 500),
    amount: rowAmount(fields.amount),
    currency: context.currency(fields.currency),
    category: ownText(fields.category, 'category', 50) || 'other',
    dueDate: requiredDate(fields.dueDate, 'next payment'),
    billingCycle,
    cycleInterval,
    autoRenew: fields.autoRenew,
    status: fields.status === 'canceled' ? 'canceled' : 'active',
    trialEndsAt: optionalDate(fields.trialEndsAt, 'trial end'),
    endsAt: optionalDate(fields.endsAt, 'end date'),
    noticeDays: notice === '' ? null : Number(notice),
    ...(fields.cancelByDate === undefined ? {} : { cancelByDate: optionalDate(fields.cancelByDate, 'cancel-by date') }),
    ...(fields.url === undefined ? {} : { url: ownWebsite(fields.url) }),
    ...(priceHistory ? { priceHistory } : {}),
    ...(typeof anchorDay === 'number' ? { anchorDay } : {}),
  };
  const payments = paymentsOf(fields.payments, row, context);
  return payments ? { ...row, payments } : row;
}

export function parseOwnJson(fileText: string, context: ImportContext): ImportParse {
  const list = jsonSubscriptions(fileText, 'Subscription Tracker');
  if (!Array.isArray(list)) return list;
  return context.result(
    list,
    (_, index) => index + 1,
    (item, line) => {
      if (typeof item.amount !== 'number') skipRow('The amount is not a number');
      // A key the entry does not have says nothing of its field (issue 35 §2.10): an update keeps it.
      const unsaid = OPTIONAL_JSON_KEYS.filter((key) => !(key in item));
      const row = ownRow(
        {
          externalId: jsonText(item.externalId),
          name: jsonText(item.name),
          description: jsonText(item.description),
          amount: item.amount,
          currency: jsonText(item.currency),
          category: jsonText(item.category),
          dueDate: jsonText(item.dueDate),
          billingCycle: jsonText(item.billingCycle),
          cycleInterval: typeof item.cycleInterval === 'number' ? item.cycleInterval : 1,
          autoRenew: item.autoRenew !== false,
          status: jsonText(item.status),
          trialEndsAt: jsonText(item.trialEndsAt),
          endsAt: jsonText(item.endsAt),
          noticeDays: jsonText(item.noticeDays),
          ...('cancelByDate' in item ? { cancelByDate: jsonText(item.cancelByDate) } : {}),
          ...('url' in item ? { url: jsonText(item.url) } : {}),
          priceHistory: item.priceHistory,
          anchorDay: item.anchorDay,
          payments: item.payments,
        },
        line,
        context,
      );
      return withUnsaid(row, unsaid);
    },
  );
}

/** The keys of an exported subscription whose absence leaves the field unsaid. */
const OPTIONAL_JSON_KEYS = ['description', 'category', 'autoRenew', 'trialEndsAt', 'endsAt', 'noticeDays'] as const;

export function parseOwnCsv(fileText: string, context: ImportContext): ImportParse {
  const [header, ...records] = readCsv(fileText);
  if (!header) return { ok: false, message: 'The file is empty' };
  const index = new Map<string, number>();
  for (const column of EXPORT_CSV_COLUMNS) {
    const i = columnIndex(header.fields, column);
    if (i < 0 && LATER_CSV_COLUMNS.has(column)) continue;
    if (i < 0) return { ok: false, message: `The Subscription Tracker CSV has no “${column}” column` };
    index.set(column, i);
  }
  return context.result(
    records,
    (record) => record.line,
    (record, line) => {
      // The writer's `'` before formula-like text is dropped, so the export reads back as it was.
      const at = (column: (typeof EXPORT_CSV_COLUMNS)[number]) => unneutralisedCell(record.fields[index.get(column) ?? -1] ?? '');
      const amount = at('Amount').trim();
      if (!/^\d+(\.\d+)?$/.test(amount)) skipRow(`The amount “${amount}” is not a number`);
      const interval = at('Cycle Interval').trim();
      return ownRow(
        {
          externalId: at('External ID'),
          name: at('Name'),
          description: at('Description'),
          amount: Number(amount),
          currency: at('Currency'),
          category: at('Category'),
          dueDate: at('Next Payment'),
          billingCycle: at('Billing Cycle').trim(),
          cycleInterval: /^\d+$/.test(interval) ? Number(interval) : Number.NaN,
          autoRenew: at('Auto Renew').trim() !== 'no',
          status: at('Status').trim(),
          trialEndsAt: at('Trial Ends'),
          endsAt: at('Ends'),
          noticeDays: at('Notice Days'),
          ...(index.has('Website') ? { url: at('Website') } : {}),
        },
        line,
        context,
      );
    },
  );
}
