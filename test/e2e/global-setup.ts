import { LOOPBACK_ADDRESSES, startLocalStack, TEST_BCRYPT_COST } from '../../local/stack.js';
import { buildWebSite } from '../../local/web-build.js';
import { CROSS_ORIGIN_API } from '../../shared/api/index.js';
import { startS3Website } from './s3-website';

/**
 * Serves web/dist, built again only when a source changed since its build (`npm test` built it a
 * step before: local/web-build.ts compares the hash of the sources), and starts one embedded local stack for the browser
 * tests: in memory, on free ports. The tests find it through E2E_BASE_URL and E2E_MAILBOX_URL.
 * The same stack also serves the API as the LocalStack deployment does (a REST API stage, CORS for
 * the site's origin), and the build is served a second time as that deployment's S3 website, at
 * E2E_SITE_URL, with the REST API's URL as its `apiBaseUrl`.
 */
export default async function globalSetup() {
  if (!buildWebSite(undefined, { whenStale: true })) throw new Error('The web build failed (its error is above): no site to test.');
  const website = await startS3Website();
  const stack = await startLocalStack({
    port: 0,
    sesPort: 0,
    dataDir: ':memory:',
    quiet: true,
    restApi: { siteOrigin: website.url },
    // The browser tests sign up many users from this machine (test/api/global-setup.ts).
    throttleExemptAddresses: LOOPBACK_ADDRESSES,
    bcryptCost: TEST_BCRYPT_COST,
    // Never reached: the landing page is a new install's, whatever the tests sign up (public-site.spec.ts).
    landingCountersMinUsers: 1_000_000_000,
  });
  website.publishConfig({ apiBaseUrl: `${stack.url}/${CROSS_ORIGIN_API.restApiStage}` });
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_MAILBOX_URL = stack.mailboxUrl;
  process.env.E2E_SITE_URL = website.url;
  return async () => {
    await website.stop();
    await stack.stop();
  };
}
