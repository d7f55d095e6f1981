/**
 * The Yearly Spending report (SPEC §2 'Yearly Spending', §9 'Yearly cost multipliers', '5-year
 * projection', 'Export files are named with a date') and its exports: CSV, tab-separated for
 * spreadsheets, and plain text.
 */
import type { BillingCycle, Subscription } from '../api/subscription.js';
import { type Category, categoryKey, categoryLabel } from './categories.js';
import { formatUsd, roundMoney } from './currency.js';
import { formatDateShort } from './dates.js';
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
    ...report.rows.map((r) => [safeCell(r.name), safeCell(r.label), cycleName(r.billingCycle), money(r.amount), money(r.yearly)]),
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

/**
 * Export file name with the date (SPEC §9 'Export files are named with a date'): 'subscription-report-2026-11-22.csv',
 * '….txt' for the text report, '….pdf' for the PDF (issue 24 §7).
 */
export function reportFileName(kind: 'csv' | 'txt' | 'pdf', today: string): string {
  return `subscription-report-${today}.${kind}`;
}
