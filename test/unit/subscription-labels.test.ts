import { describe, expect, it } from 'vitest';
import {
  cancelByBadge,
  cycleEvery,
  cycleLabel,
  cycleName,
  cycleStep,
  deletedBannerText,
  dueBadge,
  endsBadgeText,
  nextPriceText,
  pastDueMessage,
  sharedPastDueMessage,
  trialBadgeText,
} from '../../shared/domain/subscription-labels.js';
import { sub } from './subscription-fixtures.js';

const TODAY = '2026-11-22';

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

  it('a member of a shared subscription is told who renews it, not to click a Renew they do not have (issue 26)', () => {
    expect(sharedPastDueMessage('pat')).toBe(
      'This date has already passed. pat pays for this subscription, and the date moves on when they renew it.',
    );
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

  it('a cycle of several quarters reads in months, and 12 months in years (issue 35 §2.16, decision 0112)', () => {
    expect(cycleEvery('quarterly', 2)).toBe('every 6 months');
    expect(cycleLabel('quarterly', 2)).toBe('/6 months');
    expect(cycleName('quarterly', 2)).toBe('Every 6 months');
    expect(cycleStep('quarterly', 2)).toBe('6 months');
    expect(cycleEvery('quarterly', 3)).toBe('every 9 months');
    // Four quarters or twelve months are a year; eight quarters two years.
    expect([cycleEvery('quarterly', 4), cycleLabel('quarterly', 4), cycleName('quarterly', 4)]).toEqual(['every year', '/year', 'Yearly']);
    expect([cycleEvery('monthly', 12), cycleLabel('monthly', 12), cycleStep('monthly', 12)]).toEqual(['every year', '/year', '1 year']);
    expect([cycleEvery('quarterly', 8), cycleName('quarterly', 8), cycleStep('quarterly', 8)]).toEqual([
      'every 2 years',
      'Every 2 years',
      '2 years',
    ]);
    expect(cycleEvery('monthly', 18)).toBe('every 18 months');
    // Weeks stay weeks: 52 weeks are not a calendar year.
    expect(cycleEvery('weekly', 52)).toBe('every 52 weeks');
    expect(cycleEvery('weekly', 2)).toBe('every 2 weeks');
    expect(['weekly', 'monthly', 'quarterly', 'yearly'].map((c) => cycleEvery(c))).toEqual([
      'every week',
      'every month',
      'every quarter',
      'every year',
    ]);
    expect(pastDueMessage('quarterly', 2)).toContain('extend by 6 months');
  });
});

describe('deleted banner (SPEC §2 "Subscription card badges" and banners)', () => {
  const deletedAt = '2026-11-01T10:00:00.000Z';

  it('deleted banner reads "Deleted (N days until permanent)" (SPEC §2)', () => {
    expect(deletedBannerText(deletedAt, new Date('2026-11-02T10:00:00.000Z'))).toBe('Deleted (29 days until permanent)');
    expect(deletedBannerText(deletedAt, new Date('2026-11-30T10:00:00.000Z'))).toBe('Deleted (1 day until permanent)');
    expect(deletedBannerText(deletedAt, new Date('2026-12-05T10:00:00.000Z'))).toBe('Deleted (0 days until permanent)');
  });
});

describe("issue 24 §3's card badges: trial, cancel-by, end date; §2's scheduled price", () => {
  it("'Trial ends in 3 days', 'Trial ends tomorrow', 'Trial ends today'", () => {
    expect(trialBadgeText(sub({ trialEndsAt: '2026-11-25' }), TODAY)).toBe('Trial ends in 3 days');
    expect(trialBadgeText(sub({ trialEndsAt: '2026-11-23' }), TODAY)).toBe('Trial ends tomorrow');
    expect(trialBadgeText(sub({ trialEndsAt: TODAY }), TODAY)).toBe('Trial ends today');
  });

  it('no trial badge without a trial, after it, or on a card that is not active', () => {
    expect(trialBadgeText(sub(), TODAY)).toBeNull();
    expect(trialBadgeText(sub({ trialEndsAt: '2026-11-21' }), TODAY)).toBeNull();
    expect(trialBadgeText(sub({ trialEndsAt: '2026-11-25', status: 'canceled' }), TODAY)).toBeNull();
  });

  it("'Cancel by 12 Dec', urgent within the 10-day due-soon window, the year only when it is another", () => {
    expect(cancelByBadge(sub({ cancelByDate: '2026-12-12' }), TODAY)).toEqual({ text: 'Cancel by 12 Dec', urgent: false });
    expect(cancelByBadge(sub({ cancelByDate: '2026-12-02' }), TODAY)).toEqual({ text: 'Cancel by 2 Dec', urgent: true });
    expect(cancelByBadge(sub({ cancelByDate: TODAY }), TODAY)).toEqual({ text: 'Cancel by 22 Nov', urgent: true });
    expect(cancelByBadge(sub({ cancelByDate: '2027-01-05' }), TODAY)?.text).toBe('Cancel by 5 Jan 2027');
  });

  it('the deadline that still matters: once the due date’s has passed, the renewal after’s (issue 35 §2.5)', () => {
    // Due 15 Dec with 30 days' notice, on 22 Nov: 15 Nov has passed; 16 Dec is the last day for 15 Jan.
    expect(cancelByBadge(sub({ dueDate: '2026-12-15', noticeDays: 30 }), TODAY)).toEqual({ text: 'Cancel by 16 Dec', urgent: false });
    expect(cancelByBadge(sub({ dueDate: '2026-12-01', noticeDays: 3 }), TODAY)).toEqual({ text: 'Cancel by 28 Nov', urgent: true });
  });

  it('no cancel-by badge without a notice period or once a date the user gave has passed', () => {
    expect(cancelByBadge(sub(), TODAY)).toBeNull();
    expect(cancelByBadge(sub({ cancelByDate: '2026-11-21' }), TODAY)).toBeNull();
  });

  it("'Ends 31 Mar 2027', 'Ended …' once past, none in the trash", () => {
    expect(endsBadgeText(sub({ endsAt: '2027-03-31' }), TODAY)).toBe('Ends 31 Mar 2027');
    expect(endsBadgeText(sub({ endsAt: TODAY }), TODAY)).toBe('Ends 22 Nov 2026');
    expect(endsBadgeText(sub({ endsAt: '2026-03-31', status: 'canceled' }), TODAY)).toBe('Ended 31 Mar 2026');
    expect(endsBadgeText(sub({ endsAt: '2027-03-31', status: 'deleted' }), TODAY)).toBeNull();
    expect(endsBadgeText(sub(), TODAY)).toBeNull();
  });

  it("a price change after today: '$17.99 from 15 Dec', as billed", () => {
    const rising = sub({
      amount: 17.99,
      priceHistory: [
        { amount: 15.49, currency: 'USD', effectiveFrom: '2026-01-01' },
        { amount: 17.99, currency: 'USD', effectiveFrom: '2026-12-15' },
      ],
    });
    expect(nextPriceText(rising, TODAY)).toBe('$17.99 from 15 Dec');
    expect(nextPriceText(rising, '2026-12-15')).toBeNull();
    const euro = sub({
      amount: 11.99,
      currency: 'EUR',
      priceHistory: [
        { amount: 9.99, currency: 'EUR', effectiveFrom: '2026-01-01' },
        { amount: 11.99, currency: 'EUR', effectiveFrom: '2027-02-01' },
      ],
    });
    expect(nextPriceText(euro, TODAY)).toBe('€11.99 from 1 Feb 2027');
    expect(nextPriceText(sub(), TODAY)).toBeNull();
  });
});
