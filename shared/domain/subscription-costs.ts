/**
 * What a subscription costs per month and per year (SPEC §9 'Computations', DESIGN §5 'the
 * Monthly Total normalises to a month'). Amounts are USD per billing cycle.
 */
import type { Subscription } from '../api/subscription.js';
import { roundMoney } from './currency.js';

/** The fields a cost is computed from. */
export type SubscriptionPrice = Pick<Subscription, 'amount' | 'billingCycle'>;

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

/** Cost per year of one subscription, in USD, rounded to cents (SPEC §9 multipliers). */
export function yearlyAmount(sub: SubscriptionPrice): number {
  return roundMoney(amountOf(sub) * yearlyMultiplier(sub.billingCycle));
}

/**
 * Cost per month of one subscription, in USD, unrounded (DESIGN §5 'the Monthly Total
 * normalises to a month'): monthly as is, quarterly / 3, yearly / 12, weekly × 52 / 12;
 * consistent with {@link yearlyMultiplier} / 12. Round for display with roundMoney or formatMoney.
 */
export function monthlyAmount(sub: SubscriptionPrice): number {
  const amount = amountOf(sub);
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
