import { addDays, isValidTimeZone, wallClockIn } from '../dates.js';
import { type RemindedSubscription, reminderEventDates, renewalSkipReason } from './events.js';
import { DEFAULT_REMINDER_HOUR, offsetHours, type ReminderRule, type ReminderRuleEvent } from './rules.js';

/**
 * When reminders go out (issue 25 §1): each rule's reminder at the user's hour, in the user's time zone,
 * on the local calendar — the event's date minus the rule's days or weeks, at that hour; a trial's hours
 * count back from the trial's end at the user's hour. The planner runs hourly, on the hour (UTC), so a
 * send instant is rounded up to the hour (a zone 30 or 45 minutes off UTC gets it that much after its
 * hour, never before; docs/decisions/0094-reminder-index.md).
 */

const MS_PER_HOUR = 3_600_000;

/** The UTC offset of `timeZone` at `instant`, in ms (positive east of Greenwich). */
function zoneOffsetMs(timeZone: string, instant: number): number {
  const c = wallClockIn(timeZone, new Date(instant));
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of `date` at `hour`:00 on the wall clock of `timeZone`. An hour a DST change skips (02:00 on
 * the spring-forward night) is the instant the clock jumps to; an hour it repeats is its first pass.
 */
export function zonedInstant(date: string, hour: number, timeZone: string): Date {
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const wall = Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  // The offsets a day either side: the same unless a DST change falls between.
  const candidates = [zoneOffsetMs(zone, wall - 86_400_000), zoneOffsetMs(zone, wall + 86_400_000)].map((offset) => ({
    at: wall - offset,
    valid: zoneOffsetMs(zone, wall - offset) === offset,
  }));
  const valid = candidates.filter((c) => c.valid).map((c) => c.at);
  return new Date(valid.length > 0 ? Math.min(...valid) : Math.max(...candidates.map((c) => c.at)));
}

/** `instant` rounded up to the hour (UTC): the planner's hour that sends it. */
export const sendHourOf = (instant: Date) => new Date(Math.ceil(instant.getTime() / MS_PER_HOUR) * MS_PER_HOUR);

/** An hour's name in the reminder index: 'YYYY-MM-DDTHH' (UTC). */
export const hourKey = (instant: Date) => instant.toISOString().slice(0, 13);

/** The user's settings a send time depends on. */
export interface ReminderClock {
  /** 0–23; absent: DEFAULT_REMINDER_HOUR. */
  reminderHour?: number | null;
  /** IANA zone; absent or unknown: UTC. */
  timeZone?: string | null;
}

export const reminderHourOf = (clock: ReminderClock) =>
  Number.isInteger(clock.reminderHour) && (clock.reminderHour as number) >= 0 && (clock.reminderHour as number) <= 23
    ? (clock.reminderHour as number)
    : DEFAULT_REMINDER_HOUR;

/** When a rule's reminder of an event on `eventDate` goes out: the planner's hour (UTC) that sends it. */
export function sendInstant(eventDate: string, rule: Pick<ReminderRule, 'offset' | 'unit'>, clock: ReminderClock): Date {
  const hour = reminderHourOf(clock);
  const zone = clock.timeZone ?? 'UTC';
  if (rule.unit === 'hours') return sendHourOf(new Date(zonedInstant(eventDate, hour, zone).getTime() - rule.offset * MS_PER_HOUR));
  return sendHourOf(zonedInstant(addDays(eventDate, -offsetHours(rule) / 24), hour, zone));
}

/**
 * The dates a subscription's rules count back from, by event (SPEC §9, issue 24 §3, issue 25 §1), with
 * the skip rules of issue 24: no renewal reminder after the end date or for a renewal free in the trial,
 * no trial-end reminder when nothing is charged after it, cancel-by only with a notice period before a
 * charged renewal, and the end date while the subscription has one. None unless it is active.
 */
export function reminderDates(sub: RemindedSubscription, today: string): Partial<Record<ReminderRuleEvent, string>> {
  if ((sub.status ?? 'active') !== 'active') return {};
  const dates: Partial<Record<ReminderRuleEvent, string>> = { ...reminderEventDates(sub, today) };
  if (!renewalSkipReason(sub)) dates.renewal = sub.dueDate;
  if (sub.endsAt) dates.end = sub.endsAt;
  return dates;
}

/** One reminder a rule gives: which rule, the date it counts back from, and the hour it goes out. */
export interface PlannedReminder {
  rule: ReminderRule;
  eventDate: string;
  at: Date;
}

/**
 * Every reminder the rules give the subscription, soonest first, planned on `today` (the cancel-by
 * deadline is the one that still matters then). Hours apply to trials' ends only. When
 * the trial ends on the due date, a trial-end reminder that goes out in the same hour as a renewal
 * reminder is left to it: the renewal's reminder speaks of the trial's end (one e-mail, not two).
 */
export function plannedReminders(
  sub: RemindedSubscription,
  rules: readonly ReminderRule[],
  clock: ReminderClock,
  today: string,
): PlannedReminder[] {
  const dates = reminderDates(sub, today);
  const planned = rules.flatMap((rule) => {
    const eventDate = dates[rule.event];
    if (!eventDate || (rule.unit === 'hours' && rule.event !== 'trialEnd')) return [];
    return [{ rule, eventDate, at: sendInstant(eventDate, rule, clock) }];
  });
  const renewalHours = new Set(planned.filter((p) => p.rule.event === 'renewal').map((p) => p.at.getTime()));
  return planned
    .filter((p) => !(p.rule.event === 'trialEnd' && p.eventDate === sub.dueDate && renewalHours.has(p.at.getTime())))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** How long before its event a rule's reminder goes out, in words: 'today', 'tomorrow', 'in 12 hours', 'in 2 weeks'. */
export function leadTimeInWords(rule: Pick<ReminderRule, 'offset' | 'unit'>): string {
  if (rule.unit === 'days') return rule.offset === 0 ? 'today' : rule.offset === 1 ? 'tomorrow' : `in ${rule.offset} days`;
  const unit = rule.unit === 'hours' ? 'hour' : 'week';
  return `in ${rule.offset} ${unit}${rule.offset === 1 ? '' : 's'}`;
}
