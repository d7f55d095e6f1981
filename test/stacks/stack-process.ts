import { type LocalStackOptions, startLocalStack } from '../../local/stack.js';
import type { StackAddresses } from './index.js';

/**
 * One test stack in a process of its own (test/stacks/index.ts forks it: one per API test worker, and the
 * browser tests' admin and announcements stacks): in memory, free ports, the real handlers, with the options the
 * parent gives as JSON in the first argument. A process each, because a stack's functions keep process-wide
 * state — the environment they read, the clock `POST /_local/clock` moves, their module caches — so two stacks
 * in one process would be one. It sends its addresses to the parent over the IPC channel and stops (DynamoDB
 * Local's Java too) when that channel closes: the parent's teardown, or its death.
 */

/** What local/functions.ts sets for the functions, passed on to the files that run one in their own process. */
const FUNCTIONS_ENVIRONMENT =
  /^(AWS_|TABLE_NAME$|AVATARS_|PUBLIC_URL$|SENDER_EMAIL$|SES_CONFIGURATION_SET$|SUPPORT_EMAIL$|JWT_SECRET$|TWO_FACTOR_KEY$|VAPID_KEY$|MEMBERSHIP_SCHEDULER$|REMINDER_|OUTBOUND_ALLOW_LOOPBACK$)/;

const options = JSON.parse(process.argv[2] ?? '{}') as LocalStackOptions;
const starting = startLocalStack({ ...options, port: 0, sesPort: 0, dataDir: ':memory:', quiet: true });

let stopping = false;
/** Stops the stack once (once it has started, if it is still starting; a failed start stopped what it had begun), then exits. */
function stop(): void {
  if (stopping) return;
  stopping = true;
  void starting
    .then((stack) => stack.stop())
    .catch(() => undefined)
    .then(() => process.exit(0));
}
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

try {
  const { stop: _stop, ...addresses } = await starting;
  const functionsEnvironment = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => FUNCTIONS_ENVIRONMENT.test(entry[0]) && entry[1] !== undefined,
    ),
  );
  // A parent gone meanwhile (it stopped on another stack's failure) closed the channel: 'disconnect' stops this one.
  process.send?.({ ready: { ...addresses, functionsEnvironment } satisfies StackAddresses }, undefined, {}, () => undefined);
} catch (error) {
  if (process.send) process.send({ failed: (error as Error).message }, undefined, {}, () => process.exit(1));
  else process.exit(1);
}
