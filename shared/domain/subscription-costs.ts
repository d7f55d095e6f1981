/**
 * What a subscription costs per month and per year (SPEC §9 'Computations', DESIGN §5 'the
 * Monthly Total normalises to a month'), in USD so that subscriptions in different currencies add up
 * (issue 24 §1): the charge of its next renewal (shared/domain/billing.ts: the price in force then,
 * 0 in a free trial) converted at `rates`, normalised by its cycle.
 */
import type { Subscription } from '../api/subscription.js';
import { type BillingPrices, type BillingSchedule, chargeOn, intervalOf, upcomingRenewals } from './billing.js';
import { FIXED_RATES, type RateTable, roundMoney, toUsd } from './currency.js';

/** The fields a cost is computed from; the issue-24 ones are optional (older records read as USD, every cycle). */
export type SubscriptionPrice = BillingPrices &
  Pick<Subscription, 'billingCycle'> &
  Partial<Pick<BillingSchedule, 'dueDate' | 'cycleInterval' | 'trialEndsAt' | 'endsAt' | 'anchorDay'>>;

/** An amount that may arrive as a string (SPEC §3) as a number; anything unreadable is 0. */
export function amountOf(sub: Pick<Subscription, 'amount'>): number {
  const n = Number(sub.amount);
  return Number.isFinite(n) ? n : 0;
}

/** SPEC §9 'Yearly cost multipliers: monthly x12, quarterly x4, yearly or annual x1, weekly x52, anything else x12'. */
export function yearlyMultiplier(cycle: string): number {
  switch (cycle) {
    case 'weekly':
      return 52;
    case 'quarterly':
      return 4;
    case 'yearly':
    case 'annual':
      return 1;
    default:
      return 12;
  }
}

/**
 * The charge per cycle in USD: the next renewal's charge (the latest price without a due date), at `rates`;
 * 0 when the subscription has no renewal left, its end date before its due date (issue 35 §1: the schedule,
 * the yearly report and /insights count nothing after an end date).
 */
function cycleAmountUsd(sub: SubscriptionPrice, rates: RateTable): number {
  if (!sub.dueDate) return toUsd(amountOf(sub), sub.currency ?? 'USD', rates);
  if (upcomingRenewals({ ...sub, dueDate: sub.dueDate, status: 'active' }, 1).length === 0) return 0;
  const charge = chargeOn({ ...sub, amount: amountOf(sub) }, sub.dueDate);
  return toUsd(charge.amount, charge.currency, rates);
}

/** Cost per year of one subscription, in USD, rounded to cents (SPEC §9 multipliers, divided by its interval). */
export function yearlyAmount(sub: SubscriptionPrice, rates: RateTable = FIXED_RATES): number {
  return roundMoney((cycleAmountUsd(sub, rates) * yearlyMultiplier(sub.billingCycle)) / intervalOf(sub));
}

/**
 * Cost per month of one subscription, in USD, unrounded (DESIGN §5 'the Monthly Total
 * normalises to a month'): monthly as is, quarterly / 3, yearly / 12, weekly × 52 / 12, each divided
 * by its interval; consistent with {@link yearlyMultiplier} / 12. Round for display with roundMoney or formatMoney.
 */
export function monthlyAmount(sub: SubscriptionPrice, rates: RateTable = FIXED_RATES): number {
  const amount = cycleAmountUsd(sub, rates) / intervalOf(sub);
  switch (sub.billingCycle as string) {
    case 'weekly':
      return (amount * 52) / 12;
    case 'quarterly':
      return amount / 3;
    case 'yearly':
    case 'annual':
      return amount / 12;
    default:
      return amount;
  }
}
