import { describe, expect, it } from 'vitest';
import { candidateDueDates, REMINDER_KINDS, reminderKindFor, reminderSkipReason, runInstant } from '../../shared/domain/reminders.js';

const kind = (k: string) => REMINDER_KINDS.find((r) => r.kind === k) as (typeof REMINDER_KINDS)[number];
const user = {
  email: 'a@example.com',
  emailVerified: true,
  accountStatus: 'active',
  role: 'member',
};

describe('reminder kinds (SPEC §1, §9: 10 and 3 days for all, 1 day for paid tiers)', () => {
  it('has exactly the 10-, 3- and 1-day reminders', () => {
    expect(REMINDER_KINDS.map((k) => k.daysBefore)).toEqual([10, 3, 1]);
  });

  it('defaults: 10-day on, 3-day on, 1-day off (SPEC §9)', () => {
    expect(reminderSkipReason(kind('10day'), user)).toBeNull();
    expect(reminderSkipReason(kind('3day'), user)).toBeNull();
    expect(reminderSkipReason(kind('1day'), { ...user, role: 'vip' })).toBe('turnedOff');
    expect(reminderSkipReason(kind('1day'), { ...user, role: 'vip', notify1Day: true })).toBeNull();
  });

  it('gives the 1-day reminder to vip, premium and owner only (SPEC §6)', () => {
    for (const role of ['vip', 'premium', 'owner'])
      expect(reminderSkipReason(kind('1day'), { ...user, role, notify1Day: true })).toBeNull();
    for (const role of ['member', 'developer', 'unknown']) {
      expect(reminderSkipReason(kind('1day'), { ...user, role, notify1Day: true })).toBe('notPaidTier');
    }
  });

  it('needs a verified e-mail and an active account', () => {
    expect(reminderSkipReason(kind('10day'), { ...user, emailVerified: false })).toBe('noVerifiedEmail');
    expect(reminderSkipReason(kind('10day'), { ...user, email: null })).toBe('noVerifiedEmail');
    expect(reminderSkipReason(kind('10day'), { ...user, accountStatus: 'deactivated' })).toBe('deactivated');
    expect(reminderSkipReason(kind('3day'), { ...user, notify3Days: false })).toBe('turnedOff');
  });
});

describe('"N days before" in the user\'s time zone', () => {
  const run = runInstant('2026-11-22'); // 08:00 UTC

  it('a run for a date stands for that date at the reminder hour, UTC', () => {
    expect(run.toISOString()).toBe('2026-11-22T08:00:00.000Z');
    expect(runInstant('2026-11-22', 23).toISOString()).toBe('2026-11-22T23:00:00.000Z');
  });

  it('counts from the calendar date where the user is', () => {
    expect(reminderKindFor('2026-12-02', 'UTC', run)?.kind).toBe('10day');
    expect(reminderKindFor('2026-11-25', 'Europe/Berlin', run)?.kind).toBe('3day');
    // Pago Pago (UTC−11): 21:00 on Nov 21 — Dec 1 is 10 days away there, Dec 2 is 11.
    expect(reminderKindFor('2026-12-01', 'Pacific/Pago_Pago', run)?.kind).toBe('10day');
    expect(reminderKindFor('2026-12-02', 'Pacific/Pago_Pago', run)).toBeUndefined();
    // Kiritimati (UTC+14) at 23:00 UTC is already Nov 23.
    expect(reminderKindFor('2026-11-24', 'Pacific/Kiritimati', runInstant('2026-11-22', 23))?.kind).toBe('1day');
    expect(reminderKindFor('2026-11-24', 'UTC', runInstant('2026-11-22', 23))?.kind).toBeUndefined();
  });

  it('works across month ends, year ends and leap days', () => {
    expect(reminderKindFor('2027-01-01', 'UTC', runInstant('2026-12-22'))?.kind).toBe('10day');
    expect(reminderKindFor('2028-03-01', 'UTC', runInstant('2028-02-27'))?.kind).toBe('3day');
    expect(reminderKindFor('2028-02-29', 'UTC', runInstant('2028-02-28'))?.kind).toBe('1day');
    expect(reminderKindFor('2027-03-01', 'UTC', runInstant('2027-02-28'))?.kind).toBe('1day');
  });

  it('is not shifted by daylight-saving changes', () => {
    // US clocks go back on 2026-11-01: Nov 1 → Nov 11 is still 10 days in New York.
    expect(reminderKindFor('2026-11-11', 'America/New_York', runInstant('2026-11-01', 12))?.kind).toBe('10day');
    // Europe springs forward on 2027-03-28.
    expect(reminderKindFor('2027-03-31', 'Europe/Paris', runInstant('2027-03-28'))?.kind).toBe('3day');
  });

  it('queries three due dates per kind so every zone from UTC−12 to UTC+14 is covered', () => {
    expect(candidateDueDates(run)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
    ]);
    for (const zone of ['Pacific/Pago_Pago', 'Pacific/Kiritimati', 'Asia/Kolkata', 'America/St_Johns', 'UTC']) {
      for (const k of REMINDER_KINDS) {
        for (const hour of [0, 8, 23]) {
          const at = runInstant('2026-11-22', hour);
          const due = candidateDueDates(at).find((d) => reminderKindFor(d, zone, at)?.kind === k.kind);
          expect(due, `${zone} ${k.kind} ${hour}h`).toBeDefined();
        }
      }
    }
  });
});
