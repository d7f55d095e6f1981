import { describe, expect, it } from 'vitest';
import {
  AD_FREE_PRICE,
  formatPerMonth,
  MONEY_BACK_GUARANTEE_DAYS,
  MOST_POPULAR_PLAN,
  PLAN_DURATIONS,
  PLAN_FEATURES,
  PLAN_NAMES,
  PLAN_PRICES,
  PLAN_TIERS,
  PLANS_GUARANTEE,
  PREMIUM_EXTRA_FEATURES,
  VIP_FEATURES,
} from '../../shared/domain/plans.js';

describe('plans (SPEC §2 "Upgrade", §9 "Plan prices")', () => {
  it('sells VIP and Premium, Premium marked the most popular', () => {
    expect(PLAN_TIERS).toEqual(['vip', 'premium']);
    expect(PLAN_TIERS.map((tier) => PLAN_NAMES[tier])).toEqual(['VIP', 'Premium']);
    expect(MOST_POPULAR_PLAN).toBe('premium');
  });

  it('offers 1 Month, 3 Months, 6 Months and 1 Year', () => {
    expect(PLAN_DURATIONS.map((d) => [d.months, d.label])).toEqual([
      [1, '1 Month'],
      [3, '3 Months'],
      [6, '6 Months'],
      [12, '1 Year'],
    ]);
  });

  it('has SPEC §9 VIP prices, per month / total / discount percent', () => {
    expect(PLAN_PRICES.vip[1]).toEqual({ perMonth: 1.99, total: 1.99, discountPercent: 0 });
    expect(PLAN_PRICES.vip[3]).toEqual({ perMonth: 1.83, total: 5.49, discountPercent: 8 });
    expect(PLAN_PRICES.vip[6]).toEqual({ perMonth: 1.67, total: 9.99, discountPercent: 16 });
    expect(PLAN_PRICES.vip[12]).toEqual({ perMonth: 1.5, total: 17.99, discountPercent: 25 });
  });

  it('has SPEC §9 Premium prices, per month / total / discount percent', () => {
    expect(PLAN_PRICES.premium[1]).toEqual({ perMonth: 3.99, total: 3.99, discountPercent: 0 });
    expect(PLAN_PRICES.premium[3]).toEqual({ perMonth: 3.66, total: 10.99, discountPercent: 8 });
    expect(PLAN_PRICES.premium[6]).toEqual({ perMonth: 3.33, total: 19.99, discountPercent: 17 });
    expect(PLAN_PRICES.premium[12]).toEqual({ perMonth: 3.0, total: 35.99, discountPercent: 25 });
  });

  it('prices every plan for every duration, and a one-month term costs its monthly price', () => {
    for (const tier of PLAN_TIERS) {
      expect(Object.keys(PLAN_PRICES[tier]).map(Number)).toEqual(PLAN_DURATIONS.map((d) => d.months));
      expect(PLAN_PRICES[tier][1].total).toBe(PLAN_PRICES[tier][1].perMonth);
    }
  });

  it('lists SPEC §9 VIP features', () => {
    expect(VIP_FEATURES).toEqual([
      'Profile picture customization',
      'GIF avatars',
      'Ad-free experience',
      'VIP badge',
      'Priority support',
      'Custom profile theme',
      'Advanced statistics',
      'PDF export',
      'Early access to new features',
    ]);
    expect(PLAN_FEATURES.vip).toEqual(VIP_FEATURES);
  });

  it('lists Premium as everything in VIP plus SPEC §9 additions', () => {
    expect(PREMIUM_EXTRA_FEATURES).toEqual([
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
    ]);
    expect(PLAN_FEATURES.premium).toEqual(['Everything in VIP', ...PREMIUM_EXTRA_FEATURES]);
  });

  it('quotes the ad-free price as $1.99/month and formats monthly prices with 2 decimals', () => {
    expect(AD_FREE_PRICE).toBe('$1.99/month');
    expect(formatPerMonth(3)).toBe('$3.00/month');
  });

  it('has a 7-day money-back guarantee and SPEC §2 footer text', () => {
    expect(MONEY_BACK_GUARANTEE_DAYS).toBe(7);
    expect(PLANS_GUARANTEE).toBe('All plans include a 7-day money-back guarantee. Cancel anytime.');
  });
});
