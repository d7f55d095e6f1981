import type { BillingPrices, BillingSchedule, Charge } from '../billing.js';
import { firstChargedRenewal, type RenewalEvent, renewalsOn, scheduledCancelBy, scheduledTrialEnd } from '../schedule.js';

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

/**
 * The hour (UTC) a run "for date D" (`npm run reminders -- --date D`) stands for: the daily run's hour
 * before issue 25 made the run hourly, so such a run sends what that day's daily run did.
 */
export const DEFAULT_REMINDER_HOUR_UTC = 8;

/** The instant a run "for date D" stands for: D at the hour given, UTC. */
export function runInstant(date: string, hourUtc: number = DEFAULT_REMINDER_HOUR_UTC): Date {
  return new Date(`${date}T${String(hourUtc).padStart(2, '0')}:00:00.000Z`);
}

/** Each setting's value for a user who never changed it (SPEC §9). */
export const REMINDER_SETTING_DEFAULTS: Readonly<Record<ReminderSetting, boolean>> = {
  notify10Days: true,
  notify3Days: true,
  notify1Day: false,
};

/**
 * What a reminder is about (issue 24 §3, issue 25 §1): a renewal (the due date), the end of a free trial
 * (`trialEndsAt`), the cancel-by deadline that still matters (`cancelBy`, billing.ts cancelByDate), or the subscription's end date (`endsAt`; by rules of VIP and Premium only).
 */
export const REMINDER_EVENTS = ['renewal', 'trialEnd', 'cancelBy', 'end'] as const;
export type ReminderEvent = (typeof REMINDER_EVENTS)[number];
/** The events found through index entries of their own (the renewal's is the subscription's due-date entry). */
export const DATED_EVENTS = ['trialEnd', 'cancelBy'] as const;
export type DatedEvent = (typeof DATED_EVENTS)[number];

/** A subscription as the reminders read it: its schedule and its prices. */
export type RemindedSubscription = BillingSchedule & BillingPrices;

/** A renewal of the schedule as a charge: its date and price, and whether it falls in the free trial. */
export const chargeOf = (renewal: RenewalEvent): Charge => ({
  date: renewal.date,
  amount: renewal.price.amount,
  currency: renewal.price.currency,
  trial: renewal.trial,
});

/**
 * The first renewal charged after a free trial: the schedule's first renewal from the due date on that is
 * on or after `trialEndsAt` (so not in the trial), none after `endsAt`; read as active. Null without a
 * trial, or when the subscription ends before anything is charged.
 */
export function firstChargeAfterTrial(sub: RemindedSubscription): Charge | null {
  if (!sub.trialEndsAt) return null;
  const renewal = firstChargedRenewal({ ...sub, status: 'active' });
  return renewal ? chargeOf(renewal) : null;
}

/** Why the renewal on the due date gets no reminder: it is after the end date, or free in the trial. */
export type RenewalSkipReason = 'ended' | 'inTrial';

export function renewalSkipReason(sub: RemindedSubscription): RenewalSkipReason | null {
  if (sub.endsAt && sub.dueDate > sub.endsAt) return 'ended';
  // The schedule's renewal on the due date, read as active: 0 and marked as in the trial before the trial's end.
  if (renewalsOn({ ...sub, status: 'active' }, [sub.dueDate])[0]?.trial) return 'inTrial';
  return null;
}

/**
 * The dates of an active subscription's trial-end and cancel-by reminders (issue 24 §3), by event:
 * - `trialEnd`: the trial's last day, when something is charged after it, also when the trial ends on the
 *   due date (a rule on the trial's end fires then too; plannedReminders sends one e-mail where a renewal
 *   rule falls in the same hour, issue 35 §2.1).
 * - `cancelBy`: the cancel-by deadline that still matters on `today` (billing.ts cancelByDate, issue 35
 *   §2.5): the user's own date as given, else renewal − notice days for the first charged renewal whose
 *   deadline is `today` or later — once the one before the due date has passed, the one before the
 *   renewal after it. A notice period of 0 days gives none: the renewal's own reminder says all there is.
 */
export function reminderEventDates(sub: RemindedSubscription, today: string): Partial<Record<DatedEvent, string>> {
  if ((sub.status ?? 'active') !== 'active') return {};
  const dates: Partial<Record<DatedEvent, string>> = {};
  const trialEnd = scheduledTrialEnd(sub);
  if (trialEnd) dates.trialEnd = trialEnd.date;
  const cancelBy = scheduledCancelBy(sub, today);
  if (cancelBy) dates.cancelBy = cancelBy.date;
  return dates;
}

/** True when the renewal on the due date is the first charge after a free trial that ends that day. */
export const endsTrial = (sub: RemindedSubscription) => Boolean(sub.trialEndsAt && sub.trialEndsAt === sub.dueDate);
