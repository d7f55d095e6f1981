import type { Subscription } from '../../../shared/api/subscription.js';
import { subscriptionLogo } from '../../../shared/domain/logos/logo.js';
import type { SiteLogo } from '../../../shared/domain/logos/site-logo.js';

/**
 * A subscription as the subscription routes send it: with its logo (issue 36 §1), from its name, its website and
 * the icon the logo function found there (`siteLogo`, kept on the subscription's item). Only the subscriptions
 * function answers with subscriptions the app shows, so only its bundle holds the brand index
 * (docs/decisions/0137-logos.md).
 */
export function withLogo(subscription: Subscription, siteLogo: SiteLogo | undefined): Subscription {
  return { ...subscription, logo: subscriptionLogo({ name: subscription.name, url: subscription.url, siteLogo }) };
}
