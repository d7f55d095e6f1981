import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../shared/api/subscription.js';
import { csvField, neutralisedCell, unneutralisedCell, writeCsv, writeTsv } from '../../shared/domain/csv-writer.js';
import { readCsv } from '../../shared/domain/import/csv.js';
import { exportCsv } from '../../shared/domain/import/index.js';
import { reportCsv, yearlyReport } from '../../shared/domain/subscription-report.js';
import { imported, parse } from './import-fixtures.js';

/** Issue 34 §9: the dashboard's export and the yearly report write CSV through one writer that neutralises formulas. */
const FORMULAS = ['=1+1', "+cmd|' /C calc'!A0", '-2+3', '@SUM(1+1)', '\tTab', '\rReturn'];

describe('the one CSV writer (OWASP CSV injection)', () => {
  it.each(FORMULAS)('prefixes %j with an apostrophe', (text) => {
    expect(neutralisedCell(text)).toBe(`'${text}`);
    expect(unneutralisedCell(neutralisedCell(text))).toBe(text);
  });

  it('leaves other text as it is, and reads back text that already starts with apostrophes', () => {
    for (const text of ['Netflix', "'quoted'", 'a=b', '', '12.50']) expect(neutralisedCell(text)).toBe(text);
    expect(neutralisedCell("'=x")).toBe("''=x");
    for (const text of ["'=x", "''+y", "'plain", 'plain']) expect(unneutralisedCell(neutralisedCell(text))).toBe(text);
  });

  it('quotes per RFC 4180 and ends every line with CRLF', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(writeCsv([['Name', 'Note'], [], ['Tom "T"', 'one, two\nthree']])).toBe('Name,Note\r\n\r\n"Tom ""T""","one, two\nthree"\r\n');
    const rows = [['@SUM(1+1)', 'x,y']];
    expect(readCsv(writeCsv(rows)).map((r) => r.fields)).toEqual([["'@SUM(1+1)", 'x,y']]);
    expect(writeTsv([['=A1', 'b\tc']])).toBe("'=A1\tb c\n");
  });
});

const subscription = (name: string, description = ''): Subscription =>
  ({
    id: crypto.randomUUID(),
    name,
    description,
    amount: 5,
    currency: 'USD',
    category: 'other',
    dueDate: '2027-01-01',
    billingCycle: 'monthly',
    cycleInterval: 1,
    autoRenew: true,
    status: 'active',
    trialEndsAt: null,
    endsAt: null,
    noticeDays: null,
    priceHistory: [{ amount: 5, currency: 'USD', effectiveFrom: '2026-01-01' }],
  }) as unknown as Subscription;

describe('both exports write through it', () => {
  it("the dashboard's CSV export writes no live formula, and re-imports to the same names", () => {
    const list = [subscription("+cmd|' /C calc'!A0", '-5 off'), subscription('@SUM(1+1)', '=HYPERLINK("x")')];
    const fields = readCsv(exportCsv(list))
      .slice(1)
      .map((r) => r.fields);
    expect(fields.map((f) => [f[1], f[2]])).toEqual([
      ["'+cmd|' /C calc'!A0", "'-5 off"],
      ["'@SUM(1+1)", `'=HYPERLINK("x")`],
    ]);
    const back = imported(parse('subscription-tracker-csv', exportCsv(list)).rows);
    expect(back.map((r) => [r.name, r.description])).toEqual([
      ["+cmd|' /C calc'!A0", '-5 off'],
      ['@SUM(1+1)', '=HYPERLINK("x")'],
    ]);
  });

  it('the yearly report neutralises the same cells', () => {
    const csv = reportCsv(yearlyReport([subscription('@SUM(1+1)')]), '2026-11-29');
    expect(csv.split('\r\n')[1].startsWith("'@SUM(1+1),")).toBe(true);
  });
});
