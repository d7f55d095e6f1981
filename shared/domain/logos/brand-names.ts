/**
 * How a name is read to find its brand (shared/domain/logos/brands.ts; the index, scripts/brand-index.ts, is made
 * with it), and where a brand's logo is: what a page may import without the brand index.
 */

/** A name's words as brands are matched: no accents or case, '+' as 'plus', '&' as 'and', other signs as spaces. */
export function brandWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/&/g, ' and ')
    .split(/[^a-z\d]+/)
    .filter(Boolean);
}

/** The key a brand's name is found by: its words run together ('Apple Music' → 'applemusic'). */
export const brandKey = (text: string) => brandWords(text).join('');

/** The site's folder of logos (infra/site-files.ts caches it a day). */
export const SITE_LOGOS_FOLDER = 'logos';

/** Where the site serves a built-in brand's logo (web/brand-logos.ts writes them at the web build). */
export const brandLogoPath = (slug: string) => `/${SITE_LOGOS_FOLDER}/brands/${slug}.svg`;

/** The same tile as a PNG (web/brand-logos.ts), for the places that show no SVG: Discord's and Slack's thumbnails. */
export const brandThumbnailPath = (slug: string) => `/${SITE_LOGOS_FOLDER}/brands/${slug}.png`;
