import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentTypeOf, SITE_PAGES } from '../../infra/site-files.js';
import { SITE_CONFIG_FILE, type SiteConfig } from '../../shared/api/contract.js';

/**
 * The site as the LocalStack deployment serves it (DESIGN §1, infra/localstack-site.ts): an S3
 * static website on its own origin — the web build's files, the prerendered landing page as the index
 * document and the app shell as the error document (so a deep link such as /dashboard answers 404 with
 * the app shell, as S3 does), and
 * the `config.json` that scripts/deploy-local.ts uploads, pointing the SPA at the REST API.
 */
const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface S3Website {
  /** `http://localhost:<port>`: the site's origin, not the API's. */
  url: string;
  /** Sets the published `config.json` (the API's URL is known only once the stack runs). */
  publishConfig(config: SiteConfig): void;
  stop(): Promise<void>;
}

export async function startS3Website(): Promise<S3Website> {
  let configJson = '';
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://site').pathname);
    if (pathname === `/${SITE_CONFIG_FILE}` && configJson) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(configJson);
      return;
    }
    const file = normalize(join(WEB_DIST, pathname === '/' ? SITE_PAGES.landing : pathname));
    const found = file.startsWith(WEB_DIST + sep) && existsSync(file) && statSync(file).isFile();
    const served = found ? file : join(WEB_DIST, SITE_PAGES.appShell);
    res.writeHead(found ? 200 : 404, { 'content-type': contentTypeOf(served) });
    createReadStream(served).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    publishConfig(config) {
      configJson = JSON.stringify(config);
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
