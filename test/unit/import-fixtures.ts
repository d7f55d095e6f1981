import { readFileSync } from 'node:fs';
import { isBillingCurrency } from '../../shared/domain/currency.js';
import type { ColumnMapping } from '../../shared/domain/import/index.js';
import { type ImportFormat, type ImportRow, type ParsedRow, parseImport } from '../../shared/domain/import/index.js';

/** An import file: the samples of ../shared/samples (copied) or our own edge cases under own/. */
export function importFile(name: string): string {
  return readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url), 'utf8');
}

/** The codes a parse accepts: the currencies a subscription can be billed in (issue 24 §1). */
export const isTestCurrency = (code: string) => isBillingCurrency(code);

export function parse(
  format: ImportFormat,
  fileText: string,
  options: { symbolCurrencies?: Record<string, string>; defaultCurrency?: string; mapping?: ColumnMapping } = {},
) {
  const result = parseImport({ format, fileText, isCurrency: isTestCurrency, ...options });
  if (!result.ok) throw new Error(result.message);
  return result;
}

export const imported = (rows: ParsedRow[]): ImportRow[] => rows.flatMap((r) => (r.ok ? [r.row] : []));
export const skipped = (rows: ParsedRow[]) => rows.flatMap((r) => (r.ok ? [] : [{ line: r.line, reason: r.reason }]));
export const byName = (rows: ParsedRow[], name: string): ImportRow => {
  const row = imported(rows).find((r) => r.name === name);
  if (!row) throw new Error(`no row ${name}`);
  return row;
};

/** This product's JSON export with one subscription of `prices` price changes. */
export function ownExport(prices: number): string {
  const priceHistory = Array.from({ length: prices }, (_, i) => ({
    amount: 10 + (i % 2),
    currency: 'USD',
    effectiveFrom: new Date(Date.UTC(2000, 0, 1 + i)).toISOString().slice(0, 10),
  }));
  const last = priceHistory.at(-1) ?? { amount: 10 };
  return JSON.stringify({
    format: 'subscription-tracker',
    version: 1,
    exportedAt: '2026-11-29T00:00:00.000Z',
    subscriptions: [
      {
        externalId: `subscription-tracker:${prices}`,
        name: `Prices ${prices}`,
        description: '',
        amount: last.amount,
        currency: 'USD',
        priceHistory,
        category: 'other',
        dueDate: '2030-01-01',
        billingCycle: 'monthly',
        cycleInterval: 1,
        anchorDay: 1,
        autoRenew: true,
        status: 'active',
        trialEndsAt: null,
        endsAt: null,
        noticeDays: null,
      },
    ],
  });
}
