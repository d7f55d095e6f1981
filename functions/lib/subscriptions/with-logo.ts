import type { Subscription } from '../../../shared/api/subscription.js';
import { subscriptionLogo } from '../../../shared/domain/logos/logo.js';
import { type StoredLogo, storedLogoOf } from '../../../shared/domain/logos/site-logo.js';

/**
 * A subscription as the subscription routes send it: with its logo (issue 36), from its name, its website and what
 * its item keeps for its logo (the icon the logo function found there, its owner's choice and upload). Only the
 * subscriptions function answers with subscriptions the app shows, so only its bundle holds the brand index
 * (docs/decisions/0137-logos.md).
 */
export function withLogo(subscription: Subscription, stored: StoredLogo | undefined): Subscription {
  return { ...subscription, logo: subscriptionLogo({ name: subscription.name, url: subscription.url, ...storedLogoOf(stored ?? {}) }) };
}
