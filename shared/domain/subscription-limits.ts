/**
 * How many subscriptions one account may keep (issue 21 point 5,
 * docs/decisions/0040-subscription-ceilings.md). The ceiling follows the effective membership: a member keeps 50, VIP 200, Premium
 * 2,000. Premium's "Unlimited subscriptions" (SPEC §9) is unlimited for any real household; 2,000 is
 * the abuse ceiling the Terms name. Staff (owner, developer) have Premium's rights, so its ceiling.
 *
 * Every subscription the user keeps counts, in the trash too (it can be recovered): a subscription
 * frees its place when it is deleted for good, or when its 30 days in the trash are over.
 */
import type { Role } from './roles.js';
import { normalizeRole } from './roles.js';

export const SUBSCRIPTION_LIMITS = { member: 50, vip: 200, premium: 2000 } as const;

/** The tier whose ceiling applies to a role. */
export type LimitTier = keyof typeof SUBSCRIPTION_LIMITS;

export function limitTierOf(role: Role | string): LimitTier {
  const r = normalizeRole(role);
  if (r === 'vip') return 'vip';
  if (r === 'member') return 'member';
  return 'premium';
}

/** The most subscriptions a user of this (effective) role may keep. */
export function subscriptionLimit(role: Role | string): number {
  return SUBSCRIPTION_LIMITS[limitTierOf(role)];
}

/** True when a user keeping `kept` subscriptions may add one more. */
export function mayAddSubscription(role: Role | string, kept: number): boolean {
  return kept < subscriptionLimit(role);
}

/** True when a higher tier has a higher ceiling, so the limit message can point to /upgrade. */
export function canRaiseLimitByUpgrading(role: Role | string): boolean {
  return limitTierOf(role) !== 'premium';
}
