import { describe, expect, it } from 'vitest';
import { csvHeaders, parseImport, suggestMapping } from '../../shared/domain/import/index.js';
import { byName, imported, importFile, isTestCurrency, parse, skipped } from './import-fixtures.js';

describe('a spreadsheet CSV with a column mapping (issue 24 §6; ../shared/samples generic.csv)', () => {
  const sample = importFile('generic.csv');
  const mapping = suggestMapping(csvHeaders(sample));

  it('suggests the mapping from usual header names', () => {
    expect(mapping).toEqual({
      name: 'Subscription',
      amount: 'Cost',
      currency: 'Currency',
      billingCycle: 'Billing cycle',
      dueDate: 'Next due',
      category: 'Category',
      description: 'Notes',
    });
  });

  it('reads European numbers, symbols in the amount or the currency column, quoted commas; asks kr and ¥', () => {
    const unanswered = parse('generic-csv', sample, { mapping });
    expect(unanswered.ambiguousSymbols).toEqual(['kr', '¥']);
    expect(skipped(unanswered.rows)).toEqual([
      { line: 8, reason: 'Choose the currency of “kr”' },
      { line: 9, reason: 'Choose the currency of “¥”' },
    ]);
    const { rows } = parse('generic-csv', sample, { mapping, symbolCurrencies: { kr: 'SEK', '¥': 'JPY' } });
    expect(skipped(rows)).toEqual([]);
    expect(byName(rows, 'Netflix')).toMatchObject({ amount: 9.99, currency: 'EUR', category: 'streaming', line: 2 });
    expect(byName(rows, 'JetBrains All Products Pack')).toMatchObject({
      amount: 1234.56,
      billingCycle: 'yearly',
      description: 'company reimburses, 3 seats',
    });
    expect(byName(rows, 'Die Zeit Digital')).toMatchObject({ billingCycle: 'quarterly', cycleInterval: 1, category: 'News' });
    expect(byName(rows, 'Storytel')).toMatchObject({ amount: 229, currency: 'SEK' });
    expect(byName(rows, 'Nintendo Switch Online')).toMatchObject({ amount: 2400, currency: 'JPY', category: 'gaming' });
    expect(byName(rows, 'Google One 200 GB')).toMatchObject({ amount: 2.99, currency: 'EUR', category: 'cloud' });
    expect(byName(rows, 'AWS (personal)')).toMatchObject({ amount: 12.37, currency: 'USD' });
  });

  it('reads ; delimiters, quoted line breaks, "1,234.56", DD.MM.YYYY and German words; skips bad rows with reasons', () => {
    const text = importFile('own/generic-semicolon.csv');
    const own = suggestMapping(csvHeaders(text));
    expect(own).toEqual({
      name: 'Service',
      amount: 'Preis',
      currency: 'Währung',
      billingCycle: 'Intervall',
      dueDate: 'Fällig',
      category: 'Kategorie',
      description: 'Notiz',
    });
    const { rows, ambiguousSymbols } = parse('generic-csv', text, { mapping: own, symbolCurrencies: { kr: 'DKK' } });
    expect(ambiguousSymbols).toEqual(['kr']);
    expect(byName(rows, 'Zeitung')).toMatchObject({
      line: 2,
      amount: 1234.56,
      currency: 'EUR',
      billingCycle: 'yearly',
      dueDate: '2027-02-01',
      description: 'Print und Digital; mit Beilage',
    });
    expect(byName(rows, 'VPN')).toMatchObject({ line: 4, amount: 1234.56, currency: 'USD', billingCycle: 'yearly', cycleInterval: 2 });
    expect(byName(rows, 'Music')).toMatchObject({ amount: 9.99, category: 'music', description: 'He said "hi"' });
    expect(byName(rows, 'Tea')).toMatchObject({ amount: 2.5, currency: 'DKK', billingCycle: 'weekly', cycleInterval: 4 });
    expect(skipped(rows)).toEqual([
      { line: 6, reason: 'The amount “abc” is not a number' },
      { line: 7, reason: 'The next payment date “12/05/2026” is not a date (YYYY-MM-DD)' },
      { line: 8, reason: 'A one-time payment (“One-time”) is not a subscription' },
    ]);
  });

  it('asks for the required columns, and names a mapped column the file lacks', () => {
    const read = (m: Record<string, string>) =>
      parseImport({ format: 'generic-csv', fileText: sample, mapping: m, isCurrency: isTestCurrency });
    expect(read({ name: 'Subscription' })).toEqual({ ok: false, message: 'Choose the column of Amount, Next payment date' });
    expect(read({ ...mapping, category: 'Kind' })).toEqual({ ok: false, message: 'The file has no column “Kind”' });
  });

  it('keeps identical rows apart with repeatable ids', () => {
    const text = 'Name,Amount,Due\nGym,10,2026-12-01\nGym,10,2026-12-01\n';
    const ids = () =>
      imported(
        parse('generic-csv', text, { mapping: { name: 'Name', amount: 'Amount', dueDate: 'Due' }, defaultCurrency: 'EUR' }).rows,
      ).map((r) => r.externalId);
    const first = ids();
    expect(first[1]).toBe(`${first[0]}-2`);
    expect(ids()).toEqual(first);
  });
});
