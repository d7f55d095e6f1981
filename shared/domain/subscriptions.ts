/**
 * Subscription rules (SPEC §2 'Dashboard', §4 'Subscription', §5 'Search and date rules',
 * §9 'Computations' and 'Lists'; DESIGN §5 billingCycle). Pure: no AWS, no DOM, no clock
 * unless one is passed in. Amounts are USD per billing cycle; dates are YYYY-MM-DD.
 */
import type { BillingCycle, Subscription, SubscriptionStatus } from '../api/subscriptions.js';
import { type Category, categoryColor, categoryKey, categoryLabel } from './categories.js';
import { formatUsd, roundMoney } from './currency.js';
import { addDays, addMonthsClamped, daysBetween, formatDateShort, parseCalendarDate } from './dates.js';

/** SPEC §9 'Due-soon window: 0 to 10 days'. */
export const DUE_SOON_DAYS = 10;
/** SPEC §9 'Trash recovery window and permanent-delete grace period: 30 days'. */
export const TRASH_DAYS = 30;
/** SPEC §9 'Paging: 8 subscriptions per page'. */
export const PAGE_SIZE = 8;
/** SPEC §9 'Next due … otherwise the text 'None upcoming''. */
export const NONE_UPCOMING = 'None upcoming';
/** Years in the yearly report's projection (SPEC §9 '5-year projection'). */
export const PROJECTION_YEARS = 5;

const MS_PER_DAY = 86_400_000;

type Sub = Pick<Subscription, 'status' | 'dueDate'>;
type Priced = Pick<Subscription, 'amount' | 'billingCycle'>;

/** An amount that may arrive as a string (SPEC §3) as a number; anything unreadable is 0. */
function amountOf(sub: Pick<Subscription, 'amount'>): number {
  const n = Number(sub.amount);
  return Number.isFinite(n) ? n : 0;
}

/** True for status 'active' (SPEC §4). */
export function isActive(sub: Pick<Subscription, 'status'>): boolean {
  return sub.status === 'active';
}

/**
 * Whole calendar days from `today` to `dueDate`: 0 when due today, negative when past
 * (SPEC §5 'whole days from today'). NaN when either is not a YYYY-MM-DD date, which makes
 * every due-date predicate below false rather than throwing on one bad record.
 */
export function daysUntilDue(dueDate: string, today: string): number {
  if (!parseCalendarDate(dueDate) || !parseCalendarDate(today)) return Number.NaN;
  return daysBetween(today, dueDate);
}

/** Due soon: active and due 0 to 10 whole days from today (SPEC §5 'Search and date rules', §9). */
export function isDueSoon(sub: Sub, today: string): boolean {
  const days = daysUntilDue(sub.dueDate, today);
  return isActive(sub) && days >= 0 && days <= DUE_SOON_DAYS;
}

/** Overdue: active and due fewer than 0 days from today (SPEC §5). */
export function isOverdue(sub: Sub, today: string): boolean {
  return isActive(sub) && daysUntilDue(sub.dueDate, today) < 0;
}

/** Renew is offered for an active subscription due today or in the past (SPEC §4). */
export function isRenewable(sub: Sub, today: string): boolean {
  return isActive(sub) && daysUntilDue(sub.dueDate, today) <= 0;
}

/** The canonical cycle of a stored or sent value: 'annual' is yearly, anything unknown monthly (DESIGN §5). */
export function normalizeCycle(cycle: string | null | undefined): BillingCycle {
  if (cycle === 'weekly' || cycle === 'monthly' || cycle === 'quarterly' || cycle === 'yearly') return cycle;
  if (cycle === 'annual') return 'yearly';
  return 'monthly';
}

/**
 * The due date after one Renew (SPEC §4 'Renew extends the due date', DESIGN §5 'by one
 * cycle'): weekly +7 days, monthly +1 calendar month, quarterly +3, yearly +12, the day clamped
 * to the month's end (Jan 31 → Feb 28/29; Feb 29 → Feb 28 next year). Counts from the current
 * due date, not from today. Throws RangeError on an invalid date.
 */
export function renewedDueDate(dueDate: string, cycle: string): string {
  switch (normalizeCycle(cycle)) {
    case 'weekly':
      return addDays(dueDate, 7);
    case 'quarterly':
      return addMonthsClamped(dueDate, 3);
    case 'yearly':
      return addMonthsClamped(dueDate, 12);
    default:
      return addMonthsClamped(dueDate, 1);
  }
}

/** When a soft-deleted subscription is purged: deletedAt + 30 days (SPEC §9), or null without a valid deletedAt. */
export function permanentDeleteAt(deletedAt: string | null | undefined): Date | null {
  const ms = deletedAt ? Date.parse(deletedAt) : Number.NaN;
  return Number.isNaN(ms) ? null : new Date(ms + TRASH_DAYS * MS_PER_DAY);
}

/** Whole 24-hour days elapsed since `deletedAt` (never negative), or null without a valid deletedAt. */
function daysSinceDeletion(deletedAt: string | null | undefined, now: Date): number | null {
  const ms = deletedAt ? Date.parse(deletedAt) : Number.NaN;
  if (Number.isNaN(ms)) return null;
  return Math.floor(Math.max(0, now.getTime() - ms) / MS_PER_DAY);
}

/**
 * Days until a trashed subscription is removed for good: 30 minus whole days since deletion,
 * floored at 0 (SPEC §4 'Deleted (trash)'). Without a valid deletedAt, the full 30.
 */
export function daysUntilPermanentDelete(deletedAt: string | null | undefined, now: Date = new Date()): number {
  const since = daysSinceDeletion(deletedAt, now);
  return since === null ? TRASH_DAYS : Math.max(0, TRASH_DAYS - since);
}

/** True once 30 or more days have passed since deletion (SPEC §4, §9): no longer recoverable. */
export function isPurged(deletedAt: string | null | undefined, now: Date = new Date()): boolean {
  const since = daysSinceDeletion(deletedAt, now);
  return since !== null && since >= TRASH_DAYS;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The banner of a deleted card: 'Deleted (N days until permanent)' (SPEC §2), '1 day' in the singular. */
export function deletedBannerText(deletedAt: string | null | undefined, now: Date = new Date()): string {
  return `Deleted (${plural(daysUntilPermanentDelete(deletedAt, now), 'day', 'days')} until permanent)`;
}

/** The badge on an active card (SPEC §2 'Subscription card badges'). */
export type DueBadge =
  | { kind: 'pastDue'; days: number; text: 'Past Due' }
  | { kind: 'dueToday'; days: 0; text: 'Due today!' }
  | { kind: 'dueSoon'; days: number; text: string }
  | { kind: 'remaining'; days: number; text: string };

/**
 * The due badge of a card (SPEC §2): 'Past Due' before today, 'Due today!' on the day,
 * 'Due in N day(s)' within the 10-day window ('Due in 1 day', 'Due in 3 days'), else
 * 'N days remaining'. Null for canceled or deleted cards (they show their own banners) and for
 * an unreadable due date.
 */
export function dueBadge(sub: Sub, today: string): DueBadge | null {
  const days = daysUntilDue(sub.dueDate, today);
  if (!isActive(sub) || Number.isNaN(days)) return null;
  if (days < 0) return { kind: 'pastDue', days, text: 'Past Due' };
  if (days === 0) return { kind: 'dueToday', days: 0, text: 'Due today!' };
  if (days <= DUE_SOON_DAYS) return { kind: 'dueSoon', days, text: `Due in ${plural(days, 'day', 'days')}` };
  return { kind: 'remaining', days, text: `${plural(days, 'day', 'days')} remaining` };
}

/**
 * The past-due card's explanation (SPEC §2). For monthly subscriptions it is SPEC's exact text;
 * other cycles name their own renewal step ('extend by 1 week', '3 months', '1 year').
 */
export function pastDueMessage(cycle: string = 'monthly'): string {
  const step = { weekly: '1 week', monthly: '1 month', quarterly: '3 months', yearly: '1 year' }[normalizeCycle(cycle)];
  return `This date has already passed. Click Renew to extend by ${step}, or change the date if this is a mistake.`;
}

/** The amount label on a card: '/week', '/month', '/quarter', '/year' (SPEC §2 'labelled /month', DESIGN §5). */
export function cycleLabel(cycle: string): string {
  return { weekly: '/week', monthly: '/month', quarterly: '/quarter', yearly: '/year' }[normalizeCycle(cycle)];
}

/** The cycle's display name: 'Weekly', 'Monthly', 'Quarterly', 'Yearly' (form select, reports). */
export function cycleName(cycle: string): string {
  return { weekly: 'Weekly', monthly: 'Monthly', quarterly: 'Quarterly', yearly: 'Yearly' }[normalizeCycle(cycle)];
}

/** SPEC §9 'Yearly cost multipliers: monthly x12, quarterly x4, yearly or annual x1, weekly x52, anything else x12'. */
export function yearlyMultiplier(cycle: string): number {
  switch (cycle) {
    case 'weekly':
      return 52;
    case 'quarterly':
      return 4;
    case 'yearly':
    case 'annual':
      return 1;
    default:
      return 12;
  }
}

/** Cost per year of one subscription, in USD, rounded to cents (SPEC §9 multipliers). */
export function yearlyAmount(sub: Priced): number {
  return roundMoney(amountOf(sub) * yearlyMultiplier(sub.billingCycle));
}

/**
 * Cost per month of one subscription, in USD, unrounded (DESIGN §5 'the Monthly Total
 * normalises to a month'): monthly as is, quarterly / 3, yearly / 12, weekly × 52 / 12;
 * consistent with {@link yearlyMultiplier} / 12. Round for display with roundMoney or formatMoney.
 */
export function monthlyAmount(sub: Priced): number {
  const amount = amountOf(sub);
  switch (sub.billingCycle as string) {
    case 'weekly':
      return (amount * 52) / 12;
    case 'quarterly':
      return amount / 3;
    case 'yearly':
    case 'annual':
      return amount / 12;
    default:
      return amount;
  }
}

/** Monthly Total card: the sum of active subscriptions' monthly-normalised amounts, rounded to cents (SPEC §9, DESIGN §5). */
export function monthlyTotal(subs: readonly (Priced & Pick<Subscription, 'status'>)[]): number {
  return roundMoney(subs.filter(isActive).reduce((sum, s) => sum + monthlyAmount(s), 0));
}

/** Next Due card: the earliest active due date that is today or later, or null → show {@link NONE_UPCOMING} (SPEC §9). */
export function nextDue(subs: readonly Sub[], today: string): string | null {
  let best: string | null = null;
  for (const s of subs) {
    if (!isActive(s) || !(daysUntilDue(s.dueDate, today) >= 0)) continue;
    if (best === null || s.dueDate < best) best = s.dueDate;
  }
  return best;
}

/** How many active subscriptions are due soon: the 'Due in 10 Days' card (SPEC §2, §5). */
export function countDueSoon(subs: readonly Sub[], today: string): number {
  return subs.filter((s) => isDueSoon(s, today)).length;
}

export interface DashboardStats {
  /** Subscriptions not in the trash (active and canceled). */
  totalSubscriptions: number;
  dueSoon: number;
  /** USD per month, rounded to cents; format with formatMoney for the chosen currency. */
  monthlyTotal: number;
  /** YYYY-MM-DD, or null for 'None upcoming'. */
  nextDue: string | null;
}

/**
 * The four stats cards (SPEC §2): Total Subscriptions (everything not in the trash), Due in 10
 * Days, Monthly Total and Next Due.
 */
export function dashboardStats(subs: readonly (Sub & Priced)[], today: string): DashboardStats {
  return {
    totalSubscriptions: subs.filter((s) => s.status !== 'deleted').length,
    dueSoon: countDueSoon(subs, today),
    monthlyTotal: monthlyTotal(subs),
    nextDue: nextDue(subs, today),
  };
}

export interface CategorySlice {
  /** Canonical category value (see categoryKey). */
  category: string;
  /** Capitalised display name ('Cloud Storage'). */
  label: string;
  /** USD per month, rounded to cents. */
  amount: number;
  /** Pie colour (see categoryColor). */
  color: string;
}

/**
 * 'Spending by Category' (SPEC §9): per category, the sum of active subscriptions'
 * monthly-normalised amounts, rounded to 2 decimals, with capitalised names and the pie colour;
 * largest first (ties by label). Categories totalling $0.00 are left out (no empty slices).
 */
export function categoryBreakdown(
  subs: readonly (Priced & Pick<Subscription, 'status' | 'category'>)[],
  custom: readonly Category[] = [],
): CategorySlice[] {
  const sums = new Map<string, { raw: string; sum: number }>();
  for (const s of subs) {
    if (!isActive(s)) continue;
    const key = categoryKey(s.category);
    const entry = sums.get(key) ?? { raw: s.category, sum: 0 };
    entry.sum += monthlyAmount(s);
    sums.set(key, entry);
  }
  return [...sums.entries()]
    .map(([category, { raw, sum }]) => ({
      category,
      label: categoryLabel(raw, custom),
      amount: roundMoney(sum),
      color: categoryColor(category),
    }))
    .filter((slice) => slice.amount > 0)
    .sort((a, b) => b.amount - a.amount || compareText(a.label, b.label));
}

export interface YearlyReportRow {
  name: string;
  /** Canonical category value; 'other' when missing (SPEC §9). */
  category: string;
  label: string;
  billingCycle: BillingCycle;
  /** USD per cycle. */
  amount: number;
  /** USD per year (amount × SPEC §9 multiplier), rounded to cents. */
  yearly: number;
}

export interface YearlyReport {
  /** Number of active subscriptions counted. */
  count: number;
  yearlyTotal: number;
  /** yearlyTotal / 12, rounded to cents (SPEC §9). */
  monthlyAverage: number;
  byCategory: { category: string; label: string; yearly: number }[];
  /** Year 1 to 5: yearlyTotal × year (SPEC §9). */
  projection: { year: number; total: number }[];
  rows: YearlyReportRow[];
}

/**
 * The Yearly Spending report (SPEC §2, §9): active subscriptions only, each at amount × its
 * cycle's multiplier; 'Other' for a missing category; the total is the sum of the rows' rounded
 * yearly costs, so the rows add up to it. Rows and categories are largest first (ties by name).
 */
export function yearlyReport(
  subs: readonly (Pick<Subscription, 'name' | 'amount' | 'category' | 'status'> & { billingCycle: string })[],
  custom: readonly Category[] = [],
): YearlyReport {
  const rows: YearlyReportRow[] = subs
    .filter(isActive)
    .map((s) => ({
      name: s.name,
      category: categoryKey(s.category),
      label: categoryLabel(s.category, custom),
      billingCycle: normalizeCycle(s.billingCycle),
      amount: roundMoney(amountOf(s)),
      yearly: roundMoney(amountOf(s) * yearlyMultiplier(s.billingCycle)),
    }))
    .sort((a, b) => b.yearly - a.yearly || compareText(a.name, b.name));
  const yearlyTotal = roundMoney(rows.reduce((sum, r) => sum + r.yearly, 0));
  const byKey = new Map<string, { category: string; label: string; yearly: number }>();
  for (const r of rows) {
    const entry = byKey.get(r.category) ?? { category: r.category, label: r.label, yearly: 0 };
    entry.yearly += r.yearly;
    byKey.set(r.category, entry);
  }
  const byCategory = [...byKey.values()]
    .map((c) => ({ ...c, yearly: roundMoney(c.yearly) }))
    .sort((a, b) => b.yearly - a.yearly || compareText(a.label, b.label));
  const projection = Array.from({ length: PROJECTION_YEARS }, (_, i) => ({
    year: i + 1,
    total: roundMoney(yearlyTotal * (i + 1)),
  }));
  return {
    count: rows.length,
    yearlyTotal,
    monthlyAverage: roundMoney(yearlyTotal / 12),
    byCategory,
    projection,
    rows,
  };
}

/** Neutralises spreadsheet formulas in a text cell (OWASP CSV injection): '=SUM(A1)' → "'=SUM(A1)". */
function safeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The report as a table of cells: the subscription rows, then categories, projection and summary. */
function reportTable(report: YearlyReport, date: string): string[][] {
  const money = (n: number) => n.toFixed(2);
  return [
    ['Name', 'Category', 'Billing Cycle', 'Amount (USD)', 'Yearly Cost (USD)'],
    ...report.rows.map((r) => [
      safeCell(r.name),
      safeCell(r.label),
      cycleName(r.billingCycle),
      money(r.amount),
      money(r.yearly),
    ]),
    [],
    ['Category', 'Yearly Cost (USD)'],
    ...report.byCategory.map((c) => [safeCell(c.label), money(c.yearly)]),
    [],
    ['Projection', 'Total (USD)'],
    ...report.projection.map((p) => [`Year ${p.year}`, money(p.total)]),
    [],
    ['Yearly Total (USD)', money(report.yearlyTotal)],
    ['Monthly Average (USD)', money(report.monthlyAverage)],
    ['Active Subscriptions', String(report.count)],
    ['Report Date', date],
  ];
}

/** One CSV field per RFC 4180: quoted when it holds a comma, quote, line break or edge space; quotes doubled. */
export function csvField(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The report as CSV (SPEC §2 'CSV download'): a header and one line per active subscription
 * (plain numbers with 2 decimals so spreadsheets can sum them), then the category breakdown,
 * the 5-year projection and the totals, with the report date. CRLF line ends (RFC 4180);
 * names with commas or quotes are quoted and escaped, formula-like text is neutralised.
 */
export function reportCsv(report: YearlyReport, date: string): string {
  return `${reportTable(report, date)
    .map((row) => row.map(csvField).join(','))
    .join('\r\n')}\r\n`;
}

/**
 * The same table tab-separated, for 'copy for a spreadsheet' (SPEC §2): pasting into Google
 * Sheets or Excel fills one cell per value. Tabs and line breaks inside a value become spaces.
 */
export function reportTsv(report: YearlyReport, date: string): string {
  return `${reportTable(report, date)
    .map((row) => row.map((cell) => cell.replace(/[\t\r\n]+/g, ' ')).join('\t'))
    .join('\n')}\n`;
}

/**
 * The plain-text report, the one labelled PDF (SPEC §2): summary, spending by category, the
 * 5-year projection and every active subscription, amounts with '$' and 2 decimals (SPEC §9),
 * the date in en-US short format.
 */
export function reportText(report: YearlyReport, date: string): string {
  const width = 28;
  const line = (label: string, value: string) => `  ${label.padEnd(width - 1)} ${value}`;
  const out: string[] = [
    'SUBSCRIPTION SPENDING REPORT',
    `Generated: ${formatDateShort(date)}`,
    '='.repeat(44),
    '',
    'SUMMARY',
    line('Active subscriptions', String(report.count)),
    line('Yearly total', formatUsd(report.yearlyTotal)),
    line('Monthly average', formatUsd(report.monthlyAverage)),
    '',
    'SPENDING BY CATEGORY (PER YEAR)',
  ];
  if (report.byCategory.length === 0) out.push('  None');
  for (const c of report.byCategory) out.push(line(c.label, formatUsd(c.yearly)));
  out.push('', `${PROJECTION_YEARS}-YEAR PROJECTION`);
  for (const p of report.projection) out.push(line(`Year ${p.year}`, formatUsd(p.total)));
  out.push('', 'SUBSCRIPTIONS');
  if (report.rows.length === 0) out.push('  No active subscriptions');
  for (const r of report.rows) {
    out.push(`  ${r.name}`);
    out.push(
      `    ${r.label} | ${cycleName(r.billingCycle)} | ${formatUsd(r.amount)}${cycleLabel(r.billingCycle)} | ${formatUsd(r.yearly)}/year`,
    );
  }
  return `${out.join('\n')}\n`;
}

/** Export file name with the date (SPEC §9 'Export files are named with a date'): 'subscription-report-2026-11-22.csv'. */
export function reportFileName(kind: 'csv' | 'txt', today: string): string {
  return `subscription-report-${today}.${kind}`;
}

/** SPEC §9 'Status filter: all, active, canceled, deleted'. */
export const STATUS_FILTERS = ['all', 'active', 'canceled', 'deleted'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface SubscriptionFilters {
  /** Text matched in name or description, case-insensitively (SPEC §5). */
  search?: string;
  /** 'all' (or empty) or a category value (SPEC §3 'Filters'). */
  category?: string;
  /** Only active subscriptions due in 0 to 10 days (SPEC §5). */
  dueSoon?: boolean;
  status?: StatusFilter | string;
}

export const DEFAULT_FILTERS: Required<SubscriptionFilters> = {
  search: '',
  category: 'all',
  dueSoon: false,
  status: 'all',
};

/** True when the trimmed `search` is empty or occurs in the name or description, ignoring case (SPEC §5). */
export function matchesSearch(sub: Pick<Subscription, 'name' | 'description'>, search: string | undefined): boolean {
  const needle = (search ?? '').trim().toLowerCase();
  if (!needle) return true;
  return (sub.name ?? '').toLowerCase().includes(needle) || (sub.description ?? '').toLowerCase().includes(needle);
}

/** True when `status` passes the status filter. 'all' means active and canceled: see {@link filterSubscriptions}. */
export function matchesStatus(status: SubscriptionStatus | string, filter: string | undefined): boolean {
  if (filter === 'active' || filter === 'canceled' || filter === 'deleted') return status === filter;
  return status !== 'deleted';
}

/**
 * The dashboard's list after filters (SPEC §3 'Filters', §5, §9 'Lists'): search in name or
 * description, category ('all' or a value, compared canonically), the due-soon flag and status.
 *
 * Reading of the status filter: the trash is separate. 'all' shows active and canceled
 * subscriptions; deleted ones appear only under 'deleted', like a mail client's trash, so
 * soft-deleted items never clutter the everyday list. An unknown status value reads as 'all'.
 */
export function filterSubscriptions<
  T extends Pick<Subscription, 'name' | 'description' | 'category' | 'status' | 'dueDate'>,
>(subs: readonly T[], filters: SubscriptionFilters, today: string): T[] {
  const category = (filters.category ?? '').trim();
  const wantCategory = category && category.toLowerCase() !== 'all' ? categoryKey(category) : null;
  return subs.filter(
    (s) =>
      matchesStatus(s.status, filters.status) &&
      (wantCategory === null || categoryKey(s.category) === wantCategory) &&
      (!filters.dueSoon || isDueSoon(s, today)) &&
      matchesSearch(s, filters.search),
  );
}

/** SPEC §3 'Sort keys: dueDate (default), name, amount (descending), category'. */
export const SORT_KEYS = ['dueDate', 'name', 'amount', 'category'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const DEFAULT_SORT: SortKey = 'dueDate';

/** Made on first use: building an Intl collator costs milliseconds, too many for a function's cold start. */
let collator: Intl.Collator | undefined;

/** Case- and accent-insensitive A–Z comparison with natural numbers ('Plan 2' before 'Plan 10'). */
export function compareText(a: string, b: string): number {
  collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return collator.compare(a ?? '', b ?? '');
}

/**
 * A sorted copy (SPEC §3 'Sort keys'): dueDate ascending (the default; unreadable dates last),
 * name A–Z ignoring case, amount descending, category A–Z by its label; ties by name A–Z, then
 * the input order. Amount sorts by the monthly-normalised cost, so '$120/year' ranks as $10 a
 * month and the most expensive subscription really comes first; equal costs then by the
 * per-cycle amount. An unknown key sorts by dueDate.
 */
export function sortSubscriptions<
  T extends Pick<Subscription, 'name' | 'amount' | 'category' | 'dueDate' | 'billingCycle'>,
>(subs: readonly T[], key: SortKey | string = DEFAULT_SORT, custom: readonly Category[] = []): T[] {
  const byName = (a: T, b: T) => compareText(a.name, b.name);
  const dueKey = (s: T) => (parseCalendarDate(s.dueDate) ? s.dueDate : '\uffff');
  let compare: (a: T, b: T) => number;
  switch (key) {
    case 'name':
      compare = byName;
      break;
    case 'amount':
      compare = (a, b) => monthlyAmount(b) - monthlyAmount(a) || amountOf(b) - amountOf(a) || byName(a, b);
      break;
    case 'category': {
      const labels = new Map<string, string>();
      const label = (s: T) => {
        let l = labels.get(s.category);
        if (l === undefined) {
          l = categoryLabel(s.category, custom);
          labels.set(s.category, l);
        }
        return l;
      };
      compare = (a, b) => compareText(label(a), label(b)) || byName(a, b);
      break;
    }
    default:
      compare = (a, b) => {
        const da = dueKey(a);
        const db = dueKey(b);
        return (da < db ? -1 : da > db ? 1 : 0) || byName(a, b);
      };
  }
  return [...subs].sort(compare);
}

/** Pages needed for `count` items, at least 1 (SPEC §2 'Page X of Y'). */
export function totalPages(count: number, size: number = PAGE_SIZE): number {
  const perPage = Math.max(1, Math.floor(size) || PAGE_SIZE);
  return Math.max(1, Math.ceil(Math.max(0, count) / perPage));
}

function clampPage(page: number, pages: number): number {
  const p = Number.isFinite(page) ? Math.floor(page) : 1;
  return Math.min(Math.max(1, p), pages);
}

export interface Page<T> {
  items: T[];
  /** The page shown, 1-based, clamped into 1..totalPages. */
  page: number;
  totalPages: number;
  totalItems: number;
}

/** One page of `items`, 8 per page by default (SPEC §9); the page is clamped into range. */
export function paginate<T>(items: readonly T[], page: number, size: number = PAGE_SIZE): Page<T> {
  const perPage = Math.max(1, Math.floor(size) || PAGE_SIZE);
  const pages = totalPages(items.length, perPage);
  const current = clampPage(page, pages);
  const start = (current - 1) * perPage;
  return { items: items.slice(start, start + perPage), page: current, totalPages: pages, totalItems: items.length };
}

/**
 * The page to show after a delete (SPEC §4 'After deleting the last item on a page beyond page 1
 * the view goes back one page'): the current page while it still has items, else the last page
 * that does; never below 1. `totalAfterDelete` counts the list as filtered after the delete.
 */
export function pageAfterDelete(page: number, totalAfterDelete: number, size: number = PAGE_SIZE): number {
  return clampPage(page, totalPages(totalAfterDelete, size));
}

/** Empty-state texts of the list (SPEC §2 'Empty state'). */
export function emptyStateText(ownedCount: number): { title: string; hint: string } {
  return {
    title: 'No subscriptions found',
    hint: ownedCount === 0 ? 'Get started by adding your first subscription!' : 'Try adjusting your filters',
  };
}

/** What can be done to a subscription (SPEC §4), named after its API route. */
export type SubscriptionAction = 'edit' | 'delete' | 'cancel' | 'renew' | 'reactivate' | 'recover' | 'deleteForever';

const ACTIONS_BY_STATUS: Record<SubscriptionStatus, readonly SubscriptionAction[]> = {
  active: ['edit', 'delete', 'cancel', 'renew'],
  canceled: ['edit', 'delete', 'reactivate'],
  deleted: ['recover', 'deleteForever'],
};

/**
 * Whether `action` is allowed in `status` (SPEC §4): active → edit, soft delete, cancel, renew;
 * canceled → reactivate (and edit or soft delete, like any card that is not in the trash);
 * deleted → recover or delete forever only ('no edit or delete buttons'). Status-only, for the
 * API's 409: it ignores the due date (see {@link isRenewable}) and the 30-day window (see {@link isPurged}).
 */
export function canPerform(status: SubscriptionStatus | string, action: SubscriptionAction): boolean {
  return (ACTIONS_BY_STATUS[status as SubscriptionStatus] ?? []).includes(action);
}

/**
 * The actions a card offers (SPEC §2, §4): {@link canPerform}, with Renew only when due today or
 * past and Recover only while the 30 days have not run out.
 */
export function availableActions(
  sub: Sub & Pick<Subscription, 'deletedAt'>,
  today: string,
  now: Date = new Date(),
): SubscriptionAction[] {
  return (ACTIONS_BY_STATUS[sub.status] ?? []).filter((action) => {
    if (action === 'renew') return isRenewable(sub, today);
    if (action === 'recover') return !isPurged(sub.deletedAt, now);
    return true;
  });
}
