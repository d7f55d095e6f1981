import type { SubscriptionLogo } from '../../api/subscription.js';

/** Where websites' icons are kept in the avatars bucket, and served on the site (`/logos/sites/<site>`). */
export const SITE_LOGO_KEY_PREFIX = 'logos/sites/';

/**
 * What the logo function found on a subscription's website (issue 36 §3), kept on the subscription: the site it
 * looked at (siteKeyOf its address) and the icon's address on our origin, null when the site has none.
 */
export interface SiteLogo {
  site: string;
  src: string | null;
  /** The icon's format, told by its bytes (absent on an outcome kept before it was recorded). */
  format?: 'png' | 'jpeg' | 'webp' | 'ico';
}

/** The owner's choice of logo (issue 36 §4), as kept; absent: automatic. A brand chosen is kept by its slug. */
export type StoredLogoChoice = { kind: 'brand'; slug: string } | { kind: 'website' } | { kind: 'upload' } | { kind: 'none' };

/** What a subscription's item keeps for its logo. */
export interface StoredLogo {
  /** What the logo function found on its website (§3). */
  siteLogo?: SiteLogo;
  logoChoice?: StoredLogoChoice;
  /** The address of the picture its owner uploaded (§4), on our origin. */
  uploadedLogo?: string;
}

/** The logo fields of a subscription's item, and nothing else of it. */
export function storedLogoOf(item: StoredLogo): StoredLogo {
  const { siteLogo, logoChoice, uploadedLogo } = item;
  return { siteLogo, logoChoice, uploadedLogo };
}

/** What a subscription's logo is computed from: its name, its website, what was found there, and its owner's choice. */
export interface LogoInputs extends StoredLogo {
  name: string;
  url?: string | null;
}

/**
 * The site a website address is, for its icon: its host (with a port, if any) in lower case, without a leading
 * `www.` (www.disneyplus.com and disneyplus.com share one icon); null for no valid address.
 */
export function siteKeyOf(address: string | null | undefined): string | null {
  if (!address) return null;
  try {
    const { protocol, host } = new URL(address);
    return protocol === 'https:' || protocol === 'http:' ? host.toLowerCase().replace(/^www\./, '') : null;
  } catch {
    return null;
  }
}

/** The website's icon, when the logo function found one for the site the subscription's website is now. */
export function websiteLogoOf(subscription: LogoInputs): SubscriptionLogo | null {
  const { siteLogo } = subscription;
  if (!siteLogo?.src || siteLogo.site !== siteKeyOf(subscription.url)) return null;
  return { kind: 'website', src: siteLogo.src };
}
