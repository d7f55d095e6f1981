import type { SubscriptionLogo } from '../../api/subscription.js';
import { brandLogoPath } from './brand-names.js';
import { brandOf } from './brands.js';
import { type LogoInputs, websiteLogoOf } from './site-logo.js';

/**
 * The logo a subscription shows (issue 36 §1), the one computation every screen and message reads: the
 * built-in brand its name names, else its website's own icon, else none (the app shows a monogram in the
 * category's colour).
 */
export function subscriptionLogo(subscription: LogoInputs): SubscriptionLogo | null {
  const slug = brandOf(subscription.name);
  if (slug) return { kind: 'brand', src: brandLogoPath(slug) };
  return websiteLogoOf(subscription);
}
