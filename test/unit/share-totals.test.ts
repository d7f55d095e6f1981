import { describe, expect, it } from 'vitest';
import { FIXED_RATES } from '../../shared/domain/currency.js';
import { currencyStats } from '../../shared/domain/currency-stats.js';
import { lifetimeSpend as insightsLifetime } from '../../shared/domain/insights.js';
import {
  countedSubscription,
  countedSubscriptions,
  hasSharedSubscriptions,
  userShareOf,
} from '../../shared/domain/sharing/share-totals.js';
import { yearlyReport } from '../../shared/domain/subscription-report.js';
import { categoryBreakdown, dashboardStats } from '../../shared/domain/subscription-stats.js';
import { sub } from './subscription-fixtures.js';

const netflix = (overrides = {}) =>
  sub({
    name: 'Netflix',
    amount: 17.99,
    currency: 'USD',
    priceHistory: [
      { amount: 15.49, currency: 'USD', effectiveFrom: '2025-01-01' },
      { amount: 17.99, currency: 'USD', effectiveFrom: '2026-01-01' },
    ],
    ...overrides,
  });
const sharedWithMe = netflix({ shared: { payerId: 'p', payerName: 'Pat', myShare: 5.99, memberCount: 3 } });
const sharedByMe = netflix({ sharing: { myShare: 6.01, memberCount: 3 } });

describe("totals count the user's share (issue 26: 'count a member's share, with a switch to full price')", () => {
  it('a member counts their share (€17.99 three ways: 5.99), the payer theirs (6.01), an unshared one its price', () => {
    const plain = sub({ amount: 10 });
    expect(countedSubscriptions([sharedWithMe, sharedByMe, plain]).map((s) => s.amount)).toEqual([5.99, 6.01, 10]);
    expect(dashboardStats(countedSubscriptions([sharedWithMe, plain]), '2026-11-20', FIXED_RATES).monthlyTotal).toBe(15.99);
    expect(dashboardStats(countedSubscriptions([sharedByMe]), '2026-11-20', FIXED_RATES).monthlyTotal).toBe(6.01);
  });

  it('the switch to full price counts every subscription at its whole price', () => {
    expect(countedSubscriptions([sharedWithMe, sharedByMe], true).map((s) => s.amount)).toEqual([17.99, 17.99]);
    expect(countedSubscription(sharedWithMe, true)).toBe(sharedWithMe);
    expect(dashboardStats(countedSubscriptions([sharedWithMe], true), '2026-11-20', FIXED_RATES).monthlyTotal).toBe(17.99);
  });

  it("past prices are split at today's split: the history is scaled by share ÷ price, to the currency's minor unit", () => {
    const counted = countedSubscription(sharedWithMe);
    // 15.49 × 5.99 ÷ 17.99 = 5.1576… → 5.16; the current price becomes the share exactly.
    expect(counted.priceHistory.map((change) => change.amount)).toEqual([5.16, 5.99]);
    const yen = countedSubscription(
      sub({
        amount: 1000,
        currency: 'JPY',
        priceHistory: [
          { amount: 800, currency: 'JPY', effectiveFrom: '2025-01-01' },
          { amount: 1000, currency: 'JPY', effectiveFrom: '2026-01-01' },
        ],
        shared: { payerId: 'p', payerName: 'Pat', myShare: 333, memberCount: 3 },
      }),
    );
    expect(yen.priceHistory.map((change) => change.amount)).toEqual([266, 333]);
  });

  it('the yearly report, the spending pie, insights and GET /api/stats count the share', () => {
    const list = [sharedWithMe, sub({ amount: 10, category: 'music' })];
    const counted = countedSubscriptions(list);
    expect(yearlyReport(counted, [], { currency: 'USD', rates: FIXED_RATES }).yearlyTotal).toBe(191.88); // (5.99 + 10) × 12
    expect(categoryBreakdown(counted, [], FIXED_RATES).map((slice) => [slice.category, slice.amount])).toEqual([
      ['music', 10],
      ['streaming', 5.99],
    ]);
    const stats = currencyStats(list, '2026-11-20', 'USD', FIXED_RATES);
    expect([stats.monthlyTotal, stats.yearlyTotal]).toEqual([15.99, 191.88]);
    const full = insightsLifetime(list, '2026-11-20', { currency: 'USD', rates: FIXED_RATES });
    const shared = insightsLifetime(counted, '2026-11-20', { currency: 'USD', rates: FIXED_RATES });
    // Twelve renewals of 2025 at 15.49 (5.16 shared) and ten of 2026 to 20 Nov at 17.99 (5.99 shared).
    expect([full[0]?.total, shared[0]?.total]).toEqual([365.78, 121.82]);
  });

  it('a shared subscription free now counts its earlier prices once among everyone, not once each (issue 35 §1)', () => {
    // The property test's counterexample: $10.00 a month until 15 Nov, free since, shared by two people.
    const history = [
      { amount: 10, currency: 'USD', effectiveFrom: '2026-01-01' },
      { amount: 0, currency: 'USD', effectiveFrom: '2026-11-15' },
    ];
    const payer = sub({ amount: 0, priceHistory: history, dueDate: '2026-12-01', sharing: { myShare: 0, memberCount: 2 } });
    const member = sub({
      amount: 0,
      priceHistory: history,
      dueDate: '2026-12-01',
      shared: { payerId: 'p', payerName: 'Pat', myShare: 0, memberCount: 2 },
    });
    const counted = countedSubscriptions([payer, member]);
    expect(counted.map((s) => s.priceHistory.map((p) => p.amount))).toEqual([
      [5, 0],
      [5, 0],
    ]);
    // Eleven renewals at $10.00 from 1 Jan to 1 Nov: $110.00 in all, $55.00 each.
    const lifetime = insightsLifetime(counted, '2026-11-20', { currency: 'USD', rates: FIXED_RATES });
    expect(lifetime.map((row) => row.total)).toEqual([55, 55]);
  });

  it('a price of 0 counts 0; the list knows when it has shared subscriptions', () => {
    const free = sub({ amount: 0, shared: { payerId: 'p', payerName: 'Pat', myShare: 0, memberCount: 2 } });
    expect(countedSubscription(free)).toEqual({ ...free, amount: 0 });
    expect(userShareOf(sharedWithMe)).toBe(5.99);
    expect(userShareOf(sub())).toBeNull();
    expect(hasSharedSubscriptions([sub(), sharedByMe])).toBe(true);
    expect(hasSharedSubscriptions([sub()])).toBe(false);
  });
});
