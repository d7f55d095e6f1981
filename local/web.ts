import { createHash } from 'node:crypto';
import { existsSync, type Stats, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { cacheControlOf, contentTypeOf, localSiteHeaders, SITE_PAGES, sitePageOf } from '../infra/site-files.js';
import { sendText } from './answers.js';

/** The web app: the build in web/dist (`npm start`), or Vite's dev server with hot reload (`npm run dev`). */

const ROOT = resolve(import.meta.dirname, '..');
export const WEB_DIST = join(ROOT, 'web', 'dist');

/**
 * The files CloudFront compresses (infra/cloudfront-site.ts: `compress: true` with the CachingOptimized policy,
 * which accepts gzip and brotli): text types, from 1,000 bytes up (DESIGN §1; CloudFront's
 * "Serve compressed files"). Fonts in woff2 and images are compressed already.
 */
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|javascript)|image\/svg\+xml)/;
const MIN_COMPRESSED_BYTES = 1000;

type Encoding = 'br' | 'gzip';

/** One file of the build as it is served: its bytes, compressed once, and its ETag (S3's: the MD5 of the file). */
interface SiteFile {
  mtimeMs: number;
  size: number;
  identity: Buffer;
  etag: string;
  compressible: boolean;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

const files = new Map<string, Promise<SiteFile>>();

async function loadSiteFile(file: string, stats: Stats): Promise<SiteFile> {
  const identity = await readFile(file);
  return {
    mtimeMs: stats.mtimeMs,
    size: stats.size,
    identity,
    etag: `"${createHash('md5').update(identity).digest('hex')}"`,
    compressible: COMPRESSIBLE.test(contentTypeOf(file)) && identity.length >= MIN_COMPRESSED_BYTES,
    encoded: {},
  };
}

/** The file from memory, read again when the build has replaced it. */
function siteFile(file: string): Promise<SiteFile> {
  const stats = statSync(file);
  const cached = files.get(file);
  const fresh = cached?.then((entry) => (entry.mtimeMs === stats.mtimeMs && entry.size === stats.size ? entry : loadSiteFile(file, stats)));
  const entry = fresh ?? loadSiteFile(file, stats);
  files.set(file, entry);
  entry.catch(() => files.delete(file));
  return entry;
}

/**
 * Compressed once per file, off the main thread, at the levels an edge compresses on the fly
 * (brotli 5: 80 KB for the 265 KB entry in ~40 ms, where level 11 takes ~0.9 s for 73 KB; gzip's default 6).
 */
const compressors: Record<Encoding, (bytes: Buffer) => Promise<Buffer>> = {
  br: (bytes) =>
    promisify(brotliCompress)(bytes, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 5,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => promisify(gzip)(bytes),
};

/**
 * The encoding to answer `accept-encoding` with, as CloudFront chooses: brotli when accepted, else
 * gzip, else none. A coding with `q=0` is refused.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [coding, ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (coding && (q === undefined || Number(q) > 0)) accepted.add(coding.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** True when an `If-None-Match` list names `etag` (weak comparison, as for GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/**
 * One build file as CloudFront serves it: compressed when the browser accepts it (brotli before
 * gzip) with `Vary: Accept-Encoding`, the Content-Length of the bytes sent, the S3 ETag (made weak
 * on compressed answers, as CloudFront does), 304 for a matching If-None-Match, and the site's
 * Cache-Control (a year, immutable, for hashed assets).
 */
async function serveFile(req: IncomingMessage, res: ServerResponse, file: string, cache: string, uploadOrigin: string): Promise<void> {
  const site = await siteFile(file);
  const encoding = site.compressible ? negotiateEncoding(req.headers['accept-encoding']) : undefined;
  const etag = encoding ? `W/${site.etag}` : site.etag;
  const headers: Record<string, string | number> = {
    'content-type': contentTypeOf(file),
    'cache-control': cache,
    etag,
    ...(site.compressible ? { vary: 'Accept-Encoding' } : {}),
    ...localSiteHeaders(uploadOrigin),
  };
  if (matches(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  let body = site.identity;
  if (encoding) {
    site.encoded[encoding] ??= compressors[encoding](site.identity);
    body = await site.encoded[encoding];
    headers['content-encoding'] = encoding;
  }
  res.writeHead(200, { ...headers, 'content-length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The web build (`distDir`, web/dist unless a test says otherwise) with SPA fallback, as CloudFront
 * serves it (infra/cloudfront-site.ts): `/` gets the prerendered landing page, other extension-less paths the
 * app shell, missing assets 404; the pages may post avatars to `uploadOrigin`. `npm start` publishes a new build into it file by file, keeping the
 * previous release's assets (web-build.ts), so a second `npm start` never takes files from under this one.
 */
export async function serveWebBuild(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  distDir = WEB_DIST,
  /** The origin the pages post avatar uploads to (CSP connect-src): the app's own, from PUBLIC_URL. */
  uploadOrigin = '',
): Promise<void> {
  if (!existsSync(join(distDir, SITE_PAGES.appShell))) {
    sendText(res, 503, 'The web app is not built yet: run `npm run build:web` (npm start does it for you).');
    return;
  }
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    pathname = '/';
  }
  const file = normalize(join(distDir, pathname));
  if (file.startsWith(distDir + sep) && existsSync(file) && statSync(file).isFile()) {
    await serveFile(req, res, file, cacheControlOf(pathname.slice(1)), uploadOrigin);
  } else if (extname(pathname) && req.method === 'GET') {
    sendText(res, 404, 'Not found');
  } else {
    const page = sitePageOf(pathname);
    await serveFile(req, res, join(distDir, page), cacheControlOf(page), uploadOrigin);
  }
}

export type WebServer = (req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>;

/**
 * The web app as `npm run dev` serves it: Vite's dev server in middleware mode, its hot reload on
 * `server`'s WebSocket upgrades; what Vite does not serve falls back to the build.
 */
export async function viteDevServer(server: Server, stops: Array<() => Promise<void>>): Promise<WebServer> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: join(ROOT, 'web', 'vite.config.ts'),
    server: { middlewareMode: true, hmr: { server } },
    appType: 'spa',
  });
  stops.push(() => vite.close());
  return (req, res, url) => vite.middlewares(req, res, () => void serveWebBuild(req, res, url).catch(() => res.destroy()));
}
