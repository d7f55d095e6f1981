import { imageFormatOf } from '../../../shared/domain/avatar.js';
import { downloadOutbound } from '../outbound/outbound.js';
import { iconsToTry, manifestIconLinks, pageIconLinks } from './icon-links.js';

/**
 * A website's own icon (issue 36 §3), searched for by the logo function through the outbound guard: the site's
 * home page, the icons it declares (link rel icon / apple-touch-icon, its manifest's), then `/favicon.ico`. The
 * first whose bytes are a PNG, JPEG, WebP or ICO within the cap is the one. Never throws.
 */

/** The formats a website's icon may be, told by its bytes. */
export type SiteIconFormat = 'png' | 'jpeg' | 'webp' | 'ico';

export const SITE_ICON_CONTENT_TYPES: Record<SiteIconFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
};

/** The most of a home page read: icons are declared in its head. */
const PAGE_MAX_BYTES = 512 * 1024;
/** The most a manifest may have. */
const MANIFEST_MAX_BYTES = 64 * 1024;
/** The most an icon may have: a 512 px PNG is well under it. */
export const ICON_MAX_BYTES = 256 * 1024;

/** The icon's format by its bytes (magic numbers; an ICO's header must name at least one image), or null. */
export function siteIconFormatOf(bytes: Uint8Array): SiteIconFormat | null {
  const format = imageFormatOf(bytes);
  if (format === 'png' || format === 'jpeg' || format === 'webp') return format;
  // ICONDIR: reserved 0, type 1 (icon), a count of images, then 16 bytes per image.
  if (bytes.length >= 22 && bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 1 && bytes[3] === 0) {
    const count = bytes[4] | (bytes[5] << 8);
    if (count > 0 && bytes.length >= 6 + 16 * count) return 'ico';
  }
  return null;
}

export type SiteIconSearch =
  | { found: true; url: string; format: SiteIconFormat; bytes: Uint8Array }
  | {
      found: false;
      /** What was tried and why each failed, for the log. */
      tried: Array<{ url: string; error: string }>;
    };

/** The site's icon: `siteUrl` is the site's origin (`https://www.example.com`). */
export async function findSiteIcon(siteUrl: string): Promise<SiteIconSearch> {
  const tried: Array<{ url: string; error: string }> = [];
  const home = new URL('/', siteUrl).href;
  const page = await downloadOutbound(home, { maxBytes: PAGE_MAX_BYTES, accept: 'text/html' });
  let declared: ReturnType<typeof pageIconLinks> = { icons: [], manifest: null };
  if (page.ok) declared = pageIconLinks(page.bytes.toString('utf8'), page.url);
  else tried.push({ url: home, error: page.error });
  // A site the guard refuses (a private or loopback address in the cloud) is not asked for anything else.
  if (!page.ok && page.refused) return { found: false, tried };

  let manifestIcons: ReturnType<typeof manifestIconLinks> = [];
  if (declared.manifest) {
    const manifest = await downloadOutbound(declared.manifest, {
      maxBytes: MANIFEST_MAX_BYTES,
      accept: 'application/manifest+json, application/json',
    });
    if (manifest.ok) manifestIcons = manifestIconLinks(manifest.bytes.toString('utf8'), manifest.url);
    else tried.push({ url: declared.manifest, error: manifest.error });
  }

  // Relative to where the page ended up (a redirect to www.), so the favicon is the same site's.
  for (const url of iconsToTry(declared.icons, manifestIcons, page.ok ? page.url : home)) {
    const icon = await downloadOutbound(url, {
      maxBytes: ICON_MAX_BYTES,
      accept: 'image/png, image/webp, image/jpeg, image/x-icon, image/*;q=0.5',
    });
    if (!icon.ok) {
      tried.push({ url, error: icon.error });
      continue;
    }
    const format = siteIconFormatOf(icon.bytes);
    if (format) return { found: true, url: icon.url, format, bytes: icon.bytes };
    tried.push({ url, error: 'Not a PNG, JPEG, WebP or ICO image' });
  }
  return { found: false, tried };
}
