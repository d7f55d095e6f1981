import { describe, expect, it } from 'vitest';
import { defaultReminderRules, type ReminderRule } from '../../shared/domain/reminders/rules.js';
import {
  hourKey,
  leadTimeInWords,
  plannedReminders,
  reminderDates,
  sendInstant,
  zonedInstant,
} from '../../shared/domain/reminders/schedule.js';

/** Issue 25 §1: each reminder at the user's hour in the user's time zone; hours for trials; any lead time. */
const iso = (date: Date) => date.toISOString();
/** The day the reminders are planned on. */
const TODAY = '2026-11-29';
const rule = (event: ReminderRule['event'], offset: number, unit: ReminderRule['unit']): ReminderRule => ({
  event,
  offset,
  unit,
  channels: ['email'],
});

const monthly = {
  dueDate: '2031-03-15',
  billingCycle: 'monthly' as const,
  cycleInterval: 1,
  anchorDay: 15,
  amount: 10,
  currency: 'USD',
  status: 'active' as const,
};

describe('the instant of a local hour (zonedInstant)', () => {
  it('is the wall clock of the zone, from UTC+14 to UTC−12 and the half-hour zones', () => {
    expect(iso(zonedInstant('2031-03-01', 8, 'UTC'))).toBe('2031-03-01T08:00:00.000Z');
    expect(iso(zonedInstant('2031-03-01', 8, 'Pacific/Kiritimati'))).toBe('2031-02-28T18:00:00.000Z');
    expect(iso(zonedInstant('2031-03-01', 8, 'Etc/GMT+12'))).toBe('2031-03-01T20:00:00.000Z');
    expect(iso(zonedInstant('2031-03-01', 8, 'Asia/Kolkata'))).toBe('2031-03-01T02:30:00.000Z');
    expect(iso(zonedInstant('2031-03-01', 8, 'Not/AZone'))).toBe('2031-03-01T08:00:00.000Z');
  });

  it('follows daylight saving time: the offset of that day, a skipped hour at the jump, a repeated hour its first pass', () => {
    expect(iso(zonedInstant('2031-01-15', 8, 'Europe/Berlin'))).toBe('2031-01-15T07:00:00.000Z');
    expect(iso(zonedInstant('2031-07-15', 8, 'Europe/Berlin'))).toBe('2031-07-15T06:00:00.000Z');
    // Europe springs forward on 2031-03-30 at 02:00 (to 03:00); falls back on 2031-10-26 at 03:00 (to 02:00).
    expect(iso(zonedInstant('2031-03-30', 2, 'Europe/Berlin'))).toBe('2031-03-30T01:00:00.000Z');
    expect(iso(zonedInstant('2031-10-26', 2, 'Europe/Berlin'))).toBe('2031-10-26T00:00:00.000Z');
    // New York: 08:00 is 13:00 UTC in winter, 12:00 UTC in summer, either side of 2031-03-09.
    expect(iso(zonedInstant('2031-03-08', 8, 'America/New_York'))).toBe('2031-03-08T13:00:00.000Z');
    expect(iso(zonedInstant('2031-03-09', 8, 'America/New_York'))).toBe('2031-03-09T12:00:00.000Z');
  });
});

describe('when a rule sends (sendInstant)', () => {
  it('counts days and weeks back on the local calendar, at the user hour (08:00 unless chosen)', () => {
    expect(iso(sendInstant('2031-03-15', rule('renewal', 3, 'days'), {}))).toBe('2031-03-12T08:00:00.000Z');
    expect(iso(sendInstant('2031-03-15', rule('renewal', 2, 'weeks'), { timeZone: 'Europe/Berlin', reminderHour: 20 }))).toBe(
      '2031-03-01T19:00:00.000Z',
    );
    expect(iso(sendInstant('2031-03-15', rule('renewal', 0, 'days'), { timeZone: 'Pacific/Kiritimati' }))).toBe('2031-03-14T18:00:00.000Z');
    // Across the DST change: 10 days before 2031-04-05 in Berlin is 2031-03-26, still winter time.
    expect(iso(sendInstant('2031-04-05', rule('renewal', 10, 'days'), { timeZone: 'Europe/Berlin' }))).toBe('2031-03-26T07:00:00.000Z');
  });

  it("counts a trial's hours back from its end at the user's hour", () => {
    expect(iso(sendInstant('2031-03-15', rule('trialEnd', 12, 'hours'), { timeZone: 'America/New_York', reminderHour: 20 }))).toBe(
      '2031-03-15T12:00:00.000Z',
    );
    expect(iso(sendInstant('2031-03-15', rule('trialEnd', 1, 'hours'), {}))).toBe('2031-03-15T07:00:00.000Z');
  });

  it('rounds a half-hour zone up to the planner hour: never before the user hour', () => {
    expect(iso(sendInstant('2031-03-15', rule('renewal', 1, 'days'), { timeZone: 'Asia/Kolkata' }))).toBe('2031-03-14T03:00:00.000Z');
    expect(hourKey(new Date('2031-03-14T03:00:00.000Z'))).toBe('2031-03-14T03');
  });
});

describe('the dates rules count back from (reminderDates, issue 24 §3 skip rules)', () => {
  it('has the renewal, the trial end, the cancel-by date and the end date when they apply', () => {
    expect(reminderDates(monthly, TODAY)).toEqual({ renewal: '2031-03-15' });
    expect(reminderDates({ ...monthly, noticeDays: 5, endsAt: '2031-12-31' }, TODAY)).toEqual({
      renewal: '2031-03-15',
      cancelBy: '2031-03-10',
      end: '2031-12-31',
    });
    expect(reminderDates({ ...monthly, status: 'canceled' }, TODAY)).toEqual({});
  });

  it('skips a renewal free in the trial and a renewal after the end; a trial ending on the due date has both dates', () => {
    expect(reminderDates({ ...monthly, trialEndsAt: '2031-04-01' }, TODAY)).toEqual({ trialEnd: '2031-04-01' });
    expect(reminderDates({ ...monthly, trialEndsAt: '2031-03-15' }, TODAY)).toEqual({ renewal: '2031-03-15', trialEnd: '2031-03-15' });
    expect(reminderDates({ ...monthly, endsAt: '2031-03-01' }, TODAY)).toEqual({ end: '2031-03-01' });
  });
});

describe('the reminders of a subscription (plannedReminders)', () => {
  it('plans the cancel-by reminders of the renewal after when the due date’s deadline has passed (issue 35 §2.5)', () => {
    const notice = { ...monthly, dueDate: '2031-03-15', noticeDays: 30 };
    const rules = [rule('cancelBy', 3, 'days')];
    // Planned on 1 Feb: the deadline for 15 Mar (13 Feb) still matters.
    expect(plannedReminders(notice, rules, { timeZone: 'UTC' }, '2031-02-01').map((r) => r.eventDate)).toEqual(['2031-02-13']);
    // Planned on 20 Feb: it has passed; the one for 15 Apr (16 Mar) is planned.
    expect(plannedReminders(notice, rules, { timeZone: 'UTC' }, '2031-02-20').map((r) => [r.eventDate, iso(r.at)])).toEqual([
      ['2031-03-16', '2031-03-13T08:00:00.000Z'],
    ]);
  });

  it('gives a member exactly SPEC: 10 and 3 days before the renewal at 08:00 local', () => {
    const rules = defaultReminderRules({ role: 'member' });
    const planned = plannedReminders(monthly, rules, { timeZone: 'Europe/Berlin' }, TODAY);
    expect(planned.map((r) => [r.rule.offset, iso(r.at)])).toEqual([
      [10, '2031-03-05T07:00:00.000Z'],
      [3, '2031-03-12T07:00:00.000Z'],
    ]);
  });

  it("gives a VIP's custom rules each its hour, soonest first, and hours only for trials' ends", () => {
    const sub = { ...monthly, trialEndsAt: '2031-04-01', dueDate: '2031-04-15', anchorDay: 15 };
    const rules = [rule('trialEnd', 12, 'hours'), rule('trialEnd', 2, 'weeks'), rule('renewal', 1, 'days'), rule('renewal', 5, 'hours')];
    const planned = plannedReminders({ ...sub, dueDate: '2031-04-15' }, rules, { timeZone: 'UTC', reminderHour: 9 }, TODAY);
    expect(planned.map((r) => `${r.rule.event}-${r.rule.offset}${r.rule.unit[0]} ${iso(r.at)}`)).toEqual([
      'trialEnd-2w 2031-03-18T09:00:00.000Z',
      'trialEnd-12h 2031-03-31T21:00:00.000Z',
      'renewal-1d 2031-04-14T09:00:00.000Z',
    ]);
  });
});

describe('a trial that ends on the due date (issue 35 §2.1: the usual case, whose trial-end rule never fired)', () => {
  // 'ChatGPT Plus': a trial ending 1 Dec, the first charge due 1 Dec.
  const chatGpt = {
    amount: 20,
    currency: 'USD',
    billingCycle: 'monthly' as const,
    status: 'active' as const,
    dueDate: '2026-12-01',
    trialEndsAt: '2026-12-01',
  };

  it("sends '12 hours before the trial ends' on the evening before", () => {
    const planned = plannedReminders(chatGpt, [rule('trialEnd', 12, 'hours')], { timeZone: 'UTC', reminderHour: 9 }, TODAY);
    expect(planned.map((r) => `${r.rule.event} ${r.eventDate} ${iso(r.at)}`)).toEqual(['trialEnd 2026-12-01 2026-11-30T21:00:00.000Z']);
  });

  it('sends one e-mail where a renewal rule falls in the same hour, and each where they differ', () => {
    const sameHour = plannedReminders(chatGpt, [rule('renewal', 3, 'days'), rule('trialEnd', 3, 'days')], { timeZone: 'UTC' }, TODAY);
    expect(sameHour.map((r) => r.rule.event)).toEqual(['renewal']);
    const apart = plannedReminders(chatGpt, [rule('renewal', 3, 'days'), rule('trialEnd', 1, 'days')], { timeZone: 'UTC' }, TODAY);
    expect(apart.map((r) => `${r.rule.event} ${iso(r.at)}`)).toEqual([
      'renewal 2026-11-28T08:00:00.000Z',
      'trialEnd 2026-11-30T08:00:00.000Z',
    ]);
  });
});

describe('a lead time in words', () => {
  it('says today, tomorrow, days, hours and weeks', () => {
    expect(leadTimeInWords({ offset: 0, unit: 'days' })).toBe('today');
    expect(leadTimeInWords({ offset: 1, unit: 'days' })).toBe('tomorrow');
    expect(leadTimeInWords({ offset: 10, unit: 'days' })).toBe('in 10 days');
    expect(leadTimeInWords({ offset: 12, unit: 'hours' })).toBe('in 12 hours');
    expect(leadTimeInWords({ offset: 1, unit: 'hours' })).toBe('in 1 hour');
    expect(leadTimeInWords({ offset: 2, unit: 'weeks' })).toBe('in 2 weeks');
    expect(leadTimeInWords({ offset: 1, unit: 'weeks' })).toBe('in 1 week');
  });
});
