import type { Subscription } from '../../../shared/api/subscription.js';
import { subscriptionLogo } from '../../../shared/domain/logos/logo.js';

/**
 * A subscription as the subscription routes send it: with its logo (issue 36 §1). Only the subscriptions function
 * answers with subscriptions the app shows, so only its bundle holds the brand index (docs/decisions/0137-logos.md).
 */
export function withLogo(subscription: Subscription): Subscription {
  return { ...subscription, logo: subscriptionLogo(subscription) };
}
