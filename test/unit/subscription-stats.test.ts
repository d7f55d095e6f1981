import { describe, expect, it } from 'vitest';
import { categoryColorSlot } from '../../shared/domain/categories.js';
import {
  categoryBreakdown,
  countDueSoon,
  dashboardStats,
  monthlyTotal,
  NONE_UPCOMING,
  nextDue,
} from '../../shared/domain/subscription-stats.js';
import { sub } from './subscription-fixtures.js';

const TODAY = '2026-11-22';

describe('monthly total (SPEC §9 "Computations", DESIGN §5 normalised monthly total)', () => {
  it('monthly total sums active subscriptions only, normalised and rounded (SPEC §9)', () => {
    const subs = [
      sub({ amount: 15.99 }),
      sub({ amount: 120, billingCycle: 'yearly' }),
      sub({ amount: 10, billingCycle: 'weekly' }), // 43.333…
      sub({ amount: 50, status: 'canceled' }),
      sub({ amount: 70, status: 'deleted' }),
    ];
    expect(monthlyTotal(subs)).toBe(69.32);
    expect(monthlyTotal([])).toBe(0);
  });

  it('monthly total has no float drift (0.1 + 0.2)', () => {
    expect(monthlyTotal([sub({ amount: 0.1 }), sub({ amount: 0.2 })])).toBe(0.3);
  });
});

describe('stats cards (SPEC §2, §9 "Next due")', () => {
  it('next due is the earliest active due date today or later', () => {
    const subs = [
      sub({ dueDate: '2026-12-05' }),
      sub({ dueDate: '2026-11-25' }),
      sub({ dueDate: '2026-11-20' }), // past
      sub({ dueDate: '2026-11-23', status: 'canceled' }),
      sub({ dueDate: '2026-11-22', status: 'deleted' }),
    ];
    expect(nextDue(subs, TODAY)).toBe('2026-11-25');
  });

  it('next due includes today', () => {
    expect(nextDue([sub({ dueDate: '2026-12-01' }), sub({ dueDate: TODAY })], TODAY)).toBe(TODAY);
  });

  it('next due is null ("None upcoming") when nothing is upcoming', () => {
    expect(NONE_UPCOMING).toBe('None upcoming');
    expect(nextDue([], TODAY)).toBeNull();
    expect(nextDue([sub({ dueDate: '2026-11-01' }), sub({ dueDate: 'bad' })], TODAY)).toBeNull();
  });

  it('countDueSoon counts active subscriptions due in 0 to 10 days', () => {
    const subs = [
      sub({ dueDate: TODAY }),
      sub({ dueDate: '2026-12-02' }),
      sub({ dueDate: '2026-12-03' }),
      sub({ dueDate: '2026-11-21' }),
      sub({ dueDate: '2026-11-25', status: 'canceled' }),
    ];
    expect(countDueSoon(subs, TODAY)).toBe(2);
  });

  it('dashboardStats: total excludes the trash', () => {
    const subs = [
      sub({ dueDate: '2026-11-25', amount: 10 }),
      sub({ dueDate: '2027-01-01', amount: 5, status: 'canceled' }),
      sub({ dueDate: '2026-11-23', amount: 7, status: 'deleted' }),
    ];
    expect(dashboardStats(subs, TODAY)).toEqual({
      totalSubscriptions: 2,
      dueSoon: 1,
      monthlyTotal: 10,
      nextDue: '2026-11-25',
    });
  });
});

describe('category breakdown (SPEC §9 pie chart)', () => {
  it('sums active monthly-normalised amounts per category, rounded to 2 decimals, capitalised', () => {
    const slices = categoryBreakdown([
      sub({ category: 'streaming', amount: 15.99 }),
      sub({ category: 'streaming', amount: 6.99 }),
      sub({ category: 'cloud', amount: 29.99, billingCycle: 'yearly' }),
      sub({ category: 'fitness', amount: 1, billingCycle: 'weekly' }),
      sub({ category: 'music', amount: 100, status: 'canceled' }),
      sub({ category: 'gaming', amount: 100, status: 'deleted' }),
    ]);
    expect(slices).toEqual([
      { category: 'streaming', label: 'Streaming', amount: 22.98, color: categoryColorSlot(0) },
      { category: 'fitness', label: 'Fitness', amount: 4.33, color: expect.stringMatching(/^var\(--category-([7-9]|1\d|2[0-4])\)$/) },
      { category: 'cloud', label: 'Cloud Storage', amount: 2.5, color: categoryColorSlot(4) },
    ]);
  });

  it('groups spellings of one category together and uses custom labels', () => {
    const slices = categoryBreakdown(
      [sub({ category: 'homeoffice', amount: 5 }), sub({ category: 'Home Office', amount: 5 }), sub({ category: 'STREAMING', amount: 1 })],
      [{ value: 'homeoffice', label: 'Home Office' }],
    );
    expect(slices.map((s) => [s.category, s.label, s.amount])).toEqual([
      ['homeoffice', 'Home Office', 10],
      ['streaming', 'Streaming', 1],
    ]);
  });

  it('puts a missing category under Other and leaves out $0 slices', () => {
    const slices = categoryBreakdown([sub({ category: '', amount: 3 }), sub({ category: 'music', amount: 0 })]);
    expect(slices).toEqual([{ category: 'other', label: 'Other', amount: 3, color: categoryColorSlot(6) }]);
  });

  it('is empty with no active subscriptions', () => {
    expect(categoryBreakdown([sub({ status: 'canceled' })])).toEqual([]);
  });
});
