import { type ChildProcess, fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildWebSite } from '../../local/web-build.js';
import type { StackAddresses } from './stack-process.js';

/**
 * The API test files run side by side, each on a local stack no other file uses meanwhile
 * (docs/decisions/0107-api-tests-side-by-side.md): one stack per vitest worker, started the first time
 * a file in that worker asks for it, in a process of its own (test/api/stack-process.ts). A worker runs
 * one file at a time, so a stack serves one file at a time, as the single stack did when the files ran
 * one after another: a file that moves the stack's clock, reads the landing counters or the admin lists,
 * or fills a throttle window shares that stack with no file running at the same moment.
 *
 * The workers reach this process through a loopback "lender" (test/api/helpers.ts asks it once per file
 * for the stack of its VITEST_POOL_ID); a run of one file starts one stack.
 */
const STACK_PROCESS = fileURLToPath(new URL('./stack-process.ts', import.meta.url));
/** A guard against a start that hangs: a stack's own failures (DynamoDB Local's 30 s, a port taken) come sooner. */
const START_TIMEOUT_MS = 300_000;

interface StackProcess {
  child: ChildProcess;
  ready: Promise<StackAddresses>;
}

function startStackProcess(): StackProcess {
  const child = fork(STACK_PROCESS, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<StackAddresses>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`A test stack did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
    child.on('message', (message: { ready?: StackAddresses; failed?: string }) => {
      clearTimeout(timer);
      if (message.ready) resolve(message.ready);
      else reject(new Error(`A test stack did not start: ${message.failed}`));
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`A test stack's process ended (${signal ?? `exit code ${code}`}) before it was ready`));
    });
  });
  return { child, ready };
}

function stopStackProcess({ child }: StackProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    // Its stop follows the closed channel: the server, the emulators, DynamoDB Local's Java.
    child.disconnect();
  });
}

export default async function setup(project: TestProject) {
  // The stacks serve web/dist (test/api/web-assets.test.ts): `npm test` built it a step before; built here only if a source changed since.
  if (!buildWebSite(undefined, { whenStale: true })) throw new Error('The web build failed (its error is above): no site to serve.');
  /** The stack of each worker (by VITEST_POOL_ID), and every stack process started, for the teardown. */
  const lent = new Map<string, Promise<StackAddresses>>();
  const started: StackProcess[] = [];
  // One stack starts at a time: on a 2-core machine JVMs starting side by side each take longer than one alone.
  let lastStart: Promise<unknown> = Promise.resolve();
  const stackOf = (worker: string): Promise<StackAddresses> => {
    let ready = lent.get(worker);
    if (!ready) {
      ready = lastStart.then(() => {
        const stack = startStackProcess();
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
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a worker asks for its stack: GET /stacks/<VITEST_POOL_ID> answers its addresses (StackAddresses). */
    stackLender: string;
  }
}
