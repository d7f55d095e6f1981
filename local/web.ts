import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { cacheControlOf, contentTypeOf, LOCAL_SITE_HEADERS } from '../infra/site-files.js';
import { sendText } from './answers.js';

/** The web app: the build in web/dist (`npm start`), or Vite's dev server with hot reload (`npm run dev`). */

const ROOT = resolve(import.meta.dirname, '..');
const WEB_DIST = join(ROOT, 'web', 'dist');

function serveFile(res: ServerResponse, file: string, cache: string) {
  res.writeHead(200, {
    'content-type': contentTypeOf(file),
    'content-length': statSync(file).size,
    'cache-control': cache,
    ...LOCAL_SITE_HEADERS,
  });
  createReadStream(file).pipe(res);
}

/** The web build with SPA fallback: extension-less paths get index.html, missing assets 404. */
export function serveWebBuild(req: IncomingMessage, res: ServerResponse, url: URL): void {
  const index = join(WEB_DIST, 'index.html');
  if (!existsSync(index)) {
    sendText(res, 503, 'The web app is not built yet: run `npm run build:web` (npm start does it for you).');
    return;
  }
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    pathname = '/';
  }
  const file = normalize(join(WEB_DIST, pathname));
  if (file.startsWith(WEB_DIST + sep) && existsSync(file) && statSync(file).isFile()) {
    serveFile(res, file, cacheControlOf(pathname.slice(1)));
  } else if (extname(pathname) && req.method === 'GET') {
    sendText(res, 404, 'Not found');
  } else {
    serveFile(res, index, cacheControlOf('index.html'));
  }
}

export type WebServer = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

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
  return (req, res, url) => vite.middlewares(req, res, () => serveWebBuild(req, res, url));
}
