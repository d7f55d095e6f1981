/**
 * Payments (issue 24 §4): the pure rules of marking a subscription's renewals paid or skipped, and the
 * lifetime spend they add up to. Amounts are in the currency each payment was recorded in; converting
 * goes through shared/domain/currency.ts's rate table, here and nowhere else.
 */
import type { Money, Payment, PaymentStatus } from '../api/payments.js';
import { type BillingPrices, type BillingSchedule, chargeOn, occurrences, priceHistoryOf } from './billing.js';
import { convert, FIXED_RATES, type RateTable, roundMoney } from './currency.js';
import { addDays, addMonthsClamped } from './dates.js';
import { renewalFrom, renewalsOn, type ScheduledSubscription, scheduledRenewals, trackedSince } from './schedule.js';

/**
 * The most payments one subscription of an imported JSON export brings (issue 35 §2.9): more than a
 * weekly renewal marked for 19 years. A file with more is refused at the preview, as a price history
 * past MAX_PRICE_CHANGES is.
 */
export const MAX_IMPORTED_PAYMENTS = 1000;

/** The refusal of a subscription with more than {@link MAX_IMPORTED_PAYMENTS} payments. */
export const tooManyPaymentsMessage = `An imported subscription brings at most ${MAX_IMPORTED_PAYMENTS.toLocaleString('en-US')} payments.`;

/** How far back the detail view offers to mark renewals that have no record yet. */
export const UNRECORDED_MONTHS = 12;

/** True when `date` is one of the subscription's renewals (its schedule both ways, none after it ends). */
export function isRenewalDate(sub: BillingSchedule, date: string): boolean {
  return occurrences(sub, date, date).length === 1;
}

/**
 * The renewals a payment or a settlement may be recorded for (issue 34 §10): from the subscription's start
 * (its first price, or its creation, or its due date when that is earlier) to its next renewal (the due
 * date, or today when the due date is past; today as the easternmost time zone has it, a day after UTC's).
 * These are the cycles the details dialog shows; a renewal years ahead is none of them.
 */
export function recordableWindow(sub: BillingPrices & Pick<BillingSchedule, 'dueDate'> & { createdAt?: string }, todayUtc: string) {
  const firsts = [priceHistoryOf(sub)[0]?.effectiveFrom, sub.createdAt?.slice(0, 10), sub.dueDate].filter((d): d is string => Boolean(d));
  const from = firsts.reduce((earliest, date) => (date < earliest ? date : earliest));
  const latest = addDays(todayUtc, 1);
  return { from, to: sub.dueDate > latest ? sub.dueDate : latest };
}

/** True when `date` is one of the subscription's renewals within {@link recordableWindow}. */
export function isRecordableRenewal(
  sub: BillingSchedule & BillingPrices & { createdAt?: string },
  date: string,
  todayUtc: string,
): boolean {
  const { from, to } = recordableWindow(sub, todayUtc);
  return date >= from && date <= to && isRenewalDate(sub, date);
}

/**
 * What a renewal is recorded as: the amount given (a variable bill), in the currency given or else the
 * currency of its price; without an amount, its price (0 in a free trial). Its price is the schedule's
 * renewal's on that date, read as active; a Renew past the end date records a due date the schedule has
 * no renewal on, at the price in force then.
 */
export function paymentFor(
  sub: ScheduledSubscription,
  dueDate: string,
  status: PaymentStatus,
  given: { amount?: number; currency?: string } = {},
): Omit<Payment, 'recordedAt'> {
  const charge = renewalsOn({ ...sub, status: 'active' }, [dueDate])[0]?.price ?? chargeOn(sub, dueDate);
  if (given.amount === undefined) return { dueDate, status, amount: charge.amount, currency: charge.currency };
  return { dueDate, status, amount: roundMoney(given.amount), currency: given.currency ?? charge.currency };
}

/** The payments of many subscriptions (GET /api/payments) by subscription id, each list as given. */
export function paymentsBySubscription<P extends { subscriptionId: string }>(payments: readonly P[]): Record<string, P[]> {
  const grouped: Record<string, P[]> = {};
  for (const payment of payments) {
    const list = grouped[payment.subscriptionId] ?? [];
    list.push(payment);
    grouped[payment.subscriptionId] = list;
  }
  return grouped;
}

/**
 * Where a renewal recorded as `status` moves the subscription's due date (issue 35 §8), or null when it
 * stays: a renewal marked paid is a renewal that happened, so an active subscription whose due date is
 * that renewal or before it moves on to the schedule's renewal after it, as Renew does (billing.ts
 * `nextRenewal`: past an end date too, so the schedule is read without one). A skip, a renewal before the
 * due date (already moved past) and a canceled subscription move nothing, and nothing ever moves a due
 * date back.
 */
export function dueDateAfterPayment(sub: ScheduledSubscription, dueDate: string, status: PaymentStatus): string | null {
  if ((sub.status ?? 'active') !== 'active' || status !== 'paid' || dueDate < sub.dueDate) return null;
  return renewalFrom({ ...sub, endsAt: null }, addDays(dueDate, 1))?.date ?? null;
}

/** What a subscription has cost (issue 35 §2), in one currency, and what it is made of. */
export interface LifetimeSpend extends Money {
  /** Renewals recorded paid: each counts the amount charged. */
  paidCount: number;
  /** Renewals recorded skipped: each counts nothing. */
  skippedCount: number;
  /** Past renewals with no record: each counts the price in force then (0 in a free trial). */
  unrecordedCount: number;
}

/** The first day a subscription's spend counts from (schedule.ts, where the schedule's renewals are judged). */
export { trackedSince };

/**
 * A subscription's lifetime spend (issue 35 §2: one computation, read by the details dialog, the
 * payments route and /insights): every renewal recorded paid counts the amount charged, one recorded
 * skipped counts nothing, and a renewal with no record that has passed (since the subscription was
 * first tracked, before today and before its due date: the due date moved past it) counts the price in
 * force on its date. A renewal due today or past due and unrecorded has not happened yet: it counts
 * once marked paid or renewed. Amounts are converted to `currency` with `rates`.
 */
export function lifetimeSpend(
  sub: BillingSchedule & BillingPrices & { createdAt: string },
  payments: readonly Pick<Payment, 'dueDate' | 'status' | 'amount' | 'currency'>[],
  today: string,
  currency: string,
  rates: RateTable = FIXED_RATES,
): LifetimeSpend {
  // What each renewal cost, by its date: the amount charged when paid, and (below) the price of each passed one with no record.
  const spent: { date: string; amount: number }[] = [];
  let paidCount = 0;
  let skippedCount = 0;
  for (const payment of payments) {
    if (payment.status === 'paid') {
      spent.push({ date: payment.dueDate, amount: convert(payment.amount, payment.currency, currency, rates) });
      paidCount++;
    } else skippedCount++;
  }
  // The renewals that have passed with no record, as the schedule judges them (issue 35 §1).
  const before = (today < sub.dueDate ? today : sub.dueDate) as string;
  const unrecorded = scheduledRenewals(sub, { from: trackedSince(sub), to: addDays(before, -1), today, payments }).filter(
    (renewal) => renewal.payment === 'unrecorded',
  );
  for (const { date, price } of unrecorded) spent.push({ date, amount: convert(price.amount, price.currency, currency, rates) });
  // Added up in date order, as every other total over the schedule is: the same amounts added in another order can
  // round to another cent.
  spent.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const total = spent.reduce((sum, { amount }) => sum + amount, 0);
  return { amount: roundMoney(total), currency, paidCount, skippedCount, unrecordedCount: unrecorded.length };
}

/**
 * The renewals up to `today` that have no record yet, newest first: those since the subscription's
 * first price (or the last {@link UNRECORDED_MONTHS} months, when that is later).
 */
export function unrecordedRenewals(
  sub: BillingSchedule & BillingPrices & { createdAt?: string },
  payments: readonly Pick<Payment, 'dueDate'>[],
  today: string,
): string[] {
  const firstPrice = priceHistoryOf(sub)[0]?.effectiveFrom ?? today;
  const yearAgo = addMonthsClamped(today, -UNRECORDED_MONTHS);
  const from = firstPrice > yearAgo ? firstPrice : yearAgo;
  const recorded = new Set(payments.map((p) => p.dueDate));
  return occurrences(sub, from, today)
    .filter((date) => !recorded.has(date))
    .reverse();
}
