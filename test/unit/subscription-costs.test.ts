import { describe, expect, it } from 'vitest';
import { monthlyAmount, yearlyAmount, yearlyMultiplier } from '../../shared/domain/subscription-costs.js';
import { yearlyReport } from '../../shared/domain/subscription-report.js';
import { dashboardStats } from '../../shared/domain/subscription-stats.js';
import { sub } from './subscription-fixtures.js';

describe('costs (SPEC §9 "Computations", DESIGN §5 normalised monthly total)', () => {
  it('yearly multipliers: monthly x12, quarterly x4, yearly or annual x1, weekly x52, anything else x12', () => {
    expect(yearlyMultiplier('monthly')).toBe(12);
    expect(yearlyMultiplier('quarterly')).toBe(4);
    expect(yearlyMultiplier('yearly')).toBe(1);
    expect(yearlyMultiplier('annual')).toBe(1);
    expect(yearlyMultiplier('weekly')).toBe(52);
    expect(yearlyMultiplier('biweekly')).toBe(12);
    expect(yearlyMultiplier('')).toBe(12);
  });

  it('yearlyAmount multiplies and rounds to cents', () => {
    expect(yearlyAmount(sub({ amount: 15.99 }))).toBe(191.88);
    expect(yearlyAmount(sub({ amount: 2.99, billingCycle: 'weekly' }))).toBe(155.48);
    expect(yearlyAmount(sub({ amount: 99, billingCycle: 'yearly' }))).toBe(99);
  });

  it('monthlyAmount normalises each cycle to a month', () => {
    expect(monthlyAmount(sub({ amount: 15.99 }))).toBe(15.99);
    expect(monthlyAmount(sub({ amount: 120, billingCycle: 'yearly' }))).toBe(10);
    expect(monthlyAmount(sub({ amount: 30, billingCycle: 'quarterly' }))).toBe(10);
    expect(monthlyAmount(sub({ amount: 12, billingCycle: 'weekly' }))).toBe(52);
  });

  it('monthlyAmount reads an amount sent as a string (SPEC §3) and treats junk as 0', () => {
    expect(monthlyAmount({ amount: '9.99' as unknown as number, billingCycle: 'monthly' })).toBe(9.99);
    expect(monthlyAmount({ amount: 'abc' as unknown as number, billingCycle: 'monthly' })).toBe(0);
  });

  it('a subscription whose end date comes before its due date costs nothing more, on the dashboard as in the yearly report (issue 35 §1)', () => {
    // The property test's counterexample: renews on the 28th, ends on the 27th: no renewal is left.
    const ended = sub({ amount: 10, dueDate: '2026-11-28', endsAt: '2026-11-27' });
    expect([monthlyAmount(ended), yearlyAmount(ended)]).toEqual([0, 0]);
    expect(dashboardStats([ended], '2026-11-29').monthlyTotal).toBe(0);
    expect(yearlyReport([ended]).yearlyTotal).toBe(0);
    // Ending on the due date, that renewal is still charged.
    expect(yearlyAmount({ ...ended, endsAt: '2026-11-28' })).toBe(120);
  });
});
