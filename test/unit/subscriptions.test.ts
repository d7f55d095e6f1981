import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/mini';
import { subscriptionBody, subscriptionMessages } from '../../shared/api/subscriptions.js';
import { PIE_PALETTE } from '../../shared/domain/categories.js';
import {
  availableActions,
  canPerform,
  categoryBreakdown,
  countDueSoon,
  cycleLabel,
  cycleName,
  DUE_SOON_DAYS,
  dashboardStats,
  daysUntilDue,
  daysUntilPermanentDelete,
  deletedBannerText,
  dueBadge,
  isActive,
  isDueSoon,
  isOverdue,
  isPurged,
  isRenewable,
  monthlyAmount,
  monthlyTotal,
  NONE_UPCOMING,
  nextDue,
  normalizeCycle,
  PAGE_SIZE,
  pastDueMessage,
  permanentDeleteAt,
  renewedDueDate,
  TRASH_DAYS,
  yearlyAmount,
  yearlyMultiplier,
} from '../../shared/domain/subscriptions.js';
import { sub } from './subscription-fixtures.js';

const TODAY = '2026-11-22';

describe('constants (SPEC §9)', () => {
  it('due-soon window 10 days, trash 30 days, 8 per page', () => {
    expect(DUE_SOON_DAYS).toBe(10);
    expect(TRASH_DAYS).toBe(30);
    expect(PAGE_SIZE).toBe(8);
    expect(NONE_UPCOMING).toBe('None upcoming');
  });
});

describe('due dates (SPEC §5 "Search and date rules")', () => {
  it('daysUntilDue counts whole days from today, negative when past', () => {
    expect(daysUntilDue('2026-11-22', TODAY)).toBe(0);
    expect(daysUntilDue('2026-12-02', TODAY)).toBe(10);
    expect(daysUntilDue('2026-11-21', TODAY)).toBe(-1);
    expect(daysUntilDue('2027-11-22', TODAY)).toBe(365);
  });

  it('daysUntilDue is NaN for an unreadable date instead of throwing', () => {
    expect(daysUntilDue('garbage', TODAY)).toBeNaN();
    expect(daysUntilDue('2026-11-22', '')).toBeNaN();
  });

  it('due soon is 0 to 10 days (SPEC §5)', () => {
    expect(isDueSoon(sub({ dueDate: '2026-11-22' }), TODAY)).toBe(true);
    expect(isDueSoon(sub({ dueDate: '2026-11-23' }), TODAY)).toBe(true);
    expect(isDueSoon(sub({ dueDate: '2026-12-02' }), TODAY)).toBe(true);
    expect(isDueSoon(sub({ dueDate: '2026-12-03' }), TODAY)).toBe(false);
    expect(isDueSoon(sub({ dueDate: '2026-11-21' }), TODAY)).toBe(false);
  });

  it('due soon is for active subscriptions only (SPEC §5)', () => {
    expect(isDueSoon(sub({ dueDate: TODAY, status: 'canceled' }), TODAY)).toBe(false);
    expect(isDueSoon(sub({ dueDate: TODAY, status: 'deleted' }), TODAY)).toBe(false);
  });

  it('due soon across a month end and a leap day', () => {
    expect(isDueSoon(sub({ dueDate: '2024-03-09' }), '2024-02-28')).toBe(true); // 10 days, Feb 29 counted
    expect(isDueSoon(sub({ dueDate: '2023-03-10' }), '2023-02-28')).toBe(true);
    expect(isDueSoon(sub({ dueDate: '2023-03-11' }), '2023-02-28')).toBe(false);
    expect(isDueSoon(sub({ dueDate: '2027-01-01' }), '2026-12-22')).toBe(true);
  });

  it('overdue is fewer than 0 days, active only (SPEC §5)', () => {
    expect(isOverdue(sub({ dueDate: '2026-11-21' }), TODAY)).toBe(true);
    expect(isOverdue(sub({ dueDate: TODAY }), TODAY)).toBe(false);
    expect(isOverdue(sub({ dueDate: '2026-11-21', status: 'canceled' }), TODAY)).toBe(false);
    expect(isOverdue(sub({ dueDate: 'bad' }), TODAY)).toBe(false);
  });

  it('renew is offered when due today or past, for active ones (SPEC §4)', () => {
    expect(isRenewable(sub({ dueDate: TODAY }), TODAY)).toBe(true);
    expect(isRenewable(sub({ dueDate: '2026-10-01' }), TODAY)).toBe(true);
    expect(isRenewable(sub({ dueDate: '2026-11-23' }), TODAY)).toBe(false);
    expect(isRenewable(sub({ dueDate: TODAY, status: 'canceled' }), TODAY)).toBe(false);
    expect(isRenewable(sub({ dueDate: TODAY, status: 'deleted' }), TODAY)).toBe(false);
  });

  it('isActive is status active (SPEC §4)', () => {
    expect(isActive(sub())).toBe(true);
    expect(isActive(sub({ status: 'canceled' }))).toBe(false);
  });
});

describe('renewedDueDate (SPEC §4 "Renew extends the due date by 1 month", DESIGN §5 one cycle)', () => {
  it('monthly adds one calendar month, clamped: Jan 31 → Feb 28/29', () => {
    expect(renewedDueDate('2026-11-22', 'monthly')).toBe('2026-12-22');
    expect(renewedDueDate('2024-01-31', 'monthly')).toBe('2024-02-29');
    expect(renewedDueDate('2023-01-31', 'monthly')).toBe('2023-02-28');
    expect(renewedDueDate('2026-12-31', 'monthly')).toBe('2027-01-31');
  });

  it('weekly adds 7 days', () => {
    expect(renewedDueDate('2026-11-22', 'weekly')).toBe('2026-11-29');
    expect(renewedDueDate('2026-12-28', 'weekly')).toBe('2027-01-04');
    expect(renewedDueDate('2024-02-25', 'weekly')).toBe('2024-03-03');
  });

  it('quarterly adds 3 months, clamped', () => {
    expect(renewedDueDate('2026-11-30', 'quarterly')).toBe('2027-02-28');
    expect(renewedDueDate('2023-11-30', 'quarterly')).toBe('2024-02-29');
    expect(renewedDueDate('2026-01-15', 'quarterly')).toBe('2026-04-15');
  });

  it('yearly adds 12 months: 2024-02-29 → 2025-02-28', () => {
    expect(renewedDueDate('2024-02-29', 'yearly')).toBe('2025-02-28');
    expect(renewedDueDate('2026-11-22', 'yearly')).toBe('2027-11-22');
    expect(renewedDueDate('2026-11-22', 'annual')).toBe('2027-11-22');
    expect(renewedDueDate('2027-03-01', 'yearly')).toBe('2028-03-01'); // a calendar year, not 365 days
  });

  it('an unknown cycle renews monthly', () => {
    expect(renewedDueDate('2026-11-22', 'fortnightly')).toBe('2026-12-22');
  });

  it('counts from the due date, not from today, so a long-past date stays past after one renew', () => {
    expect(renewedDueDate('2026-01-10', 'monthly')).toBe('2026-02-10');
  });

  it('normalizeCycle maps annual to yearly and unknowns to monthly', () => {
    expect(normalizeCycle('annual')).toBe('yearly');
    expect(normalizeCycle('weekly')).toBe('weekly');
    expect(normalizeCycle(undefined)).toBe('monthly');
    expect(normalizeCycle('daily')).toBe('monthly');
  });
});

describe('trash (SPEC §4 "Deleted", §9 30 days)', () => {
  const deletedAt = '2026-11-01T10:00:00.000Z';

  it('30 days remain right after deletion', () => {
    expect(daysUntilPermanentDelete(deletedAt, new Date('2026-11-01T10:00:00.000Z'))).toBe(30);
    expect(daysUntilPermanentDelete(deletedAt, new Date('2026-11-02T09:59:59.999Z'))).toBe(30);
  });

  it('30 minus whole days since deletion', () => {
    expect(daysUntilPermanentDelete(deletedAt, new Date('2026-11-02T10:00:00.000Z'))).toBe(29);
    expect(daysUntilPermanentDelete(deletedAt, new Date('2026-11-30T10:00:00.000Z'))).toBe(1);
  });

  it('floors at 0', () => {
    expect(daysUntilPermanentDelete(deletedAt, new Date('2026-12-01T10:00:00.000Z'))).toBe(0);
    expect(daysUntilPermanentDelete(deletedAt, new Date('2027-06-01T00:00:00.000Z'))).toBe(0);
  });

  it('a deletion stamped in the future (clock skew) still shows 30, and a missing stamp 30', () => {
    expect(daysUntilPermanentDelete(deletedAt, new Date('2026-10-31T00:00:00.000Z'))).toBe(30);
    expect(daysUntilPermanentDelete(null, new Date())).toBe(30);
    expect(daysUntilPermanentDelete('junk', new Date())).toBe(30);
  });

  it('isPurged from 30 full days after deletion', () => {
    expect(isPurged(deletedAt, new Date('2026-12-01T09:59:59.999Z'))).toBe(false);
    expect(isPurged(deletedAt, new Date('2026-12-01T10:00:00.000Z'))).toBe(true);
    expect(isPurged(null, new Date('2030-01-01T00:00:00.000Z'))).toBe(false);
  });

  it('permanentDeleteAt is deletedAt + 30 days (for a TTL)', () => {
    expect(permanentDeleteAt(deletedAt)?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(permanentDeleteAt(null)).toBeNull();
  });

  it('deleted banner reads "Deleted (N days until permanent)" (SPEC §2)', () => {
    expect(deletedBannerText(deletedAt, new Date('2026-11-02T10:00:00.000Z'))).toBe(
      'Deleted (29 days until permanent)',
    );
    expect(deletedBannerText(deletedAt, new Date('2026-11-30T10:00:00.000Z'))).toBe('Deleted (1 day until permanent)');
    expect(deletedBannerText(deletedAt, new Date('2026-12-05T10:00:00.000Z'))).toBe('Deleted (0 days until permanent)');
  });
});

describe('card badges (SPEC §2 "Subscription card badges")', () => {
  it('Due today!', () => {
    expect(dueBadge(sub({ dueDate: TODAY }), TODAY)).toEqual({ kind: 'dueToday', days: 0, text: 'Due today!' });
  });

  it('Due in N day(s) within 10 days, singular for 1', () => {
    expect(dueBadge(sub({ dueDate: '2026-11-23' }), TODAY)).toEqual({ kind: 'dueSoon', days: 1, text: 'Due in 1 day' });
    expect(dueBadge(sub({ dueDate: '2026-11-25' }), TODAY)).toEqual({
      kind: 'dueSoon',
      days: 3,
      text: 'Due in 3 days',
    });
    expect(dueBadge(sub({ dueDate: '2026-12-02' }), TODAY)?.text).toBe('Due in 10 days');
  });

  it('N days remaining beyond 10 days', () => {
    expect(dueBadge(sub({ dueDate: '2026-12-03' }), TODAY)).toEqual({
      kind: 'remaining',
      days: 11,
      text: '11 days remaining',
    });
  });

  it('Past Due before today', () => {
    expect(dueBadge(sub({ dueDate: '2026-11-21' }), TODAY)).toEqual({ kind: 'pastDue', days: -1, text: 'Past Due' });
  });

  it('no badge on canceled or deleted cards or unreadable dates', () => {
    expect(dueBadge(sub({ status: 'canceled' }), TODAY)).toBeNull();
    expect(dueBadge(sub({ status: 'deleted' }), TODAY)).toBeNull();
    expect(dueBadge(sub({ dueDate: 'x' }), TODAY)).toBeNull();
  });

  it('past-due message is SPEC §2 text for monthly, and names the step for other cycles', () => {
    expect(pastDueMessage('monthly')).toBe(
      'This date has already passed. Click Renew to extend by 1 month, or change the date if this is a mistake.',
    );
    expect(pastDueMessage()).toBe(pastDueMessage('monthly'));
    expect(pastDueMessage('weekly')).toContain('extend by 1 week,');
    expect(pastDueMessage('quarterly')).toContain('extend by 3 months,');
    expect(pastDueMessage('yearly')).toContain('extend by 1 year,');
  });

  it('cycle labels /week /month /quarter /year (SPEC §2 "/month", DESIGN §5)', () => {
    expect(cycleLabel('weekly')).toBe('/week');
    expect(cycleLabel('monthly')).toBe('/month');
    expect(cycleLabel('quarterly')).toBe('/quarter');
    expect(cycleLabel('yearly')).toBe('/year');
    expect(cycleLabel('annual')).toBe('/year');
    expect(cycleLabel('odd')).toBe('/month');
    expect(cycleName('quarterly')).toBe('Quarterly');
  });
});

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
      { category: 'streaming', label: 'Streaming', amount: 22.98, color: PIE_PALETTE[0] },
      { category: 'fitness', label: 'Fitness', amount: 4.33, color: expect.stringMatching(/^hsl\(/) },
      { category: 'cloud', label: 'Cloud Storage', amount: 2.5, color: PIE_PALETTE[4] },
    ]);
  });

  it('groups spellings of one category together and uses custom labels', () => {
    const slices = categoryBreakdown(
      [
        sub({ category: 'homeoffice', amount: 5 }),
        sub({ category: 'Home Office', amount: 5 }),
        sub({ category: 'STREAMING', amount: 1 }),
      ],
      [{ value: 'homeoffice', label: 'Home Office' }],
    );
    expect(slices.map((s) => [s.category, s.label, s.amount])).toEqual([
      ['homeoffice', 'Home Office', 10],
      ['streaming', 'Streaming', 1],
    ]);
  });

  it('puts a missing category under Other and leaves out $0 slices', () => {
    const slices = categoryBreakdown([sub({ category: '', amount: 3 }), sub({ category: 'music', amount: 0 })]);
    expect(slices).toEqual([{ category: 'other', label: 'Other', amount: 3, color: PIE_PALETTE[6] }]);
  });

  it('is empty with no active subscriptions', () => {
    expect(categoryBreakdown([sub({ status: 'canceled' })])).toEqual([]);
  });
});

describe('actions by state (SPEC §4 "Subscription")', () => {
  it('active: edit, delete, cancel, renew', () => {
    for (const a of ['edit', 'delete', 'cancel', 'renew'] as const) expect(canPerform('active', a)).toBe(true);
    for (const a of ['reactivate', 'recover', 'deleteForever'] as const) expect(canPerform('active', a)).toBe(false);
  });

  it('canceled: reactivate (plus edit and delete), not renew or cancel', () => {
    expect(canPerform('canceled', 'reactivate')).toBe(true);
    expect(canPerform('canceled', 'delete')).toBe(true);
    expect(canPerform('canceled', 'renew')).toBe(false);
    expect(canPerform('canceled', 'cancel')).toBe(false);
  });

  it('deleted: only recover and delete forever — no edit or delete (SPEC §2)', () => {
    expect(canPerform('deleted', 'recover')).toBe(true);
    expect(canPerform('deleted', 'deleteForever')).toBe(true);
    expect(canPerform('deleted', 'edit')).toBe(false);
    expect(canPerform('deleted', 'delete')).toBe(false);
    expect(canPerform('unknown', 'edit')).toBe(false);
  });

  it('availableActions offers Renew only when due today or past', () => {
    expect(availableActions(sub({ dueDate: '2026-11-30' }), TODAY)).toEqual(['edit', 'delete', 'cancel']);
    expect(availableActions(sub({ dueDate: TODAY }), TODAY)).toEqual(['edit', 'delete', 'cancel', 'renew']);
    expect(availableActions(sub({ status: 'canceled' }), TODAY)).toEqual(['edit', 'delete', 'reactivate']);
  });

  it('availableActions offers Recover only within 30 days', () => {
    const deleted = sub({ status: 'deleted', deletedAt: '2026-11-01T00:00:00.000Z' });
    expect(availableActions(deleted, TODAY, new Date('2026-11-22T00:00:00.000Z'))).toEqual([
      'recover',
      'deleteForever',
    ]);
    expect(availableActions(deleted, TODAY, new Date('2026-12-01T00:00:00.000Z'))).toEqual(['deleteForever']);
  });
});

describe('the amount of a subscription form (contract: subscriptionBody)', () => {
  const form = { name: 'Netflix', amount: 1, category: 'streaming', dueDate: '2030-01-31' };
  const parse = (amount: unknown) => safeParse(subscriptionBody, { ...form, amount });

  it.each([
    ['0x1F', subscriptionMessages.amountNotNumber],
    ['0b11', subscriptionMessages.amountNotNumber],
    ['1e3', subscriptionMessages.amountNotNumber],
    ['Infinity', subscriptionMessages.amountNotNumber],
    ['', subscriptionMessages.amountRequired],
    ['  ', subscriptionMessages.amountRequired],
    ['-0.5', subscriptionMessages.amountNegative],
    ['0.125', subscriptionMessages.amountDecimals],
    [null, subscriptionMessages.amountRequired],
  ])('refuses %o with "%s"', (amount, message) => {
    const result = parse(amount);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it.each([
    [' 12 ', 12],
    ['12.5', 12.5],
    ['12.', 12],
    ['.5', 0.5],
    [12.5, 12.5],
    [1e3, 1000],
    [0, 0],
  ])('reads %o as %d', (amount, expected) => {
    expect(parse(amount).data?.amount).toBe(expected);
  });
});
