import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LocalStack, LocalStackOptions } from '../../local/stack.js';

/**
 * Test stacks in processes of their own (test/stacks/stack-process.ts): the API tests' (one per vitest worker,
 * test/api/global-setup.ts) and the browser tests' admin and announcements stacks (test/e2e/global-setup.ts).
 * Each is in memory, on free ports, with the real handlers; the caller gives the rest of its options.
 */
export type StackAddresses = Omit<LocalStack, 'stop'> & {
  /**
   * The functions' environment as the stack set it in its process (local/functions.ts): a test that runs a
   * handler in its own process (the reminder pipeline, the directory upgrade) starts from it.
   */
  functionsEnvironment: Record<string, string>;
};

/** What a stack process takes: its options but the ports, the data folder and the logs (free ports, in memory, quiet). */
export type StackProcessOptions = Omit<LocalStackOptions, 'port' | 'sesPort' | 'dataDir' | 'quiet' | 'host' | 'dev'>;

const STACK_PROCESS = fileURLToPath(new URL('./stack-process.ts', import.meta.url));
/** A guard against a start that hangs: a stack's own failures (DynamoDB Local's 30 s, a port taken) come sooner. */
const START_TIMEOUT_MS = 300_000;

export interface StackProcess {
  child: ChildProcess;
  /** Its addresses once it listens; rejected when it fails to start or its process ends first. */
  ready: Promise<StackAddresses>;
}

/**
 * Forks a stack process. `env` is the environment it starts from (this process's unless given): a caller that
 * runs a stack of its own in its process passes the environment from before that stack set the functions' (their
 * PUBLIC_URL, TABLE_NAME…), which the forked stack would otherwise take for the shell's.
 */
export function startStackProcess(options: StackProcessOptions, env: NodeJS.ProcessEnv = process.env): StackProcess {
  const child = fork(STACK_PROCESS, [JSON.stringify(options)], {
    execArgv: ['--import', 'tsx'],
    env: { ...env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
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

/** Stops a stack process: its server, the emulators and DynamoDB Local's Java, killed after 15 s. */
export function stopStackProcess({ child }: StackProcess): Promise<void> {
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
