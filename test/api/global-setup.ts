import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { LOOPBACK_ADDRESSES, TEST_BCRYPT_COST } from '../../local/stack.js';
import { buildWebSite } from '../../local/web-build.js';
import { startSsoProvider } from '../sso-provider.js';
import { type StackAddresses, type StackProcess, type StackProcessOptions, startStackProcess, stopStackProcess } from '../stacks/index.js';

/**
 * The API test files run side by side, each on a local stack no other file uses meanwhile
 * (docs/decisions/0107-api-tests-side-by-side.md): one stack per vitest worker, started the first time
 * a file in that worker asks for it, in a process of its own (test/stacks/stack-process.ts). A worker runs
 * one file at a time, so a stack serves one file at a time, as the single stack did when the files ran
 * one after another: a file that moves the stack's clock, reads the landing counters or the admin lists,
 * or fills a throttle window shares that stack with no file running at the same moment.
 *
 * The workers reach this process through a loopback "lender" (test/api/helpers.ts asks it once per file
 * for the stack of its VITEST_POOL_ID); a run of one file starts one stack.
 */
/**
 * The API test stacks' options. The tests sign up hundreds of users from 127.0.0.1, which the per-client-address
 * mail limit does not count; the tests of that limit come from other loopback addresses (test/api/mail-throttle.test.ts).
 */
const API_STACK_OPTIONS: StackProcessOptions = {
  hourlyReminders: false,
  throttleExemptAddresses: LOOPBACK_ADDRESSES,
  bcryptCost: TEST_BCRYPT_COST,
  // The counters from the first account, so the counter tests read figures (test/api/stats.test.ts).
  landingCountersMinUsers: 0,
};

export default async function setup(project: TestProject) {
  // The stacks serve web/dist (test/api/web-assets.test.ts): `npm test` built it a step before; built here only if a source changed since.
  if (!buildWebSite(undefined, { whenStale: true })) throw new Error('The web build failed (its error is above): no site to serve.');
  // The single sign-on provider every stack signs in with (issue 38 §2): on loopback, before the first stack.
  const sso = await startSsoProvider();
  /** The stack of each worker (by VITEST_POOL_ID), and every stack process started, for the teardown. */
  const lent = new Map<string, Promise<StackAddresses>>();
  const started: StackProcess[] = [];
  // One stack starts at a time: on a 2-core machine JVMs starting side by side each take longer than one alone.
  let lastStart: Promise<unknown> = Promise.resolve();
  const stackOf = (worker: string): Promise<StackAddresses> => {
    let ready = lent.get(worker);
    if (!ready) {
      ready = lastStart.then(() => {
        const stack = startStackProcess(API_STACK_OPTIONS, { ...process.env, ...sso.env });
        started.push(stack);
        return stack.ready;
      });
      lent.set(worker, ready);
      lastStart = ready.catch(() => undefined);
    }
    return ready;
  };
  // The first worker's stack starts now, while vitest starts its workers and loads their first files: every
  // run has a worker 1 (VITEST_POOL_ID counts from 1), so a run of one file still starts one stack.
  stackOf('1').catch(() => undefined);
  const lender = createServer((req, res) => {
    const worker = /^\/stacks\/([1-9][0-9]{0,3})$/.exec(req.url ?? '')?.[1];
    if (req.method !== 'GET' || !worker) {
      res.writeHead(404).end();
      return;
    }
    stackOf(worker).then(
      (addresses) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(addresses)),
      (error: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(error.message),
    );
  });
  await new Promise<void>((resolve) => lender.listen(0, '127.0.0.1', resolve));
  project.provide('stackLender', `http://127.0.0.1:${(lender.address() as AddressInfo).port}`);
  return async () => {
    lender.close();
    await lastStart;
    await Promise.all(started.map(stopStackProcess));
    await sso.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a worker asks for its stack: GET /stacks/<VITEST_POOL_ID> answers its addresses (StackAddresses). */
    stackLender: string;
  }
}
