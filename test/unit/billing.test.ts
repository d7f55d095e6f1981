import { describe, expect, it } from 'vitest';
import {
  applyPriceEdit,
  cancelByDate,
  chargeOn,
  chargesBetween,
  occurrences,
  priceAt,
  renewalAfterCancelBy,
  upcomingRenewals,
} from '../../shared/domain/billing.js';
import { convert, FIXED_RATES, formatAmount, formatMoney, isBillingCurrency } from '../../shared/domain/currency.js';
import { yearlyReport } from '../../shared/domain/subscription-report.js';
import { monthlyTotal } from '../../shared/domain/subscription-stats.js';
import { sub } from './subscription-fixtures.js';

describe('billing currencies (issue 24 §1)', () => {
  it('SPEC §9 six plus at least 25 others, ISO 4217 upper case only', () => {
    expect(Object.keys(FIXED_RATES.perUsd).length).toBeGreaterThanOrEqual(31);
    for (const code of ['USD', 'EUR', 'GBP', 'JPY', 'KRW', 'INR', 'CHF', 'SEK', 'PLN', 'BRL', 'AUD'])
      expect(isBillingCurrency(code)).toBe(true);
    expect(isBillingCurrency('eur')).toBe(false);
    expect(isBillingCurrency('XXX')).toBe(false);
  });
  it('a euro price shown in euros is exactly its price; converted through the same table otherwise', () => {
    expect(convert(9.99, 'EUR', 'EUR')).toBe(9.99);
    expect(formatMoney(convert(9.99, 'EUR', 'USD'), 'EUR')).toBe('€9.99');
    expect(convert(100, 'USD', 'EUR')).toBeCloseTo(92, 10); // SPEC §9: EUR 0.92
    expect(formatAmount(9.99, 'EUR')).toBe('€9.99');
    expect(formatAmount(1200, 'JPY')).toBe('¥1,200');
    expect(formatAmount(229, 'SEK')).toBe('SEK\u00a0229.00');
  });
  it('a stored day of rates replaces the fixed rate currency by currency', () => {
    const rates = { date: '2026-11-24', perUsd: { EUR: 0.95 } };
    expect(convert(95, 'EUR', 'USD', rates)).toBeCloseTo(100, 10);
    expect(convert(0.79, 'GBP', 'USD', rates)).toBeCloseTo(1, 10); // GBP from the fixed table
  });
  it('totals add subscriptions of different currencies in the display currency', () => {
    const subs = [sub({ amount: 9.2, currency: 'EUR' }), sub({ amount: 10, currency: 'USD' })];
    expect(formatMoney(monthlyTotal(subs), 'USD')).toBe('$20.00');
  });
});

describe('anchor-day schedules (issue 24 §3)', () => {
  const jan31 = sub({ dueDate: '2027-01-31', billingCycle: 'monthly', anchorDay: 31 });
  it('billed on 31 January: 28 February, 31 March, 30 April — never drifting to the 28th', () => {
    expect(upcomingRenewals(jan31, 4)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
  });
  it('lists past and future occurrences in a window, none after the end date', () => {
    const s = sub({ dueDate: '2027-02-28', anchorDay: 31, endsAt: '2027-04-30' });
    expect(occurrences(s, '2026-11-01', '2027-12-31')).toEqual([
      '2026-11-30',
      '2026-12-31',
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect(occurrences(s, '2026-11-01', '2027-12-31', '2027-01-01')).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
  });
  it('keeps the due date a renewal where a stored anchor day disagrees with it (an edited import)', () => {
    const edited = sub({ dueDate: '2027-01-27', billingCycle: 'monthly', anchorDay: 15 });
    expect(occurrences(edited, '2026-12-01', '2027-02-28')).toEqual(['2026-12-15', '2027-01-27', '2027-02-15']);
    expect(upcomingRenewals(edited, 2)).toEqual(['2027-01-27', '2027-02-15']);
  });
  it('every 4 weeks steps 28 days; a canceled subscription has no upcoming occurrences', () => {
    const gym = sub({ dueDate: '2026-12-01', billingCycle: 'weekly', cycleInterval: 4 });
    expect(upcomingRenewals(gym, 3)).toEqual(['2026-12-01', '2026-12-29', '2027-01-26']);
    expect(occurrences({ ...gym, status: 'canceled' }, '2026-10-01', '2027-03-01')).toEqual(['2026-10-06', '2026-11-03']);
  });
});

describe('prices, trials and notice (issue 24 §2, §3)', () => {
  const history = [
    { amount: 15.49, currency: 'USD', effectiveFrom: '2025-01-01' },
    { amount: 17.99, currency: 'USD', effectiveFrom: '2026-12-15' },
  ];
  const netflix = sub({ amount: 17.99, dueDate: '2026-11-15', priceHistory: history });
  it('the price in force at each occurrence', () => {
    expect(priceAt(netflix, '2026-11-15').amount).toBe(15.49);
    expect(priceAt(netflix, '2026-12-15').amount).toBe(17.99);
    expect(chargesBetween(netflix, '2026-10-01', '2027-01-31').map((c) => c.amount)).toEqual([15.49, 15.49, 17.99, 17.99]);
  });
  it('a trial costs 0 until it ends', () => {
    const trial = sub({ amount: 10, dueDate: '2026-12-01', billingCycle: 'weekly', trialEndsAt: '2026-12-10' });
    expect(chargesBetween(trial, '2026-12-01', '2026-12-20').map((c) => [c.date, c.amount, c.trial])).toEqual([
      ['2026-12-01', 0, true],
      ['2026-12-08', 0, true],
      ['2026-12-15', 10, false],
    ]);
    expect(chargeOn(trial, '2026-12-10').amount).toBe(10);
  });
  it('cancel by = next renewal − notice days, for active subscriptions only', () => {
    expect(cancelByDate(sub({ dueDate: '2026-12-31', noticeDays: 19 }), '2026-11-29')).toBe('2026-12-12');
    expect(cancelByDate(sub({ dueDate: '2026-12-31', noticeDays: 19 }), '2026-12-12')).toBe('2026-12-12');
    expect(cancelByDate(sub({ dueDate: '2026-12-31', noticeDays: null }), '2026-11-29')).toBeNull();
    expect(cancelByDate(sub({ dueDate: '2026-12-31', noticeDays: 5, status: 'canceled' }), '2026-11-29')).toBeNull();
  });
  it('gives the next deadline that still matters: once the one before the due date passed, the renewal after (issue 35 §2.5)', () => {
    const notice = sub({ dueDate: '2026-12-15', noticeDays: 30 });
    expect(cancelByDate(notice, '2026-11-15')).toBe('2026-11-15');
    // On 16 Nov the deadline for 15 Dec is past: the one for 15 Jan is what still matters.
    expect(cancelByDate(notice, '2026-11-16')).toBe('2026-12-16');
    expect(cancelByDate(notice, '2026-11-29')).toBe('2026-12-16');
    // A past-due subscription: its renewals from the due date on, the first whose deadline is not past.
    expect(cancelByDate(notice, '2026-12-20')).toBe('2027-01-16');
    // None after the end date; none for a renewal free in the trial.
    expect(cancelByDate({ ...notice, endsAt: '2027-01-10' }, '2026-11-29')).toBeNull();
    expect(cancelByDate({ ...notice, trialEndsAt: '2027-01-01' }, '2026-11-01')).toBe('2026-12-16');
    // The renewal each deadline is for.
    expect(renewalAfterCancelBy(notice, '2026-12-16')).toBe('2027-01-15');
  });
  it("keeps a date the user gave as a date, also once past (issue 35 §2.5: Wallos's 'Cancellation Date')", () => {
    const fitx = sub({ dueDate: '2026-12-09', billingCycle: 'weekly', cycleInterval: 4, noticeDays: null, cancelByDate: '2027-06-30' });
    expect(cancelByDate(fitx, '2026-11-29')).toBe('2027-06-30');
    expect(cancelByDate(fitx, '2027-07-01')).toBe('2027-06-30');
    expect(cancelByDate({ ...fitx, noticeDays: 21 }, '2026-11-29')).toBe('2027-06-30');
    expect(cancelByDate({ ...fitx, status: 'canceled' }, '2026-11-29')).toBeNull();
    // The renewal it is for: the first on or after it (every 4 weeks from 9 Dec: 21 Jul 2027).
    expect(renewalAfterCancelBy(fitx, '2027-06-30')).toBe('2027-07-21');
  });
  it('a price change from a date replaces later changes; a correction rewrites the latest price', () => {
    expect(applyPriceEdit(history, { amount: 19.99, currency: 'USD' }, '2026-12-01')).toEqual([
      history[0],
      { amount: 19.99, currency: 'USD', effectiveFrom: '2026-12-01' },
    ]);
    expect(applyPriceEdit(history, { amount: 18.99, currency: 'EUR' })).toEqual([
      history[0],
      { amount: 18.99, currency: 'EUR', effectiveFrom: '2026-12-15' },
    ]);
  });
  it('the yearly report counts each renewal at its price (SubTrackr #32), in the display currency', () => {
    const report = yearlyReport([netflix, sub({ amount: 92, currency: 'EUR', billingCycle: 'yearly', dueDate: '2027-01-01' })], [], {
      currency: 'EUR',
    });
    // Netflix: 12 renewals from 15 Nov 2026: one at 15.49, eleven at 17.99 USD → EUR at 0.92.
    expect(report.rows.find((r) => r.currency === 'USD')?.yearly).toBe(Math.round((15.49 + 11 * 17.99) * 0.92 * 100) / 100);
    expect(report.rows.find((r) => r.currency === 'EUR')?.yearly).toBe(92);
    expect(report.currency).toBe('EUR');
    expect(report.ratesDate).toBeNull();
  });
});
