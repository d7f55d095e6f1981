import { describe, expect, it } from 'vitest';
import { subscriptionLimitMessage } from '../../shared/api/subscriptions.js';
import {
  canRaiseLimitByUpgrading,
  mayAddSubscription,
  SUBSCRIPTION_LIMITS,
  subscriptionLimit,
} from '../../shared/domain/subscription-limits.js';

describe('subscription ceilings (issue 21 point 5: member 50, VIP 200, Premium 2,000)', () => {
  it('names the three ceilings', () => {
    expect(SUBSCRIPTION_LIMITS).toEqual({ member: 50, vip: 200, premium: 2000 });
  });

  it('reads the ceiling from the effective role; staff have Premium’s, an unknown role a member’s', () => {
    expect(subscriptionLimit('member')).toBe(50);
    expect(subscriptionLimit('vip')).toBe(200);
    expect(subscriptionLimit('premium')).toBe(2000);
    expect(subscriptionLimit('owner')).toBe(2000);
    expect(subscriptionLimit('developer')).toBe(2000);
    expect(subscriptionLimit('superuser')).toBe(50);
  });

  it('lets the 50th subscription of a member in and refuses the 51st', () => {
    expect(mayAddSubscription('member', 49)).toBe(true);
    expect(mayAddSubscription('member', 50)).toBe(false);
    expect(mayAddSubscription('vip', 199)).toBe(true);
    expect(mayAddSubscription('vip', 200)).toBe(false);
    expect(mayAddSubscription('premium', 1999)).toBe(true);
    expect(mayAddSubscription('premium', 2000)).toBe(false);
  });

  it('points to an upgrade only where one raises the ceiling', () => {
    expect(canRaiseLimitByUpgrading('member')).toBe(true);
    expect(canRaiseLimitByUpgrading('vip')).toBe(true);
    expect(canRaiseLimitByUpgrading('premium')).toBe(false);
    expect(canRaiseLimitByUpgrading('owner')).toBe(false);
  });

  it('says the limit in the refusal, with the way up', () => {
    expect(subscriptionLimitMessage('member')).toBe(
      'You have reached your plan’s limit of 50 subscriptions (those in the trash count too). Delete some for good, or upgrade for more.',
    );
    expect(subscriptionLimitMessage('vip')).toContain('limit of 200 subscriptions');
    expect(subscriptionLimitMessage('premium')).toBe(
      'You have reached the limit of 2,000 subscriptions (those in the trash count too). Delete some for good to add more.',
    );
  });
});
