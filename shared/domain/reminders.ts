import { addDays, daysBetween, todayIn } from './dates.js';
import { hasPaidFeatures } from './roles.js';

/**
 * Renewal reminders (SPEC §1, §9): 10 and 3 days before a due date for everybody, and 1 day before for
 * vip, premium and owner; each only with a verified e-mail and the user's setting turned on.
 */
export const REMINDER_KINDS = [
  { kind: '10day', daysBefore: 10, setting: 'notify10Days', paidOnly: false },
  { kind: '3day', daysBefore: 3, setting: 'notify3Days', paidOnly: false },
  { kind: '1day', daysBefore: 1, setting: 'notify1Day', paidOnly: true },
] as const;

export type ReminderKind = (typeof REMINDER_KINDS)[number]['kind'];
export type ReminderSetting = (typeof REMINDER_KINDS)[number]['setting'];

/** The daily run's default hour (UTC) on the local stack and in the cloud schedule. */
export const DEFAULT_REMINDER_HOUR_UTC = 8;

/**
 * The instant a daily run "for date D" stands for: D at the reminder hour, UTC. A run on demand for a
 * date behaves exactly like the scheduled run of that day.
 */
export function runInstant(date: string, hourUtc: number = DEFAULT_REMINDER_HOUR_UTC): Date {
  return new Date(`${date}T${String(hourUtc).padStart(2, '0')}:00:00.000Z`);
}

/**
 * The due dates a run at `now` may have to remind about. Every time zone's "today" is the UTC date, the
 * day before or the day after (UTC−12 … UTC+14), so for each kind three due dates cover every user.
 */
export function candidateDueDates(now: Date): string[] {
  const utcToday = todayIn('UTC', now);
  const dates = new Set<string>();
  for (const { daysBefore } of REMINDER_KINDS) {
    for (const shift of [-1, 0, 1]) dates.add(addDays(utcToday, daysBefore + shift));
  }
  return [...dates].sort();
}

/** Which reminder, if any, a subscription due on `dueDate` gets today in the user's time zone. */
export function reminderKindFor(dueDate: string, timeZone: string, now: Date) {
  const daysLeft = daysBetween(todayIn(timeZone, now), dueDate);
  return REMINDER_KINDS.find((k) => k.daysBefore === daysLeft);
}

export interface ReminderRecipient {
  email: string | null;
  emailVerified: boolean;
  accountStatus: string;
  role: string;
  notify10Days?: boolean;
  notify3Days?: boolean;
  notify1Day?: boolean;
}

export type SkipReason = 'noVerifiedEmail' | 'turnedOff' | 'notPaidTier' | 'deactivated';

/** Why a user does not get a reminder of this kind, or null when they do. Defaults per SPEC §9. */
export function reminderSkipReason(kind: (typeof REMINDER_KINDS)[number], user: ReminderRecipient): SkipReason | null {
  if (user.accountStatus === 'deactivated') return 'deactivated';
  if (!user.email || !user.emailVerified) return 'noVerifiedEmail';
  if (kind.paidOnly && !hasPaidFeatures(user.role)) return 'notPaidTier';
  const defaults: Record<ReminderSetting, boolean> = { notify10Days: true, notify3Days: true, notify1Day: false };
  const enabled = user[kind.setting] ?? defaults[kind.setting];
  return enabled ? null : 'turnedOff';
}
