/**
 * Calendar dates (YYYY-MM-DD), never shifted by time zones (DESIGN §5).
 *
 * A calendar date is a day on the wall calendar, not an instant. All arithmetic below works on
 * the date's parts with UTC-based `Date` maths, so daylight-saving transitions and the machine's
 * own zone can never move a date. "Today" is the only place a zone enters: the viewer's local
 * date in the browser ({@link localToday}) and the user's IANA zone for reminders ({@link todayIn}).
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** The parts of a calendar date; `month` is 1–12. */
export interface DateParts {
  year: number;
  month: number;
  day: number;
}

/** True when `value` is a real calendar date written YYYY-MM-DD (2024-02-29 yes, 2023-02-29 no). */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

/** Days in month `month` (1–12) of `year`, leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(utcMs(year, month + 1, 0)).getUTCDate();
}

/**
 * Splits a YYYY-MM-DD date into its parts, or returns null when it is not a real date.
 * Looser than {@link isCalendarDate} on the year (0000–9999) so that arithmetic near the
 * validation bounds still works.
 */
export function parseCalendarDate(value: string): DateParts | null {
  if (typeof value !== 'string') return null;
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Writes date parts as YYYY-MM-DD (zero-padded). */
export function formatCalendarDate({ year, month, day }: DateParts): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** UTC midnight of a (possibly overflowing) date, also correct for years below 100. */
function utcMs(year: number, month: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(0, 0, 0, 0);
  return d.getTime();
}

function partsOrThrow(value: string): DateParts {
  const parts = parseCalendarDate(value);
  if (!parts) throw new RangeError(`Invalid calendar date: ${String(value)}`);
  return parts;
}

function fromUtcMs(ms: number): string {
  const d = new Date(ms);
  return formatCalendarDate({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

/** The zones isValidTimeZone has found valid: Intl is asked once per zone (a formatter costs far more than a lookup). */
const knownZones = new Set<string>();

/** True when `timeZone` is an IANA zone (or alias) this runtime's Intl knows, e.g. 'Europe/Berlin' or 'UTC'. */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone.trim() === '') return false;
  if (knownZones.has(timeZone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    return false;
  }
  knownZones.add(timeZone);
  return true;
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of a time zone at an instant, to the second. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * The wall clock of the IANA zone `timeZone` (a valid one) at `instant`: one cached formatter per zone,
 * for "today" in a zone and for the reminders' send hours (shared/domain/reminders/schedule.ts).
 */
export function wallClockIn(timeZone: string, instant: Date): WallClock {
  let f = zoneFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormatters.set(timeZone, f);
  }
  const parts = f.formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/**
 * Today's calendar date in an IANA time zone at the instant `now` (DESIGN §5: "today" for
 * reminders is the user's stored zone). An unknown or empty zone falls back to UTC.
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const { year, month, day } = wallClockIn(isValidTimeZone(timeZone) ? timeZone : 'UTC', now);
  return formatCalendarDate({ year, month, day });
}

/** Today's calendar date in the runtime's local zone: the viewer's date in the browser (DESIGN §5). */
export function localToday(now: Date = new Date()): string {
  return formatCalendarDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

/** `date` moved by `days` whole calendar days (negative moves back). Throws RangeError on an invalid date. */
export function addDays(date: string, days: number): string {
  const { year, month, day } = partsOrThrow(date);
  return fromUtcMs(utcMs(year, month, day + Math.trunc(days)));
}

/**
 * Whole calendar days from `from` to `to` (positive when `to` is later). Works on the date parts
 * in UTC, so DST transitions never add or lose a day. Throws RangeError on an invalid date.
 */
export function daysBetween(from: string, to: string): number {
  const a = partsOrThrow(from);
  const b = partsOrThrow(to);
  return Math.round((utcMs(b.year, b.month, b.day) - utcMs(a.year, a.month, a.day)) / MS_PER_DAY);
}

/**
 * `date` moved by `months` calendar months, the day clamped to the target month's length
 * (DESIGN §5: Jan 31 + 1 month → Feb 28, or Feb 29 in a leap year). Throws RangeError on an invalid date.
 */
export function addMonthsClamped(date: string, months: number): string {
  const { year, month, day } = partsOrThrow(date);
  const index = year * 12 + (month - 1) + Math.trunc(months);
  const newYear = Math.floor(index / 12);
  const newMonth = index - newYear * 12 + 1;
  return formatCalendarDate({ year: newYear, month: newMonth, day: Math.min(day, daysInMonth(newYear, newMonth)) });
}

/** Made on first use: building an Intl formatter costs milliseconds, too many for every function's cold start. */
let shortFormatter: Intl.DateTimeFormat | undefined;

/**
 * A calendar date in en-US short format, e.g. '2026-11-22' → 'Nov 22, 2026' (SPEC §9 'Dates
 * display in en-US short format'). Formatted at UTC from its parts, so no zone can shift it.
 * Anything that is not a YYYY-MM-DD date is returned unchanged.
 */
export function formatDateShort(date: string): string {
  const parts = parseCalendarDate(date);
  if (!parts) return date;
  shortFormatter ??= new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
  return shortFormatter.format(new Date(utcMs(parts.year, parts.month, parts.day)));
}

/**
 * An instant (ISO timestamp such as a `createdAt`) as an en-US short date (SPEC §9) in
 * `timeZone`, by default the runtime's local zone (the viewer's). An invalid timestamp is
 * returned unchanged.
 */
export function formatInstantShort(iso: string, timeZone?: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Intl.DateTimeFormat('en-US', {
    timeZone: isValidTimeZone(timeZone) ? timeZone : undefined,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(ms));
}
