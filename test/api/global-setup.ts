import type { TestProject } from 'vitest/node';
import { LOOPBACK_ADDRESSES, startLocalStack, TEST_BCRYPT_COST } from '../../local/stack.js';
import { buildWebSite } from '../../local/web-build.js';

/**
 * One embedded local stack for the API tests: in memory, free ports, the real handlers. The tests
 * sign up hundreds of users from 127.0.0.1, which the per-client-address mail limit does not count;
 * the tests of that limit come from other loopback addresses (test/api/mail-throttle.test.ts).
 */
export default async function setup(project: TestProject) {
  // The stack serves web/dist (test/api/web-assets.test.ts): `npm test` built it a step before; built here only if a source changed since.
  if (!buildWebSite(undefined, { whenStale: true })) throw new Error('The web build failed (its error is above): no site to serve.');
  const stack = await startLocalStack({
    port: 0,
    sesPort: 0,
    dataDir: ':memory:',
    quiet: true,
    hourlyReminders: false,
    throttleExemptAddresses: LOOPBACK_ADDRESSES,
    bcryptCost: TEST_BCRYPT_COST,
    // The counters from the first account, so the counter tests read figures (test/api/stats.test.ts).
    landingCountersMinUsers: 0,
  });
  project.provide('apiUrl', stack.url);
  project.provide('mailboxUrl', stack.mailboxUrl);
  project.provide('dynamoEndpoint', stack.dynamoEndpoint);
  project.provide('tableName', stack.tableName);
  project.provide('s3Endpoint', stack.s3Endpoint);
  project.provide('avatarUploadUrl', stack.avatarUploadUrl);
  return () => stack.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    mailboxUrl: string;
    dynamoEndpoint: string;
    tableName: string;
    s3Endpoint: string;
    avatarUploadUrl: string;
  }
}
