import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BillingCycle } from '../../shared/api/subscription.js';
import { addDays, daysInMonth, formatCalendarDate } from '../../shared/domain/dates.js';
import {
  nextScheduledRenewal,
  nextScheduledRenewals,
  renewalFrom,
  renewalsOn,
  type ScheduledSubscription,
  scheduledRenewals,
  scheduleEvents,
} from '../../shared/domain/schedule.js';

/**
 * The lookups the surfaces read the one schedule through (issue 35 §1): the renewal on a day, the first
 * renewal from a day on, the next renewals from the due date. Each is a span of `scheduledRenewals`;
 * the properties show the span is never too short, whatever the cycle, interval and anchor day.
 */

const monthEnd: ScheduledSubscription = {
  dueDate: '2027-01-31',
  billingCycle: 'monthly',
  cycleInterval: 1,
  anchorDay: 31,
  amount: 12,
  currency: 'EUR',
  priceHistory: [
    { amount: 10, currency: 'EUR', effectiveFrom: '2026-01-01' },
    { amount: 12, currency: 'EUR', effectiveFrom: '2027-03-01' },
  ],
  trialEndsAt: '2027-02-15',
  endsAt: null,
  status: 'active',
};

describe('the renewals on given days', () => {
  it('are the schedule’s renewals there, with their prices, in the order given; a day with none gives none', () => {
    expect(renewalsOn(monthEnd, ['2027-01-31'])).toEqual([
      { kind: 'renewal', date: '2027-01-31', price: { amount: 0, currency: 'EUR' }, trial: true, payment: 'due' },
    ]);
    expect(renewalsOn(monthEnd, ['2027-03-31', '2027-03-30', '2027-02-28']).map((r) => [r.date, r.price.amount, r.trial])).toEqual([
      ['2027-03-31', 12, false],
      ['2027-02-28', 10, false],
    ]);
    expect(renewalsOn({ ...monthEnd, endsAt: '2027-03-30' }, ['2027-03-31'])).toEqual([]);
    expect(renewalsOn(monthEnd, [])).toEqual([]);
  });
});

describe('the first renewal from a day on', () => {
  it('is the next one on or after it, keeping the anchor day, and none after the end date', () => {
    expect(renewalFrom(monthEnd, '2027-02-15')?.date).toBe('2027-02-28');
    expect(renewalFrom(monthEnd, '2027-03-01')?.date).toBe('2027-03-31');
    expect(renewalFrom(monthEnd, '2027-03-31')?.date).toBe('2027-03-31');
    expect(renewalFrom({ ...monthEnd, endsAt: '2027-03-30' }, '2027-03-01')).toBeNull();
    expect(renewalFrom({ ...monthEnd, status: 'canceled' }, '2027-02-01')).toBeNull();
  });
});

describe('the next renewals from the due date', () => {
  it('are as many as asked from the due date, fewer when it ends first, none unless active', () => {
    expect(nextScheduledRenewals(monthEnd, 3).map((r) => [r.date, r.price.amount])).toEqual([
      ['2027-01-31', 0],
      ['2027-02-28', 10],
      ['2027-03-31', 12],
    ]);
    expect(nextScheduledRenewals({ ...monthEnd, endsAt: '2027-03-01' }, 3)).toHaveLength(2);
    expect(nextScheduledRenewals({ ...monthEnd, status: 'canceled' }, 3)).toEqual([]);
    expect(nextScheduledRenewals(monthEnd, 0)).toEqual([]);
    expect(nextScheduledRenewals(monthEnd, 1)).toEqual([nextScheduledRenewal(monthEnd)]);
  });
});

const generated = fc
  .record({
    cycle: fc.constantFrom<BillingCycle>('monthly', 'weekly', 'quarterly', 'yearly'),
    interval: fc.oneof(fc.integer({ min: 1, max: 4 }), fc.constant(52)),
    anchor: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 28, max: 31 })),
    year: fc.integer({ min: 2024, max: 2030 }),
    month: fc.integer({ min: 1, max: 12 }),
    fromOffset: fc.integer({ min: -800, max: 800 }),
    count: fc.integer({ min: 0, max: 260 }),
  })
  .map((g) => {
    const day = Math.min(g.anchor, daysInMonth(g.year, g.month));
    const dueDate = formatCalendarDate({ year: g.year, month: g.month, day });
    const sub: ScheduledSubscription = {
      dueDate,
      billingCycle: g.cycle,
      cycleInterval: g.interval,
      anchorDay: g.cycle === 'weekly' ? day : g.anchor,
      amount: 5,
      currency: 'USD',
    };
    // As many renewals as 52 years hold at most (the yearly report asks for 5 years' and one more).
    const months = { weekly: 0, monthly: 1, quarterly: 3, yearly: 12 }[g.cycle] * g.interval;
    const count = Math.min(g.count, months === 0 ? Math.floor((52 * 52) / g.interval) : Math.floor((52 * 12) / months));
    return { sub, from: addDays(dueDate, g.fromOffset), count };
  });

/** Far enough for any cycle here: 52 years and a bit. */
const far = (date: string) => addDays(date, 52 * 366 + 31);

describe('the lookups never miss a renewal (properties)', () => {
  it('the renewals alone are the renewal events of the whole schedule, in the same order', () => {
    fc.assert(
      fc.property(generated, fc.integer({ min: 0, max: 90 }), fc.boolean(), ({ sub, from }, notice, canceled) => {
        const full: ScheduledSubscription = {
          ...sub,
          noticeDays: notice,
          trialEndsAt: addDays(sub.dueDate, notice - 30),
          status: canceled ? 'canceled' : 'active',
        };
        const span = { from, to: addDays(from, 400), today: sub.dueDate };
        expect(scheduledRenewals(full, span)).toEqual(scheduleEvents(full, span).filter((event) => event.kind === 'renewal'));
        expect(scheduledRenewals({ ...full, status: 'deleted' }, span)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('the renewals on given days are those of all the renewals over their span', () => {
    fc.assert(
      fc.property(generated, fc.array(fc.integer({ min: -400, max: 400 }), { maxLength: 5 }), ({ sub, from }, offsets) => {
        const dates = offsets.map((offset) => addDays(from, offset));
        const all = scheduledRenewals(sub, { from: addDays(from, -400), to: addDays(from, 400) });
        expect(renewalsOn(sub, dates)).toEqual(dates.flatMap((date) => all.filter((renewal) => renewal.date === date)));
      }),
      { numRuns: 300 },
    );
  });

  it('the first renewal from a day on is the first of all the renewals from it', () => {
    fc.assert(
      fc.property(generated, ({ sub, from }) => {
        const all = scheduledRenewals(sub, { from, to: far(from) });
        expect(renewalFrom(sub, from)).toEqual(all[0] ?? null);
      }),
      { numRuns: 500 },
    );
  });

  it('the next renewals are the first of all the renewals from the due date', () => {
    fc.assert(
      fc.property(generated, ({ sub, count }) => {
        const all = scheduledRenewals(sub, { from: sub.dueDate, to: far(sub.dueDate) });
        expect(nextScheduledRenewals(sub, count)).toEqual(all.slice(0, count));
      }),
      { numRuns: 500 },
    );
  });
});
