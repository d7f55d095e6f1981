/**
 * One schedule that every screen, message and file reads (issue 35 §1; docs/decisions/0119-one-schedule.md):
 * for a subscription and a span of dates, its events, oldest first — each renewal with the price in force
 * and what became of it (paid with the amount charged, skipped, counted at its price, still to come), the
 * trial's end, the last day to cancel before each renewal to come, and the end; where the subscription is
 * shared, the user's share of each renewal.
 *
 * Built from the functions the surfaces already call (billing.ts `occurrences`, `chargeOn`, `cancelByDate`;
 * payments.ts `trackedSince`; share-totals.ts `countedSubscription`), so it computes nothing a second time:
 * test/unit/schedule.property.test.ts proves that the card, the month totals, lifetime spend, the calendar
 * feed, the reminders and the yearly report agree with it to the cent and to the day.
 */
import type { Payment } from '../api/payments.js';
import {
  anchorDayOf,
  type BillingPrices,
  type BillingSchedule,
  cancelByDate,
  chargeOn,
  intervalOf,
  occurrences,
  priceHistoryOf,
  shiftRenewal,
} from './billing.js';
import { addDays } from './dates.js';
import { countedSubscription, type ShareCounted, userShareOf } from './sharing/share-totals.js';

/**
 * The first day a subscription's spend counts from: its first price's date, else the day it was created.
 * Renewals before it are `untracked`.
 */
export function trackedSince(sub: BillingPrices & { createdAt: string }): string {
  const first = priceHistoryOf(sub)[0]?.effectiveFrom;
  const created = sub.createdAt.slice(0, 10);
  // A history without dates of its own starts on a placeholder day (billing.ts): the creation is the start then.
  return first && first > '1900-01-01' && first < created ? first : created;
}

/** A subscription as the schedule reads it: its schedule, its prices and, when known, when it was created and how it is shared. */
export type ScheduledSubscription = BillingSchedule &
  BillingPrices &
  Partial<Pick<ShareCounted, 'shared' | 'sharing'>> & {
    createdAt?: string;
  };

/**
 * What became of a renewal, as of `today`:
 * - `paid`: recorded paid; `charged` is the amount charged;
 * - `skipped`: recorded skipped; it cost nothing;
 * - `unrecorded`: no record, but it has passed (tracked, before today and before the due date: the due
 *   date moved past it), so it counts at its price;
 * - `untracked`: no record, before the subscription was first tracked: it counts nowhere;
 * - `due`: no record and it has not happened yet (the due date or later, or today or later).
 */
export type RenewalPayment = 'paid' | 'skipped' | 'unrecorded' | 'untracked' | 'due';

export interface Amount {
  amount: number;
  currency: string;
}

export interface RenewalEvent {
  kind: 'renewal';
  date: string;
  /** The price in force on its date (billing.ts `chargeOn`): 0 in the free trial. */
  price: Amount;
  /** True when it falls in the free trial. */
  trial: boolean;
  payment: RenewalPayment;
  /** What it cost: the amount charged when paid, 0 when skipped, its price when unrecorded; absent otherwise. */
  charged?: Amount;
  /** The user's share of its price when the subscription is shared (share-totals.ts `countedSubscription`). */
  share?: Amount;
}

export interface DayEvent {
  kind: 'trialEnd' | 'cancelBy' | 'end';
  date: string;
}

export type ScheduleEvent = RenewalEvent | DayEvent;

export interface ScheduleOptions {
  from: string;
  to: string;
  /** The day payments are judged on (the user's today); without it a renewal with no record is `due`. */
  today?: string;
  payments?: readonly Pick<Payment, 'dueDate' | 'status' | 'amount' | 'currency'>[];
}

/** Events of one day, in this order: the last day to cancel, the trial's end, the renewal, the end. */
const KIND_ORDER: Record<ScheduleEvent['kind'], number> = { cancelBy: 0, trialEnd: 1, renewal: 2, end: 3 };

function paymentOf(
  sub: ScheduledSubscription,
  date: string,
  price: Amount,
  recorded: ReadonlyMap<string, Pick<Payment, 'status' | 'amount' | 'currency'>>,
  today: string | undefined,
): Pick<RenewalEvent, 'payment' | 'charged'> {
  const record = recorded.get(date);
  if (record?.status === 'paid') return { payment: 'paid', charged: { amount: record.amount, currency: record.currency } };
  if (record) return { payment: 'skipped', charged: { amount: 0, currency: record.currency } };
  if (today === undefined || date >= today || date >= sub.dueDate) return { payment: 'due' };
  if (sub.createdAt && date < trackedSince({ ...sub, createdAt: sub.createdAt })) return { payment: 'untracked' };
  return { payment: 'unrecorded', charged: price };
}

/**
 * The renewal events of {@link scheduleEvents}, oldest first (billing.ts `occurrences` from `from` to `to`),
 * each with its price, what became of it and the user's share; a span holding only renewals needs no more.
 */
function renewalEvents(sub: ScheduledSubscription, { from, to, today, payments = [] }: ScheduleOptions): RenewalEvent[] {
  const recorded = new Map(payments.map((p) => [p.dueDate, p]));
  const counted = userShareOf(sub) === null ? null : countedSubscription(sub);
  return occurrences(sub, from, to).map((date): RenewalEvent => {
    const charge = chargeOn(sub, date);
    const price = { amount: charge.amount, currency: charge.currency };
    const share = counted && chargeOn(counted, date);
    return {
      kind: 'renewal',
      date,
      price,
      trial: charge.trial,
      ...paymentOf(sub, date, price, recorded, today),
      ...(share ? { share: { amount: share.amount, currency: share.currency } } : {}),
    };
  });
}

/**
 * The subscription's events from `from` to `to` (both included), oldest first (see the module's comment).
 * Renewals are billing.ts `occurrences` (none after the end date, none from the due date on once canceled,
 * none in the trash); the trial's end and the end date while it is not in the trash; the last day to cancel
 * (billing.ts `cancelByDate`) before each renewal from the due date on, while it is active with a notice period.
 */
export function scheduleEvents(sub: ScheduledSubscription, { from, to, today, payments = [] }: ScheduleOptions): ScheduleEvent[] {
  if (sub.status === 'deleted' || from > to) return [];
  const events: ScheduleEvent[] = renewalEvents(sub, { from, to, today, payments });
  if (sub.trialEndsAt && sub.trialEndsAt >= from && sub.trialEndsAt <= to) events.push({ kind: 'trialEnd', date: sub.trialEndsAt });
  if (sub.endsAt && sub.endsAt >= from && sub.endsAt <= to) events.push({ kind: 'end', date: sub.endsAt });
  const active = (sub.status ?? 'active') === 'active';
  if (active && sub.cancelByDate) {
    // A date the user gave is theirs, as it is (decision 0120).
    const own = cancelByDate(sub, sub.cancelByDate);
    if (own && own >= from && own <= to) events.push({ kind: 'cancelBy', date: own });
  } else if (active && typeof sub.noticeDays === 'number' && sub.noticeDays > 0) {
    // The renewals whose cancel-by day can fall in the span: from the due date on, up to `to` + the notice;
    // each one's deadline is billing.ts cancelByDate on the day it falls (none for a renewal it skips).
    const last = occurrences(sub, sub.dueDate > from ? sub.dueDate : from, addDays(to, sub.noticeDays));
    for (const renewal of last) {
      if (renewal < sub.dueDate) continue;
      const deadline = addDays(renewal, -sub.noticeDays);
      const cancelBy = cancelByDate({ ...sub, dueDate: renewal }, deadline);
      if (cancelBy === deadline && cancelBy >= from && cancelBy <= to) events.push({ kind: 'cancelBy', date: cancelBy });
    }
  }
  return events.sort((a, b) => a.date.localeCompare(b.date) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
}

/** The renewals of {@link scheduleEvents}. */
export function scheduledRenewals(sub: ScheduledSubscription, options: ScheduleOptions): RenewalEvent[] {
  return renewalEvents(sub, options);
}

/** The next renewal from the due date on, with the price it will be charged: what the card shows. Null when it ends first. */
export function nextScheduledRenewal(sub: ScheduledSubscription): RenewalEvent | null {
  if ((sub.status ?? 'active') !== 'active') return null;
  return scheduledRenewals(sub, { from: sub.dueDate, to: sub.dueDate })[0] ?? null;
}

// What the surfaces look up: the renewals alone, the price in force, a renewal on or from a day, the next
// ones, the trial's end and the last day to cancel.

/** One cycle after `day`: the first renewal on or after `day` falls on that day at the latest. */
function cycleAfter(sub: BillingSchedule, day: string): string {
  return shiftRenewal(day, sub.billingCycle, intervalOf(sub), anchorDayOf(sub), 1);
}

/** The latest of the days given (YYYY-MM-DD), the first being a day. */
const latestOf = (first: string, ...days: (string | null | undefined)[]) =>
  days.reduce<string>((latest, day) => (day && day > latest ? day : latest), first);

/** The schedule's first renewal on or after `day`; null when there is none (it ends first, canceled, in the trash). */
export function renewalFrom(sub: ScheduledSubscription, day: string): RenewalEvent | null {
  return scheduledRenewals(sub, { from: day, to: cycleAfter(sub, day) })[0] ?? null;
}

/**
 * The first renewal from the due date on that is charged: the first not in the free trial. What the
 * calendar feed names as the price of a subscription in its trial, and what makes its trial's end worth
 * an event. Null when the subscription ends (or is not active) before one.
 */
export function firstChargedRenewal(sub: ScheduledSubscription): RenewalEvent | null {
  return renewalFrom(sub, latestOf(sub.dueDate, sub.trialEndsAt));
}

/**
 * The trial's end, while active, when a renewal is charged after it: the day the calendar feed shows and a rule
 * on the trial's end reminds of (also when the trial ends on the due date, issue 35 §2.1).
 */
export function scheduledTrialEnd(sub: ScheduledSubscription): DayEvent | null {
  if ((sub.status ?? 'active') !== 'active' || !sub.trialEndsAt || !firstChargedRenewal(sub)) return null;
  return { kind: 'trialEnd', date: sub.trialEndsAt };
}

/**
 * billing.ts `cancelByDate` as a day of its own: none with a notice of 0 days, where the renewal's own day says
 * all there is. The calendar feed's last day to cancel, and the day a rule on it reminds of.
 */
export function scheduledCancelBy(sub: ScheduledSubscription, today: string): DayEvent | null {
  if (!sub.cancelByDate && !((sub.noticeDays ?? 0) > 0)) return null;
  const date = cancelByDate(sub, today);
  return date ? { kind: 'cancelBy', date } : null;
}

/**
 * The schedule's renewals on `dates`, in the order given; a day that is not one of its renewals gives
 * none. The details dialog's renewals to mark, each with its price on its day ('€10.99 expected', 'Free trial').
 */
export function renewalsOn(sub: ScheduledSubscription, dates: readonly string[]): RenewalEvent[] {
  const [first, ...rest] = dates;
  if (first === undefined) return [];
  const from = rest.reduce((earliest, date) => (date < earliest ? date : earliest), first);
  const to = latestOf(first, ...rest);
  const byDate = new Map(scheduledRenewals(sub, { from, to }).map((renewal) => [renewal.date, renewal]));
  return dates.flatMap((date) => byDate.get(date) ?? []);
}

/**
 * The next `count` renewals from the due date on, oldest first (fewer when the subscription ends first; none
 * unless it is active): the renewals the yearly report counts ahead.
 */
export function nextScheduledRenewals(sub: ScheduledSubscription, count: number): RenewalEvent[] {
  if ((sub.status ?? 'active') !== 'active' || count < 1) return [];
  // The count-th renewal falls count − 1 cycles after the due date.
  const to = shiftRenewal(sub.dueDate, sub.billingCycle, intervalOf(sub), anchorDayOf(sub), count - 1);
  return scheduledRenewals(sub, { from: sub.dueDate, to }).slice(0, count);
}
