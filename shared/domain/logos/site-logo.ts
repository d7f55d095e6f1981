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
}

/** What a subscription's logo is computed from: its name, its website and what was found there. */
export interface LogoInputs {
  name: string;
  url?: string | null;
  siteLogo?: SiteLogo;
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
