import { describe, expect, it } from 'vitest';
import { nextRenewal } from '../../shared/domain/billing.js';
import {
  availableActions,
  canPerform,
  DUE_SOON_DAYS,
  daysUntilDue,
  daysUntilPermanentDelete,
  isActive,
  isDueSoon,
  isOverdue,
  isPurged,
  isRenewable,
  normalizeCycle,
  permanentDeleteAt,
  TRASH_DAYS,
} from '../../shared/domain/subscription-rules.js';
import { sub } from './subscription-fixtures.js';

/** One Renew of a subscription due on `dueDate` that was first billed on that day. */
const renewedDueDate = (dueDate: string, billingCycle: string) => nextRenewal({ dueDate, billingCycle: billingCycle as 'monthly' });

const TODAY = '2026-11-22';

describe('constants (SPEC §9)', () => {
  it('due-soon window 10 days, trash 30 days', () => {
    expect(DUE_SOON_DAYS).toBe(10);
    expect(TRASH_DAYS).toBe(30);
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

describe('nextRenewal (SPEC §4 "Renew extends the due date by 1 month", DESIGN §5 one cycle)', () => {
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
    expect(availableActions(deleted, TODAY, new Date('2026-11-22T00:00:00.000Z'))).toEqual(['recover', 'deleteForever']);
    expect(availableActions(deleted, TODAY, new Date('2026-12-01T00:00:00.000Z'))).toEqual(['deleteForever']);
  });
});

describe('nextRenewal keeps the anchor day (issue 24 §3)', () => {
  const anchored = (dueDate: string, anchorDay: number, billingCycle: 'monthly' | 'quarterly' | 'yearly' = 'monthly') =>
    nextRenewal({ dueDate, billingCycle, anchorDay });
  it('billed on 31 January: 28 (or 29) February, then 31 March', () => {
    expect(renewedDueDate('2027-01-31', 'monthly')).toBe('2027-02-28');
    expect(anchored('2027-02-28', 31)).toBe('2027-03-31');
    expect(anchored('2028-02-29', 31)).toBe('2028-03-31');
    expect(anchored('2027-04-30', 31)).toBe('2027-05-31');
  });
  it('a 30th anchor comes back after February; a yearly 29 Feb anchor returns in leap years', () => {
    expect(anchored('2027-02-28', 30)).toBe('2027-03-30');
    expect(anchored('2027-02-28', 29, 'yearly')).toBe('2028-02-29');
    expect(anchored('2026-11-30', 31, 'quarterly')).toBe('2027-02-28');
    expect(anchored('2027-02-28', 31, 'quarterly')).toBe('2027-05-31');
  });
});
