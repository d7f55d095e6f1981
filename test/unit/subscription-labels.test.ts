import { describe, expect, it } from 'vitest';
import { cycleLabel, cycleName, deletedBannerText, dueBadge, pastDueMessage } from '../../shared/domain/subscription-labels.js';
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

describe('deleted banner (SPEC §2 "Subscription card badges" and banners)', () => {
  const deletedAt = '2026-11-01T10:00:00.000Z';

  it('deleted banner reads "Deleted (N days until permanent)" (SPEC §2)', () => {
    expect(deletedBannerText(deletedAt, new Date('2026-11-02T10:00:00.000Z'))).toBe('Deleted (29 days until permanent)');
    expect(deletedBannerText(deletedAt, new Date('2026-11-30T10:00:00.000Z'))).toBe('Deleted (1 day until permanent)');
    expect(deletedBannerText(deletedAt, new Date('2026-12-05T10:00:00.000Z'))).toBe('Deleted (0 days until permanent)');
  });
});
