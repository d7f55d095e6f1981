import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonthsClamped,
  daysBetween,
  daysInMonth,
  formatCalendarDate,
  formatDateShort,
  formatInstantShort,
  isCalendarDate,
  isValidTimeZone,
  localToday,
  parseCalendarDate,
  todayIn,
} from '../../shared/domain/dates.js';

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('calendar dates (DESIGN §5: YYYY-MM-DD, never shifted by time zones)', () => {
  it('isCalendarDate accepts real dates only, leap days included', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2026-11-31')).toBe(false);
    expect(isCalendarDate('2026-1-05')).toBe(false);
    expect(isCalendarDate('2026-11-22T00:00:00Z')).toBe(false);
  });

  it('daysInMonth knows month ends and leap years (2000 yes, 1900 and 2100 no)', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
  });

  it('parseCalendarDate splits a date and rejects impossible ones; formatCalendarDate pads', () => {
    expect(parseCalendarDate('2026-11-22')).toEqual({ year: 2026, month: 11, day: 22 });
    expect(parseCalendarDate('2026-13-01')).toBeNull();
    expect(parseCalendarDate('2026-00-10')).toBeNull();
    expect(parseCalendarDate('2026-04-31')).toBeNull();
    expect(parseCalendarDate('nope')).toBeNull();
    expect(formatCalendarDate({ year: 2026, month: 3, day: 7 })).toBe('2026-03-07');
    expect(formatCalendarDate({ year: 99, month: 1, day: 1 })).toBe('0099-01-01');
  });
});

describe('time zones and "today" (DESIGN §5)', () => {
  it('isValidTimeZone accepts IANA names and rejects junk', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Not/AZone')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone('   ')).toBe(false);
    expect(isValidTimeZone(undefined)).toBe(false);
    expect(isValidTimeZone(42)).toBe(false);
  });

  it('todayIn gives the calendar date in the zone: Kiritimati (UTC+14) is a day ahead of Pago Pago (UTC-11) at the same instant', () => {
    const instant = new Date('2026-11-22T12:00:00Z');
    expect(todayIn('Pacific/Kiritimati', instant)).toBe('2026-11-23');
    expect(todayIn('Pacific/Pago_Pago', instant)).toBe('2026-11-22');
    expect(daysBetween(todayIn('Pacific/Pago_Pago', instant), todayIn('Pacific/Kiritimati', instant))).toBe(1);
  });

  it('todayIn: for one hour a day the two zones are even two calendar days apart (25 hours of offset)', () => {
    const instant = new Date('2026-11-22T10:30:00Z');
    expect(todayIn('Pacific/Kiritimati', instant)).toBe('2026-11-23');
    expect(todayIn('Pacific/Pago_Pago', instant)).toBe('2026-11-21');
  });

  it('todayIn follows DST: Europe/Berlin is UTC+1 in winter and UTC+2 in summer', () => {
    expect(todayIn('Europe/Berlin', new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-16');
    expect(todayIn('Europe/Berlin', new Date('2026-07-15T22:30:00Z'))).toBe('2026-07-16');
    expect(todayIn('Europe/Berlin', new Date('2026-07-15T21:30:00Z'))).toBe('2026-07-15');
  });

  it('todayIn falls back to UTC for an invalid zone', () => {
    const instant = new Date('2026-11-22T23:59:59Z');
    expect(todayIn('Not/AZone', instant)).toBe('2026-11-22');
    expect(todayIn('', instant)).toBe('2026-11-22');
    expect(todayIn('UTC', new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
  });

  it('todayIn handles a new year crossing', () => {
    expect(todayIn('Asia/Tokyo', new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
    expect(todayIn('America/Los_Angeles', new Date('2027-01-01T07:59:00Z'))).toBe('2026-12-31');
  });

  it('localToday is the runtime-local calendar date (the viewer in the browser)', () => {
    expect(localToday(new Date(2026, 10, 22, 0, 0, 0))).toBe('2026-11-22');
    expect(localToday(new Date(2026, 10, 22, 23, 59, 59))).toBe('2026-11-22');
    expect(localToday()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('localToday agrees with todayIn for the process zone', () => {
    const instant = new Date('2026-11-22T10:30:00Z');
    process.env.TZ = 'Pacific/Kiritimati';
    expect(localToday(instant)).toBe('2026-11-23');
    process.env.TZ = 'Pacific/Pago_Pago';
    expect(localToday(instant)).toBe('2026-11-21');
  });
});

describe('date arithmetic (DESIGN §5, SPEC §4 Renew)', () => {
  it('addDays crosses month and year ends and leap days', () => {
    expect(addDays('2026-11-22', 10)).toBe('2026-12-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-22', 0)).toBe('2026-11-22');
  });

  it('addDays throws on an invalid date', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });

  it('daysBetween counts whole calendar days, signed', () => {
    expect(daysBetween('2026-11-22', '2026-12-02')).toBe(10);
    expect(daysBetween('2026-12-02', '2026-11-22')).toBe(-10);
    expect(daysBetween('2026-11-22', '2026-11-22')).toBe(0);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2023-01-01', '2024-01-01')).toBe(365);
  });

  it('DST transitions do not change daysBetween or addDays, whatever the process zone', () => {
    for (const tz of ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'UTC']) {
      process.env.TZ = tz;
      expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2); // US spring forward on 8 March 2026
      expect(daysBetween('2026-10-31', '2026-11-02')).toBe(2); // US fall back on 1 November 2026
      expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2); // EU spring forward on 29 March 2026
      expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
      expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
      expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
    }
  });

  it('daysBetween throws on an invalid date', () => {
    expect(() => daysBetween('2026-11-22', 'tomorrow')).toThrow(RangeError);
  });

  it('addMonthsClamped clamps to the month end: 2024-01-31 + 1 = 2024-02-29, 2023-01-31 + 1 = 2023-02-28', () => {
    expect(addMonthsClamped('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsClamped('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonthsClamped('2026-03-31', 1)).toBe('2026-04-30');
    expect(addMonthsClamped('2026-01-15', 1)).toBe('2026-02-15');
  });

  it('addMonthsClamped: 2024-02-29 + 12 months = 2025-02-28; 2024-02-29 + 48 months = 2028-02-29', () => {
    expect(addMonthsClamped('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonthsClamped('2024-02-29', 48)).toBe('2028-02-29');
  });

  it('addMonthsClamped crosses years both ways', () => {
    expect(addMonthsClamped('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonthsClamped('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonthsClamped('2026-01-31', -2)).toBe('2025-11-30');
    expect(addMonthsClamped('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('addMonthsClamped throws on an invalid date', () => {
    expect(() => addMonthsClamped('2026-02-29', 1)).toThrow(RangeError);
  });
});

describe('date display (SPEC §9 "Dates display in en-US short format")', () => {
  it('formatDateShort writes en-US short dates', () => {
    expect(formatDateShort('2026-11-22')).toBe('Nov 22, 2026');
    expect(formatDateShort('2024-02-29')).toBe('Feb 29, 2024');
    expect(formatDateShort('2027-01-01')).toBe('Jan 1, 2027');
  });

  it('formatDateShort never shifts the date, even in zones far from UTC', () => {
    for (const tz of ['Pacific/Pago_Pago', 'Pacific/Kiritimati', 'America/New_York']) {
      process.env.TZ = tz;
      expect(formatDateShort('2026-11-22')).toBe('Nov 22, 2026');
      expect(formatDateShort('2026-01-01')).toBe('Jan 1, 2026');
    }
  });

  it('formatDateShort returns anything that is not a calendar date unchanged', () => {
    expect(formatDateShort('')).toBe('');
    expect(formatDateShort('2026-02-30')).toBe('2026-02-30');
  });

  it('formatInstantShort shows an ISO timestamp as the date in a zone', () => {
    expect(formatInstantShort('2026-11-22T12:00:00Z', 'Pacific/Kiritimati')).toBe('Nov 23, 2026');
    expect(formatInstantShort('2026-11-22T12:00:00Z', 'Pacific/Pago_Pago')).toBe('Nov 22, 2026');
    expect(formatInstantShort('not a time')).toBe('not a time');
  });
});
