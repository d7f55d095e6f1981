import { describe, expect, it } from 'vitest';
import { rateTableOf } from '../../functions/lib/rates/stored-rates.js';
import { BILLING_CURRENCIES, FIXED_RATES, type RateTable } from '../../shared/domain/currency.js';
import { currencyStats } from '../../shared/domain/currency-stats.js';
import { sub } from './subscription-fixtures.js';

/** Issue 24 §1: GET /api/stats?currency= — a user's figures in one display currency, with the rates' date. */

const TODAY = '2026-11-27';
const STORED: RateTable = { date: '2026-11-24', perUsd: { ...FIXED_RATES.perUsd, EUR: 0.8, GBP: 0.75 } };

describe('currencyStats (issue 24 §1)', () => {
  const subs = [
    sub({ amount: 10, currency: 'USD', category: 'streaming', dueDate: '2026-12-01' }),
    sub({ amount: 9.99, currency: 'EUR', category: 'music', dueDate: '2026-12-20' }),
    sub({ amount: 120, currency: 'USD', category: 'cloud', billingCycle: 'yearly', dueDate: '2027-03-01' }),
    sub({ amount: 50, currency: 'USD', category: 'gaming', status: 'canceled' }),
    sub({ amount: 70, currency: 'USD', category: 'gaming', status: 'deleted', deletedAt: '2026-11-20T00:00:00.000Z' }),
  ];

  it('converts the active subscriptions at the given rates and names their day', () => {
    expect(currencyStats(subs, TODAY, 'EUR', STORED)).toEqual({
      currency: 'EUR',
      ratesDate: '2026-11-24',
      // $10 + $10 (a year's $120) at €0.80, and the €9.99 as billed.
      monthlyTotal: 25.99,
      yearlyTotal: 311.88,
      dueSoon: 1,
      nextDue: '2026-12-01',
      // Canceled counts, the trash does not.
      totalSubscriptions: 4,
      byCategory: [
        { category: 'music', label: 'Music', monthly: 9.99 },
        { category: 'cloud', label: 'Cloud Storage', monthly: 8 },
        { category: 'streaming', label: 'Streaming', monthly: 8 },
      ],
    });
  });

  it('says the fixed rates were used with a null date, and rounds once, at the end', () => {
    const stats = currencyStats(subs, TODAY, 'JPY', FIXED_RATES);
    expect(stats.ratesDate).toBeNull();
    // $20 at ¥149.5 and €9.99 at ¥149.5 / 0.92 (1,623.34…): one rounding of the sum.
    expect(stats.monthlyTotal).toBe(Math.round((20 * 149.5 + (9.99 / 0.92) * 149.5) * 100) / 100);
    expect(stats.byCategory.reduce((sum, c) => sum + c.monthly, 0)).toBeCloseTo(stats.monthlyTotal, 1);
  });

  it('answers zeros and no categories for a user without subscriptions', () => {
    expect(currencyStats([], TODAY, 'GBP', STORED)).toMatchObject({
      currency: 'GBP',
      monthlyTotal: 0,
      yearlyTotal: 0,
      dueSoon: 0,
      nextDue: null,
      totalSubscriptions: 0,
      byCategory: [],
    });
  });
});

describe('rateTableOf: a stored day as the rates of every billing currency (issue 24 §1)', () => {
  it("takes the day's rates and the fixed rate of a currency the ECB does not quote", () => {
    const table = rateTableOf({ date: '2026-11-24', perUsd: { USD: 1, EUR: 0.96, JPY: 154.7, XAU: 0.0004 } });
    expect(table.date).toBe('2026-11-24');
    expect(new Set(Object.keys(table.perUsd))).toEqual(new Set(BILLING_CURRENCIES.map((c) => c.code)));
    expect(table.perUsd).toMatchObject({ USD: 1, EUR: 0.96, JPY: 154.7, AED: FIXED_RATES.perUsd.AED, ARS: FIXED_RATES.perUsd.ARS });
  });

  it('never uses a stored rate that is not a positive number', () => {
    const table = rateTableOf({ date: '2026-11-24', perUsd: { EUR: 0, GBP: Number.NaN, JPY: -1 } as Record<string, number> });
    expect(table.perUsd).toMatchObject({ EUR: FIXED_RATES.perUsd.EUR, GBP: FIXED_RATES.perUsd.GBP, JPY: FIXED_RATES.perUsd.JPY });
  });
});
