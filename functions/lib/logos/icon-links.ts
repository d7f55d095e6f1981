/**
 * Where a website says its icons are (issue 36 §3), read from its page and its web app manifest: the pure part
 * of the logo function's search, no network here. Candidates come largest first (a logo is drawn at 36 px, twice
 * that on a dense screen), SVG left out (the logo function takes no SVG from websites: docs/decisions/0139),
 * and `/favicon.ico` last, which every browser asks for when a page declares nothing.
 */

/** A declared icon: its absolute URL and its size in pixels (0 when the page does not say). */
export interface IconLink {
  url: string;
  size: number;
}

/** The icon links a page can declare, and how much each is preferred at equal size. */
const ICON_RELS: Record<string, number> = { 'apple-touch-icon': 2, 'apple-touch-icon-precomposed': 2, icon: 1 };

/** Icons the search tries, at most: a site's few best, then its favicon. */
const ICONS_TRIED = 4;

/** A tag's attributes, names in lower case; values with their character references left as written but `&amp;`. */
function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const pattern = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of tag.matchAll(pattern)) {
    const value = match[2] ?? match[3] ?? match[4] ?? '';
    attributes.set(match[1].toLowerCase(), value.replace(/&amp;/g, '&').trim());
  }
  return attributes;
}

/** The largest side of a `sizes` value ('32x32 64x64' → 64; 'any' and nonsense → 0). */
function sizeOf(sizes: string | undefined): number {
  let largest = 0;
  for (const size of (sizes ?? '').toLowerCase().split(/\s+/)) {
    const match = /^(\d{1,4})x(\d{1,4})$/.exec(size);
    if (match) largest = Math.max(largest, Number(match[1]), Number(match[2]));
  }
  return largest;
}

/** An SVG by its declared type or its file name: not taken. */
const isSvg = (type: string | undefined, url: URL) => /svg/i.test(type ?? '') || /\.svgz?$/i.test(url.pathname);

/** An http(s) URL resolved against the page, or null. */
function absolute(href: string | undefined, base: string): URL | null {
  if (!href) return null;
  try {
    const url = new URL(href, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** Largest first; at equal size an apple-touch-icon (made for a home screen, so full-bleed) before an icon. */
const bySizeThenRel = (a: IconLink & { rank: number }, b: IconLink & { rank: number }) => b.size - a.size || b.rank - a.rank;

/** What a page declares: its icons (largest first, no SVG) and its manifest's URL, if any. */
export function pageIconLinks(html: string, pageUrl: string): { icons: IconLink[]; manifest: string | null } {
  const headEnd = html.search(/<\/head\s*>/i);
  const head = headEnd >= 0 ? html.slice(0, headEnd) : html;
  const baseTag = /<base\b[^>]*>/i.exec(head);
  const base = absolute(baseTag ? attributesOf(baseTag[0]).get('href') : undefined, pageUrl)?.href ?? pageUrl;
  const icons: Array<IconLink & { rank: number }> = [];
  let manifest: string | null = null;
  for (const match of head.matchAll(/<link\b[^>]*>/gi)) {
    const attributes = attributesOf(match[0].slice(5));
    const rels = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
    const url = absolute(attributes.get('href'), base);
    if (!url) continue;
    if (rels.includes('manifest')) {
      manifest ??= url.href;
      continue;
    }
    const rank = Math.max(0, ...rels.map((rel) => ICON_RELS[rel] ?? 0));
    if (rank === 0 || isSvg(attributes.get('type'), url)) continue;
    icons.push({ url: url.href, size: sizeOf(attributes.get('sizes')), rank });
  }
  return { icons: unique(icons.sort(bySizeThenRel)).map(({ url, size }) => ({ url, size })), manifest };
}

/** A web app manifest's icons (largest first, no SVG, 'maskable'-only ones after the rest); none when it is no manifest. */
export function manifestIconLinks(json: string, manifestUrl: string): IconLink[] {
  let manifest: unknown;
  try {
    manifest = JSON.parse(json);
  } catch {
    return [];
  }
  const declared = (manifest as { icons?: unknown })?.icons;
  if (!Array.isArray(declared)) return [];
  const icons: Array<IconLink & { rank: number }> = [];
  for (const icon of declared as Array<Record<string, unknown>>) {
    const url = absolute(typeof icon?.src === 'string' ? icon.src : undefined, manifestUrl);
    if (!url || isSvg(typeof icon.type === 'string' ? icon.type : undefined, url)) continue;
    const purposes = typeof icon.purpose === 'string' ? icon.purpose.split(/\s+/) : ['any'];
    icons.push({
      url: url.href,
      size: sizeOf(typeof icon.sizes === 'string' ? icon.sizes : undefined),
      rank: purposes.includes('any') ? 1 : 0,
    });
  }
  return unique(icons.sort((a, b) => b.rank - a.rank || b.size - a.size)).map(({ url, size }) => ({ url, size }));
}

/** The site's `/favicon.ico`. */
const faviconOf = (siteUrl: string): IconLink => ({ url: new URL('/favicon.ico', siteUrl).href, size: 0 });

/**
 * The icons to try, in turn, at most ICONS_TRIED: the page's, then its manifest's, then `/favicon.ico` (always
 * tried). A declared icon of 16 px or less comes after the favicon, which is usually larger.
 */
export function iconsToTry(page: IconLink[], manifest: IconLink[], siteUrl: string): string[] {
  const declared = [...page, ...manifest];
  const sizable = declared.filter((icon) => icon.size === 0 || icon.size > 16);
  const tiny = declared.filter((icon) => icon.size !== 0 && icon.size <= 16);
  return unique([...unique(sizable).slice(0, ICONS_TRIED - 1), faviconOf(siteUrl), ...tiny])
    .slice(0, ICONS_TRIED)
    .map((icon) => icon.url);
}

function unique<T extends { url: string }>(icons: T[]): T[] {
  const seen = new Set<string>();
  return icons.filter((icon) => !seen.has(icon.url) && seen.add(icon.url));
}
