/**
 * The Yearly Spending report (SPEC §2 'Yearly Spending', §9 'Yearly cost multipliers', '5-year
 * projection', 'Export files are named with a date') and its exports: CSV, tab-separated for
 * spreadsheets, and plain text. Issue 24: each subscription at the price in force at each of its
 * renewals (price changes, free trials, end dates), every figure in the display currency.
 */
import type { BillingCycle, Subscription } from '../api/subscription.js';
import { type BillingPrices, type BillingSchedule, chargeOn, intervalOf } from './billing.js';
import { type Category, categoryKey, categoryLabel } from './categories.js';
import { writeCsv, writeTsv } from './csv-writer.js';
import { convert, FIXED_RATES, formatAmount, normalizeCurrency, type RateTable, roundMoney } from './currency.js';
import { formatDateShort } from './dates.js';
import { nextScheduledRenewals } from './schedule.js';
import { amountOf, yearlyMultiplier } from './subscription-costs.js';
import { cycleLabel, cycleName } from './subscription-labels.js';
import { isActive, normalizeCycle } from './subscription-rules.js';
import { compareText } from './text.js';

/** Years in the yearly report's projection (SPEC §9 '5-year projection'). */
export const PROJECTION_YEARS = 5;

export interface YearlyReportRow {
  name: string;
  /** Canonical category value; 'other' when missing (SPEC §9). */
  category: string;
  label: string;
  billingCycle: BillingCycle;
  cycleInterval: number;
  /** Per cycle, in the subscription's own currency: the price of its next renewal. */
  amount: number;
  /** The subscription's currency (ISO 4217). */
  currency: string;
  /** In the report's currency: the next year's renewals at their prices, rounded to cents. */
  yearly: number;
}

export interface YearlyReport {
  /** The display currency every total is in. */
  currency: string;
  /** The day of the rates used, or null for the fixed table. */
  ratesDate: string | null;
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

/** A subscription as the report reads it; the issue-24 fields are optional (older records read as USD, every cycle). */
export type ReportSubscription = Pick<Subscription, 'name' | 'amount' | 'category' | 'status'> & { billingCycle: string } & BillingPrices &
  Partial<Omit<BillingSchedule, 'billingCycle' | 'status'>>;

/** The report's currency and rates (SPEC §9's fixed table in USD by default). */
export interface ReportMoney {
  currency?: string;
  rates?: RateTable;
}

/**
 * What the next `years` years of renewals cost, in `currency`: SPEC §9's multiplier (divided by the
 * interval) renewals a year from the due date, each the schedule's renewal at its price (schedule.ts
 * `nextScheduledRenewals`: the price in force then, 0 in a free trial, none after the end date), the last
 * one counted in part when a year holds a fraction of a renewal ('every 3 weeks'). Without price changes,
 * trials or an end date, exactly amount × multiplier × years (SPEC §9).
 */
function spendAhead(sub: ReportSubscription, years: number, currency: string, rates: RateTable): number {
  const perYear = yearlyMultiplier(sub.billingCycle) / intervalOf(sub);
  const wanted = perYear * years;
  const amount = amountOf(sub);
  if (!sub.dueDate) return convert(amount * wanted, sub.currency ?? 'USD', currency, rates);
  const priced = { ...sub, amount, billingCycle: normalizeCycle(sub.billingCycle), dueDate: sub.dueDate, status: 'active' as const };
  let total = 0;
  nextScheduledRenewals(priced, Math.ceil(wanted)).forEach(({ price }, k) => {
    const weight = Math.min(1, wanted - k);
    total += convert(price.amount, price.currency, currency, rates) * weight;
  });
  return total;
}

/**
 * The Yearly Spending report (SPEC §2, §9): active subscriptions only, each at the price of each of
 * its next year's renewals (amount × its cycle's multiplier when the price holds); 'Other' for a
 * missing category; the total is the sum of the rows' rounded yearly costs, so the rows add up to
 * it; the projection counts each year's renewals the same way. Rows and categories are largest first
 * (ties by name). Every total is in `money.currency` at `money.rates`.
 */
export function yearlyReport(subs: readonly ReportSubscription[], custom: readonly Category[] = [], money: ReportMoney = {}): YearlyReport {
  const currency = normalizeCurrency(money.currency);
  const rates = money.rates ?? FIXED_RATES;
  const active = subs.filter(isActive);
  const rows: YearlyReportRow[] = active
    .map((s) => {
      const next = s.dueDate ? chargeOn({ ...s, amount: amountOf(s) }, s.dueDate) : { amount: amountOf(s), currency: s.currency ?? 'USD' };
      return {
        name: s.name,
        category: categoryKey(s.category),
        label: categoryLabel(s.category, custom),
        billingCycle: normalizeCycle(s.billingCycle),
        cycleInterval: intervalOf(s),
        amount: roundMoney(next.amount),
        currency: next.currency,
        yearly: roundMoney(spendAhead(s, 1, currency, rates)),
      };
    })
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
    total: i === 0 ? yearlyTotal : roundMoney(active.reduce((sum, s) => sum + roundMoney(spendAhead(s, i + 1, currency, rates)), 0)),
  }));
  return {
    currency,
    ratesDate: rates.date,
    count: rows.length,
    yearlyTotal,
    monthlyAverage: roundMoney(yearlyTotal / 12),
    byCategory,
    projection,
    rows,
  };
}

/** The report as a table of cells: the subscription rows, then categories, projection and summary. */
function reportTable(report: YearlyReport, date: string): string[][] {
  const money = (n: number) => n.toFixed(2);
  const c = report.currency;
  return [
    ['Name', 'Category', 'Billing Cycle', 'Amount', 'Currency', `Yearly Cost (${c})`],
    ...report.rows.map((r) => [r.name, r.label, cycleName(r.billingCycle, r.cycleInterval), money(r.amount), r.currency, money(r.yearly)]),
    [],
    ['Category', `Yearly Cost (${c})`],
    ...report.byCategory.map((cat) => [cat.label, money(cat.yearly)]),
    [],
    ['Projection', `Total (${c})`],
    ...report.projection.map((p) => [`Year ${p.year}`, money(p.total)]),
    [],
    [`Yearly Total (${c})`, money(report.yearlyTotal)],
    [`Monthly Average (${c})`, money(report.monthlyAverage)],
    ['Active Subscriptions', String(report.count)],
    ['Exchange Rates', ratesLabel(report.ratesDate)],
    ['Report Date', date],
  ];
}

/** Which rates converted the totals: 'rates of 24 Nov 2026', or 'fixed rates' (issue 24 §1). */
export function ratesLabel(ratesDate: string | null): string {
  if (!ratesDate) return 'fixed rates';
  const [y, m, d] = ratesDate.split('-').map(Number);
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][(m ?? 1) - 1];
  return `rates of ${d} ${month} ${y}`;
}

/**
 * The report as CSV (SPEC §2 'CSV download'): a header and one line per active subscription
 * (plain numbers with 2 decimals so spreadsheets can sum them), then the category breakdown,
 * the 5-year projection and the totals, with the report date. Written by the product's one CSV
 * writer (csv-writer.ts): CRLF line ends, quoting per RFC 4180, formula-like text neutralised.
 */
export function reportCsv(report: YearlyReport, date: string): string {
  return writeCsv(reportTable(report, date));
}

/**
 * The same table tab-separated, for 'copy for a spreadsheet' (SPEC §2): pasting into Google
 * Sheets or Excel fills one cell per value, formulas neutralised as in the CSV.
 */
export function reportTsv(report: YearlyReport, date: string): string {
  return writeTsv(reportTable(report, date));
}

/**
 * The plain-text report (SPEC §2): summary, spending by category, the 5-year projection and every
 * active subscription, totals in the report's currency (SPEC §9's symbols and decimals), each
 * subscription's price as billed, the date in en-US short format.
 */
export function reportText(report: YearlyReport, date: string): string {
  const width = 28;
  const formatTotal = (n: number) => formatAmount(n, report.currency);
  const line = (label: string, value: string) => `  ${label.padEnd(width - 1)} ${value}`;
  const out: string[] = [
    'SUBSCRIPTION SPENDING REPORT',
    `Generated: ${formatDateShort(date)}`,
    '='.repeat(44),
    '',
    'SUMMARY',
    line('Active subscriptions', String(report.count)),
    line('Yearly total', formatTotal(report.yearlyTotal)),
    line('Monthly average', formatTotal(report.monthlyAverage)),
    line('Exchange rates', ratesLabel(report.ratesDate)),
    '',
    'SPENDING BY CATEGORY (PER YEAR)',
  ];
  if (report.byCategory.length === 0) out.push('  None');
  for (const c of report.byCategory) out.push(line(c.label, formatTotal(c.yearly)));
  out.push('', `${PROJECTION_YEARS}-YEAR PROJECTION`);
  for (const p of report.projection) out.push(line(`Year ${p.year}`, formatTotal(p.total)));
  out.push('', 'SUBSCRIPTIONS');
  if (report.rows.length === 0) out.push('  No active subscriptions');
  for (const r of report.rows) {
    out.push(`  ${r.name}`);
    out.push(
      `    ${r.label} | ${cycleName(r.billingCycle, r.cycleInterval)} | ${formatAmount(r.amount, r.currency)}${cycleLabel(r.billingCycle, r.cycleInterval)} | ${formatTotal(r.yearly)}/year`,
    );
  }
  return `${out.join('\n')}\n`;
}

/**
 * Export file name with the date (SPEC §9 'Export files are named with a date'): 'subscription-report-2026-11-22.csv',
 * '….txt' for the text report, '….pdf' for the PDF (issue 24 §7).
 */
export function reportFileName(kind: 'csv' | 'txt' | 'pdf', today: string): string {
  return `subscription-report-${today}.${kind}`;
}
