/**
 * Payments (issue 24 §4): the pure rules of marking a subscription's renewals paid or skipped, and the
 * lifetime spend they add up to. Amounts are in the currency each payment was recorded in; converting
 * goes through shared/domain/currency.ts's rate table, here and nowhere else.
 */
import type { Money, Payment, PaymentStatus } from '../api/payments.js';
import { type BillingPrices, type BillingSchedule, chargeOn, occurrences, priceHistoryOf } from './billing.js';
import { convert, FIXED_RATES, type RateTable, roundMoney } from './currency.js';
import { addMonthsClamped } from './dates.js';

/** How far back the detail view offers to mark renewals that have no record yet. */
export const UNRECORDED_MONTHS = 12;

/** True when `date` is one of the subscription's renewals (its schedule both ways, none after it ends). */
export function isRenewalDate(sub: BillingSchedule, date: string): boolean {
  return occurrences(sub, date, date).length === 1;
}

/**
 * What a renewal is recorded as: the amount given (a variable bill), in the currency given or else the
 * currency of the price in force on its date; without an amount, the price in force (0 in a free trial).
 */
export function paymentFor(
  sub: BillingPrices & Pick<BillingSchedule, 'trialEndsAt'>,
  dueDate: string,
  status: PaymentStatus,
  given: { amount?: number; currency?: string } = {},
): Omit<Payment, 'recordedAt'> {
  const charge = chargeOn(sub, dueDate);
  if (given.amount === undefined) return { dueDate, status, amount: charge.amount, currency: charge.currency };
  return { dueDate, status, amount: roundMoney(given.amount), currency: given.currency ?? charge.currency };
}

/** The paid amounts added up in `currency`, each converted at `rates` (skipped renewals cost nothing). */
export function lifetimeSpend(
  payments: readonly Pick<Payment, 'status' | 'amount' | 'currency'>[],
  currency: string,
  rates: RateTable = FIXED_RATES,
): Money {
  let total = 0;
  for (const payment of payments) if (payment.status === 'paid') total += convert(payment.amount, payment.currency, currency, rates);
  return { amount: roundMoney(total), currency };
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
