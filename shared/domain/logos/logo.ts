import type { LogoOptions } from '../../api/logos.js';
import type { SubscriptionLogo } from '../../api/subscription.js';
import { brandLogoPath, brandThumbnailPath } from './brand-names.js';
import { brandOf } from './brands.js';
import { type LogoInputs, websiteLogoOf } from './site-logo.js';

/** A built-in brand's logo. */
const brandLogo = (slug: string): SubscriptionLogo => ({ kind: 'brand', src: brandLogoPath(slug) });

/** The logo automatic gives: the built-in brand the name names, else the website's own icon, else none (the monogram). */
function automaticLogo(subscription: LogoInputs): SubscriptionLogo | null {
  const slug = brandOf(subscription.name);
  return slug ? brandLogo(slug) : websiteLogoOf(subscription);
}

/**
 * The logo a subscription shows (issue 36), the one computation every screen and message reads: its owner's choice
 * (§4) — a built-in brand, its website's icon, their own picture, or none (the monogram) — and otherwise, or when
 * the chosen one is not there (the website changed), the automatic one.
 */
export function subscriptionLogo(subscription: LogoInputs): SubscriptionLogo | null {
  const choice = subscription.logoChoice;
  if (choice?.kind === 'none') return null;
  if (choice?.kind === 'brand') return brandLogo(choice.slug);
  if (choice?.kind === 'upload' && subscription.uploadedLogo) return { kind: 'upload', src: subscription.uploadedLogo };
  if (choice?.kind === 'website') return websiteLogoOf(subscription) ?? automaticLogo(subscription);
  return automaticLogo(subscription);
}

/** The built-in brand 'Change logo' offers: the one chosen, else the one the name names; undefined for none. */
export function offeredBrand(subscription: LogoInputs): string | undefined {
  return subscription.logoChoice?.kind === 'brand' ? subscription.logoChoice.slug : brandOf(subscription.name);
}

/** What 'Change logo' offers (GET /api/subscriptions/{id}/logo): the choice in force and each one's logo, null where there is none. */
export function logoOptions(subscription: LogoInputs): LogoOptions {
  const { logoChoice, uploadedLogo } = subscription;
  const slug = offeredBrand(subscription);
  return {
    choice: logoChoice?.kind ?? 'automatic',
    automatic: automaticLogo(subscription),
    brand: slug ? brandLogo(slug) : null,
    website: websiteLogoOf(subscription),
    upload: uploadedLogo ? { kind: 'upload', src: uploadedLogo } : null,
  };
}

/**
 * The logo as an image Discord's and Slack's reminders can show as their thumbnail (issue 36 §5): a PNG or JPEG on
 * our origin — a built-in brand's PNG tile, a website's PNG or JPEG icon, a PNG or JPEG of the user's. Null for none
 * (neither shows an SVG, an ICO or, in Slack, a WebP).
 */
export function channelThumbnail(subscription: LogoInputs): string | null {
  const logo = subscriptionLogo(subscription);
  if (!logo) return null;
  if (logo.kind === 'brand') {
    const slug = subscription.logoChoice?.kind === 'brand' ? subscription.logoChoice.slug : brandOf(subscription.name);
    return slug ? brandThumbnailPath(slug) : null;
  }
  if (logo.kind === 'website') return subscription.siteLogo?.format === 'png' || subscription.siteLogo?.format === 'jpeg' ? logo.src : null;
  return /\.(png|jpg)$/.test(logo.src) ? logo.src : null;
}
