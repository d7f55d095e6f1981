import { extname } from 'node:path';
import { SITE_LOGOS_FOLDER } from '../shared/domain/logos/brand-names.js';

/**
 * How the site's files are served wherever the site is: CloudFront (cloudfront-site.ts), the LocalStack S3
 * website (scripts/localstack-site.ts) and the local stack. No CDK here: the local stack imports it.
 */

/**
 * Content-Security-Policy of the site: the SPA loads only its own scripts, styles (React and CSS
 * Modules set inline styles), images (avatars, data: and blob: URLs for avatar previews) and API,
 * and posts avatar uploads to the avatars bucket's origin (`uploadOrigin`, infra/avatars.ts) only;
 * nothing may frame it. CloudFront adds `upgrade-insecure-requests` (the site is HTTPS there).
 */
const siteCspDirectives = (uploadOrigin: string) => [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  `connect-src ${["'self'", uploadOrigin].filter(Boolean).join(' ')}`,
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];
export const contentSecurityPolicy = (uploadOrigin: string) => [...siteCspDirectives(uploadOrigin), 'upgrade-insecure-requests'].join('; ');

/** The security headers of CloudFront's response headers policy (cloudfront-site.ts), as the local stack sends them over plain HTTP. */
export const localSiteHeaders = (uploadOrigin: string): Record<string, string> => ({
  'content-security-policy': siteCspDirectives(uploadOrigin).join('; '),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
});

/**
 * Source maps stay with the build (web/dist, for reading a stack trace) and are never published:
 * they would hand out the app's whole source. The build links none (Vite's `sourcemap: 'hidden'`).
 */
export const UNPUBLISHED_SITE_FILES = ['*.map', '**/*.map'];

/** Whether a file of the web build (by its key below the site root) is published. */
export function isPublishedSiteFile(key: string): boolean {
  return !key.endsWith('.map');
}

/**
 * The site's two pages (web/vite.config.ts writes both): the landing page, prerendered, answers `/`;
 * the app shell, whose empty root the SPA renders into, answers every other screen (`/login`,
 * `/dashboard`, `/features`: extension-less paths).
 */
export const SITE_PAGES = { landing: 'index.html', appShell: 'app.html' } as const;

/** The page that answers a screen's path: the prerendered landing page at `/` only, else the app shell. */
export function sitePageOf(pathname: string): string {
  return pathname === '/' ? SITE_PAGES.landing : SITE_PAGES.appShell;
}

export const SITE_CACHE_CONTROL = {
  /** Hashed build output never changes under its name. */
  hashedAssets: 'public, max-age=31536000, immutable',
  /** index.html, config.json, the favicon: revalidated on every load. */
  pages: 'no-cache',
  /**
   * The built-in brand logos (`logos/brands/<slug>.svg`, issue 36 §1): a dashboard shows dozens, so a day without
   * asking again; a new release's logo (a brand's new mark) shows the day after.
   */
  logos: 'public, max-age=86400',
} as const;

/** Cache-Control of a site file by its key below the site root (`assets/index-abc.js`, `index.html`). */
export function cacheControlOf(key: string): string {
  if (key.startsWith('assets/')) return SITE_CACHE_CONTROL.hashedAssets;
  return key.startsWith(`${SITE_LOGOS_FOLDER}/`) ? SITE_CACHE_CONTROL.logos : SITE_CACHE_CONTROL.pages;
}

/** The web app manifest at the site's root (web/public), linked from index.html. */
export const WEB_MANIFEST = 'manifest.webmanifest';

/** Content types of the files a web build holds. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}
