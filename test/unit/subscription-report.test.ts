import { describe, expect, it } from 'vitest';
import { csvField } from '../../shared/domain/csv-writer.js';
import {
  PROJECTION_YEARS,
  reportCsv,
  reportFileName,
  reportText,
  reportTsv,
  yearlyReport,
} from '../../shared/domain/subscription-report.js';
import { sub } from './subscription-fixtures.js';

const DATE = '2026-11-22';

const subs = [
  sub({ name: 'Netflix', amount: 15.99, category: 'streaming', billingCycle: 'monthly' }),
  sub({ name: 'Dropbox', amount: 119.88, category: 'cloud', billingCycle: 'yearly' }),
  sub({ name: 'Coffee club', amount: 2.5, category: '', billingCycle: 'weekly' }),
  sub({ name: 'Xbox', amount: 30, category: 'gaming', billingCycle: 'quarterly' }),
  sub({ name: 'Spotify', amount: 9.99, category: 'music', status: 'canceled' }),
  sub({ name: 'Old', amount: 50, category: 'software', status: 'deleted' }),
];

describe('yearlyReport (SPEC §9 "Yearly cost multipliers" and the yearly report)', () => {
  const report = yearlyReport(subs);

  it('counts only active subscriptions, each at amount × its multiplier, largest first', () => {
    expect(report.count).toBe(4);
    expect(report.rows).toEqual([
      {
        name: 'Netflix',
        category: 'streaming',
        label: 'Streaming',
        billingCycle: 'monthly',
        cycleInterval: 1,
        amount: 15.99,
        currency: 'USD',
        yearly: 191.88,
      },
      {
        name: 'Coffee club',
        category: 'other',
        label: 'Other',
        billingCycle: 'weekly',
        cycleInterval: 1,
        amount: 2.5,
        currency: 'USD',
        yearly: 130,
      },
      {
        name: 'Xbox',
        category: 'gaming',
        label: 'Gaming',
        billingCycle: 'quarterly',
        cycleInterval: 1,
        amount: 30,
        currency: 'USD',
        yearly: 120,
      },
      {
        name: 'Dropbox',
        category: 'cloud',
        label: 'Cloud Storage',
        billingCycle: 'yearly',
        cycleInterval: 1,
        amount: 119.88,
        currency: 'USD',
        yearly: 119.88,
      },
    ]);
  });

  it('yearly total is the sum of rows; monthly average is the yearly total / 12 (SPEC §9)', () => {
    expect(report.yearlyTotal).toBe(561.76);
    expect(report.monthlyAverage).toBe(46.81);
  });

  it('uses Other for a missing category (SPEC §9)', () => {
    expect(report.byCategory.find((c) => c.category === 'other')).toEqual({
      category: 'other',
      label: 'Other',
      yearly: 130,
    });
  });

  it('breaks the yearly total down by category, largest first', () => {
    expect(report.byCategory.map((c) => [c.label, c.yearly])).toEqual([
      ['Streaming', 191.88],
      ['Other', 130],
      ['Gaming', 120],
      ['Cloud Storage', 119.88],
    ]);
  });

  it('projects 5 years as the yearly total × 1 to 5 (SPEC §9)', () => {
    expect(PROJECTION_YEARS).toBe(5);
    expect(report.projection).toEqual([
      { year: 1, total: 561.76 },
      { year: 2, total: 1123.52 },
      { year: 3, total: 1685.28 },
      { year: 4, total: 2247.04 },
      { year: 5, total: 2808.8 },
    ]);
  });

  it('treats the "annual" spelling as yearly and unknown cycles as ×12 (SPEC §3, §9)', () => {
    const r = yearlyReport([
      { name: 'A', amount: 10, category: 'music', status: 'active', billingCycle: 'annual' },
      { name: 'B', amount: 1, category: 'music', status: 'active', billingCycle: 'daily' },
    ]);
    expect(r.rows.map((row) => [row.name, row.billingCycle, row.yearly])).toEqual([
      ['B', 'monthly', 12],
      ['A', 'yearly', 10],
    ]);
    expect(r.yearlyTotal).toBe(22);
  });

  it('is all zeros with no active subscriptions', () => {
    const r = yearlyReport([sub({ status: 'canceled' })]);
    expect(r).toMatchObject({ count: 0, yearlyTotal: 0, monthlyAverage: 0, byCategory: [], rows: [] });
    expect(r.projection.every((p) => p.total === 0)).toBe(true);
  });

  it('uses custom category labels', () => {
    const r = yearlyReport([sub({ category: 'homeoffice' })], [{ value: 'homeoffice', label: 'Home Office' }]);
    expect(r.byCategory[0].label).toBe('Home Office');
  });
});

describe('CSV export (SPEC §2 "CSV download", §9 export files)', () => {
  it('quotes commas, quotes, line breaks and edge spaces per RFC 4180 (the shared writer)', () => {
    expect(csvField('Netflix')).toBe('Netflix');
    expect(csvField('Netflix, Premium')).toBe('"Netflix, Premium"');
    expect(csvField('He said "hi"')).toBe('"He said ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
  });

  it('has a header, one line per active subscription and the totals, with CRLF line ends', () => {
    const csv = reportCsv(yearlyReport(subs), DATE);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Name,Category,Billing Cycle,Amount,Currency,Yearly Cost (USD)');
    expect(lines[1]).toBe('Netflix,Streaming,Monthly,15.99,USD,191.88');
    expect(lines[2]).toBe('Coffee club,Other,Weekly,2.50,USD,130.00');
    expect(lines[4]).toBe('Dropbox,Cloud Storage,Yearly,119.88,USD,119.88');
    expect(lines).toContain('Yearly Total (USD),561.76');
    expect(lines).toContain('Monthly Average (USD),46.81');
    expect(lines).toContain('Year 5,2808.80');
    expect(lines).toContain(`Report Date,${DATE}`);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv).not.toContain('Spotify');
    expect(csv).not.toContain('Old');
  });

  it('escapes commas and quotes in names so columns stay aligned', () => {
    const csv = reportCsv(yearlyReport([sub({ name: 'Netflix, "Premium"', amount: 22.99, category: 'streaming' })]), DATE);
    expect(csv.split('\r\n')[1]).toBe('"Netflix, ""Premium""",Streaming,Monthly,22.99,USD,275.88');
  });

  it('neutralises spreadsheet formulas in names (CSV injection)', () => {
    const csv = reportCsv(yearlyReport([sub({ name: '=HYPERLINK("http://x")', category: 'music' })]), DATE);
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://x"")",Music,Monthly,10.00,USD,120.00`);
    const plus = reportCsv(yearlyReport([sub({ name: '+1 plan', category: 'music' })]), DATE);
    expect(plus.split('\r\n')[1].startsWith("'+1 plan,")).toBe(true);
  });

  it('copy-for-spreadsheet is tab-separated, one cell per value (SPEC §2)', () => {
    const tsv = reportTsv(yearlyReport([sub({ name: 'Tab\there, "q"', amount: 5, category: 'music' })]), DATE);
    const lines = tsv.split('\n');
    expect(lines[0]).toBe('Name\tCategory\tBilling Cycle\tAmount\tCurrency\tYearly Cost (USD)');
    expect(lines[1]).toBe('Tab here, "q"\tMusic\tMonthly\t5.00\tUSD\t60.00');
    expect(lines).toContain('Yearly Total (USD)\t60.00');
  });

  it('file names carry the date (SPEC §9)', () => {
    expect(reportFileName('csv', DATE)).toBe('subscription-report-2026-11-22.csv');
    expect(reportFileName('txt', DATE)).toBe('subscription-report-2026-11-22.txt');
    expect(reportFileName('pdf', DATE)).toBe('subscription-report-2026-11-22.pdf');
  });
});

describe('text report (SPEC §2 "a text report labelled PDF", §9 "$ sign and 2 decimals")', () => {
  const text = reportText(yearlyReport(subs), DATE);

  it('has a title and the date in en-US short format', () => {
    expect(text.startsWith('SUBSCRIPTION SPENDING REPORT\nGenerated: Nov 22, 2026\n')).toBe(true);
  });

  it('shows amounts with "$" and 2 decimals', () => {
    expect(text).toMatch(/Yearly total +\$561\.76/);
    expect(text).toMatch(/Monthly average +\$46\.81/);
    expect(text).toMatch(/Streaming +\$191\.88/);
    expect(text).toMatch(/Other +\$130\.00/);
    expect(text).toMatch(/Year 5 +\$2,808\.80/);
    expect(text).toContain('Streaming | Monthly | $15.99/month | $191.88/year');
    expect(text).toContain('Other | Weekly | $2.50/week | $130.00/year');
  });

  it('lists active subscriptions only', () => {
    expect(text).toContain('  Netflix\n');
    expect(text).not.toContain('Spotify');
  });

  it('keeps a space between a long label and its amount', () => {
    const r = yearlyReport([sub({ category: 'averyveryverylongcustomcategoryname', amount: 1 })]);
    expect(reportText(r, DATE)).toContain('Averyveryverylongcustomcategoryname $12.00');
  });

  it('says so when there is nothing to report', () => {
    const empty = reportText(yearlyReport([]), DATE);
    expect(empty).toContain('No active subscriptions');
    expect(empty).toMatch(/Yearly total +\$0\.00/);
  });
});
