/**
 * What a subscription costs per month and per year (SPEC §9 'Computations', DESIGN §5 'the
 * Monthly Total normalises to a month'), in USD so that subscriptions in different currencies add up
 * (issue 24 §1): the price of its next renewal in the schedule (shared/domain/schedule.ts: the price in
 * force then, 0 in a free trial) converted at `rates`, normalised by its cycle.
 */
import type { Subscription } from '../api/subscription.js';
import { type BillingPrices, type BillingSchedule, intervalOf } from './billing.js';
import { FIXED_RATES, type RateTable, roundMoney, toUsd } from './currency.js';
import { nextScheduledRenewal } from './schedule.js';

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
 * The charge per cycle in USD: the price of the schedule's next renewal (`nextScheduledRenewal`: the renewal
 * on the due date, 0 in a free trial), at `rates` (the plain amount without a due date); 0 when the
 * subscription has no renewal left, its end date before its due date (issue 35 §1: the schedule, the yearly
 * report and /insights count nothing after an end date). Read as active: what it costs while it runs.
 */
function cycleAmountUsd(sub: SubscriptionPrice, rates: RateTable): number {
  if (!sub.dueDate) return toUsd(amountOf(sub), sub.currency ?? 'USD', rates);
  const next = nextScheduledRenewal({ ...sub, amount: amountOf(sub), dueDate: sub.dueDate, status: 'active' });
  return next ? toUsd(next.price.amount, next.price.currency, rates) : 0;
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
