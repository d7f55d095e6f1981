import type { SubscriptionLogo } from '../../api/subscription.js';
import { brandLogoPath } from './brand-names.js';
import { brandOf } from './brands.js';

/**
 * The logo a subscription shows (issue 36 §1), the one computation every screen and message reads: the
 * built-in brand its name names, else none (the app shows a monogram in the category's colour).
 */
export function subscriptionLogo(subscription: { name: string }): SubscriptionLogo | null {
  const slug = brandOf(subscription.name);
  return slug ? { kind: 'brand', src: brandLogoPath(slug) } : null;
}
