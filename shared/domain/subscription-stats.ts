/**
 * The dashboard's figures (SPEC §2 'Dashboard', §9 'Computations'): the four stats cards and
 * spending by category. Amounts are USD, rounded to cents.
 */
import type { Subscription } from '../api/subscription.js';
import { type Category, categoryDisplay, categoryKey } from './categories.js';
import { FIXED_RATES, type RateTable, roundMoney } from './currency.js';
import { monthlyAmount, type SubscriptionPrice } from './subscription-costs.js';
import { daysUntilDue, isActive, isDueSoon, type SubscriptionDue } from './subscription-rules.js';
import { compareText } from './text.js';

/** SPEC §9 'Next due … otherwise the text 'None upcoming''. */
export const NONE_UPCOMING = 'None upcoming';

/** Monthly Total card: the sum of active subscriptions' monthly-normalised amounts, rounded to cents (SPEC §9, DESIGN §5). */
export function monthlyTotal(subs: readonly (SubscriptionPrice & Pick<Subscription, 'status'>)[], rates: RateTable = FIXED_RATES): number {
  return roundMoney(subs.filter(isActive).reduce((sum, s) => sum + monthlyAmount(s, rates), 0));
}

/** Next Due card: the earliest active due date that is today or later, or null → show {@link NONE_UPCOMING} (SPEC §9). */
export function nextDue(subs: readonly SubscriptionDue[], today: string): string | null {
  let best: string | null = null;
  for (const s of subs) {
    if (!isActive(s) || !(daysUntilDue(s.dueDate, today) >= 0)) continue;
    if (best === null || s.dueDate < best) best = s.dueDate;
  }
  return best;
}

/** How many active subscriptions are due soon: the 'Due in 10 Days' card (SPEC §2, §5). */
export function countDueSoon(subs: readonly SubscriptionDue[], today: string): number {
  return subs.filter((s) => isDueSoon(s, today)).length;
}

export interface DashboardStats {
  /** Subscriptions not in the trash (active and canceled). */
  totalSubscriptions: number;
  dueSoon: number;
  /** USD per month, rounded to cents; format with formatMoney for the chosen currency. */
  monthlyTotal: number;
  /** YYYY-MM-DD, or null for 'None upcoming'. */
  nextDue: string | null;
}

/**
 * The four stats cards (SPEC §2): Total Subscriptions (everything not in the trash), Due in 10
 * Days, Monthly Total and Next Due.
 */
export function dashboardStats(
  subs: readonly (SubscriptionDue & SubscriptionPrice)[],
  today: string,
  rates: RateTable = FIXED_RATES,
): DashboardStats {
  return {
    totalSubscriptions: subs.filter((s) => s.status !== 'deleted').length,
    dueSoon: countDueSoon(subs, today),
    monthlyTotal: monthlyTotal(subs, rates),
    nextDue: nextDue(subs, today),
  };
}

export interface CategorySlice {
  /** Canonical category value (see categoryKey). */
  category: string;
  /** Capitalised display name ('Cloud Storage'). */
  label: string;
  /** USD per month, rounded to cents. */
  amount: number;
  /** Pie colour, a CSS colour that follows the theme (see categoryColors). */
  color: string;
}

/**
 * 'Spending by Category' (SPEC §9): per category, the sum of active subscriptions'
 * monthly-normalised amounts, rounded to 2 decimals, with capitalised names and the pie colour;
 * largest first (ties by label). Categories totalling $0.00 are left out (no empty slices).
 */
export function categoryBreakdown(
  subs: readonly (SubscriptionPrice & Pick<Subscription, 'status' | 'category'>)[],
  custom: readonly Category[] = [],
  rates: RateTable = FIXED_RATES,
): CategorySlice[] {
  const { labelOf, colorOf } = categoryDisplay(subs, custom);
  const sums = new Map<string, number>();
  for (const s of subs) {
    if (!isActive(s)) continue;
    const key = categoryKey(s.category);
    sums.set(key, (sums.get(key) ?? 0) + monthlyAmount(s, rates));
  }
  return [...sums.entries()]
    .map(([category, sum]) => ({
      category,
      label: labelOf(category),
      amount: roundMoney(sum),
      color: colorOf(category),
    }))
    .filter((slice) => slice.amount > 0)
    .sort((a, b) => b.amount - a.amount || compareText(a.label, b.label));
}
