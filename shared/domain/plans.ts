/**
 * The paid plans (SPEC §2 'Upgrade', §9 'Plan prices'): the durations on offer, the price of each
 * plan for each duration, the feature lists, the ad-free price and the money-back guarantee.
 * Every screen that quotes a plan price or feature reads it from here.
 */
import { formatUsd } from './currency.js';

/** The plans on sale, cheapest first. */
export const PLAN_TIERS = ['vip', 'premium'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export const PLAN_NAMES: Readonly<Record<PlanTier, string>> = { vip: 'VIP', premium: 'Premium' };

/** SPEC §2 'Upgrade': Premium is marked 'Most Popular'. */
export const MOST_POPULAR_PLAN: PlanTier = 'premium';

/** The durations of the upgrade page's switch, shortest first (SPEC §2 'Upgrade'). */
export const PLAN_DURATIONS = [
  { months: 1, label: '1 Month' },
  { months: 3, label: '3 Months' },
  { months: 6, label: '6 Months' },
  { months: 12, label: '1 Year' },
] as const;
export type PlanMonths = (typeof PLAN_DURATIONS)[number]['months'];

export interface PlanPrice {
  /** USD per month over the term. */
  perMonth: number;
  /** USD for the whole term. */
  total: number;
  /** Saving against paying month by month, in percent (0 for one month). */
  discountPercent: number;
}

/** SPEC §9 'Plan prices (USD), per month / total / discount percent', as the table gives them. */
export const PLAN_PRICES: Readonly<Record<PlanTier, Readonly<Record<PlanMonths, PlanPrice>>>> = {
  vip: {
    1: { perMonth: 1.99, total: 1.99, discountPercent: 0 },
    3: { perMonth: 1.83, total: 5.49, discountPercent: 8 },
    6: { perMonth: 1.67, total: 9.99, discountPercent: 16 },
    12: { perMonth: 1.5, total: 17.99, discountPercent: 25 },
  },
  premium: {
    1: { perMonth: 3.99, total: 3.99, discountPercent: 0 },
    3: { perMonth: 3.66, total: 10.99, discountPercent: 8 },
    6: { perMonth: 3.33, total: 19.99, discountPercent: 17 },
    12: { perMonth: 3.0, total: 35.99, discountPercent: 25 },
  },
};

/** SPEC §9 'VIP features'. */
export const VIP_FEATURES: readonly string[] = [
  'Profile picture customization',
  'GIF avatars',
  'Ad-free experience',
  'VIP badge',
  'Priority support',
  'Custom profile theme',
  'Advanced statistics',
  'PDF export',
  'Early access to new features',
];

/**
 * SPEC §9: Premium has everything in VIP (its list's lead line) plus these. SPEC's 'AI insights' is
 * called 'Smart insights' (issue 24 §5): they are rules (shared/domain/insights.ts), no model is involved.
 */
export const PREMIUM_LEAD_FEATURE = 'Everything in VIP';
export const PREMIUM_EXTRA_FEATURES: readonly string[] = [
  'Animated badge',
  'Unlimited subscriptions',
  'Smart insights',
  'Automatic bill reminders',
  'Budget planning',
  'Multi-device sync',
  'Custom categories',
  'Advanced analytics dashboard',
  'Priority feature requests',
  'Premium community',
];

/** Each plan's feature list as its card shows it. */
export const PLAN_FEATURES: Readonly<Record<PlanTier, readonly string[]>> = {
  vip: VIP_FEATURES,
  premium: [PREMIUM_LEAD_FEATURE, ...PREMIUM_EXTRA_FEATURES],
};

/** A USD price per month as quoted: '$1.99/month'. */
export function formatPerMonth(amountUsd: number): string {
  return `${formatUsd(amountUsd)}/month`;
}

/** SPEC §9: the ad-free upgrade (VIP, month by month) quoted in the ad notice: $1.99/month. */
export const AD_FREE_PRICE = formatPerMonth(PLAN_PRICES.vip[1].perMonth);

/** SPEC §9 '7-day money-back guarantee'. */
export const MONEY_BACK_GUARANTEE_DAYS = 7;

/** SPEC §2 'Upgrade': the footer of the plan comparison. */
export const PLANS_GUARANTEE = `All plans include a ${MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee. Cancel anytime.`;
