import { LOOPBACK_ADDRESSES, startLocalStack, TEST_BCRYPT_COST } from '../../local/stack.js';
import { buildWebSite } from '../../local/web-build.js';
import { CROSS_ORIGIN_API } from '../../shared/api/index.js';
import { startSsoProvider } from '../sso-provider.js';
import { type StackAddresses, type StackProcessOptions, startStackProcess, stopStackProcess } from '../stacks/index.js';
import { startS3Website } from './s3-website';
import { type E2EStack, type E2EStacks, STACKS_VARIABLE } from './stacks';

/** What every browser test stack is started with. */
const BROWSER_STACK_OPTIONS: StackProcessOptions = {
  // The browser tests sign up many users from this machine (test/api/global-setup.ts).
  throttleExemptAddresses: LOOPBACK_ADDRESSES,
  bcryptCost: TEST_BCRYPT_COST,
  // Never reached: the landing page is a new install's, whatever the tests sign up (public-site.spec.ts).
  landingCountersMinUsers: 1_000_000_000,
};

const addressesOf = (stack: Omit<StackAddresses, 'functionsEnvironment'>): E2EStack => ({
  url: stack.url,
  mailboxUrl: stack.mailboxUrl,
  tableName: stack.tableName,
  dynamoEndpoint: stack.dynamoEndpoint,
});

/**
 * Serves web/dist, built again only when a source changed since its build (`npm test` built it a
 * step before: local/web-build.ts compares the hash of the sources), and starts the browser tests' local
 * stacks, in memory, on free ports (docs/decisions/0130-browser-specs-on-stacks-of-their-own.md, 0133):
 * - the main one, in this process, for every spec but admin.spec.ts and announcements.spec.ts. It also serves
 *   the API as the LocalStack deployment does (a REST API stage, CORS for the site's origin), and the build is
 *   served a second time as that deployment's S3 website, with the REST API's URL as its `apiBaseUrl`;
 * - the staff stack, in a process of its own (test/stacks), as a stack's functions keep process-wide state, for
 *   admin.spec.ts and then announcements.spec.ts, one file at a time: the admin console counts and pages
 *   through every user, and announcements are shown to every user, so those specs share a stack no other spec
 *   writes to.
 * The tests find them through E2E_STACKS (stacks.ts).
 */
export default async function globalSetup() {
  if (!buildWebSite(undefined, { whenStale: true })) throw new Error('The web build failed (its error is above): no site to test.');
  // The forked stack starts from the shell's environment, not the one the main stack sets for its functions here.
  const shellEnvironment = { ...process.env };
  // The single sign-on provider (issue 38 §2) the main stack signs in with, on loopback, in this process.
  const sso = await startSsoProvider();
  Object.assign(process.env, sso.env);
  const website = await startS3Website();
  const main = await startLocalStack({
    ...BROWSER_STACK_OPTIONS,
    port: 0,
    sesPort: 0,
    dataDir: ':memory:',
    quiet: true,
    restApi: { siteOrigin: website.url },
  }).catch(async (error: unknown) => {
    await website.stop();
    throw error;
  });
  website.publishConfig({ apiBaseUrl: `${main.url}/${CROSS_ORIGIN_API.restApiStage}` });
  const stopMain = async () => {
    await website.stop();
    await main.stop();
    await sso.stop();
  };
  // Then the staff stack (the main stack first: two DynamoDB Local JVMs starting at once take longer than one
  // and then the other, decision 0130).
  const staffStack = startStackProcess(BROWSER_STACK_OPTIONS, shellEnvironment);
  const stopAll = () => Promise.all([stopMain(), stopStackProcess(staffStack)]);
  try {
    const stacks: E2EStacks = {
      main: { ...addressesOf(main), siteUrl: website.url },
      staff: addressesOf(await staffStack.ready),
    };
    process.env[STACKS_VARIABLE] = JSON.stringify(stacks);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return async () => {
    await stopAll();
  };
}
