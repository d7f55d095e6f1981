import { LOOPBACK_ADDRESSES, type LocalStack, startLocalStack, TEST_BCRYPT_COST } from '../../local/stack.js';

/**
 * One API test stack in a process of its own (test/api/global-setup.ts starts one per vitest worker): in
 * memory, free ports, the real handlers. A process each, because a stack's functions keep process-wide
 * state — the environment they read, the clock `POST /_local/clock` moves, their module caches — so two
 * stacks in one process would be one. It sends its addresses to the global setup over the IPC channel and
 * stops (DynamoDB Local's Java too) when that channel closes: the global setup's teardown, or its death.
 *
 * The tests sign up hundreds of users from 127.0.0.1, which the per-client-address mail limit does not
 * count; the tests of that limit come from other loopback addresses (test/api/mail-throttle.test.ts).
 */
export type StackAddresses = Omit<LocalStack, 'stop'> & {
  /**
   * The functions' environment as the stack set it in its process (local/functions.ts): a test that runs a
   * handler in its own process (the reminder pipeline, the directory upgrade) starts from it.
   */
  functionsEnvironment: Record<string, string>;
};

/** What local/functions.ts sets for the functions, passed on to the files that run one in their own process. */
const FUNCTIONS_ENVIRONMENT =
  /^(AWS_|TABLE_NAME$|AVATARS_|PUBLIC_URL$|SENDER_EMAIL$|SES_CONFIGURATION_SET$|SUPPORT_EMAIL$|JWT_SECRET$|TWO_FACTOR_KEY$|VAPID_KEY$|MEMBERSHIP_SCHEDULER$|REMINDER_|CHANNELS_ALLOW_LOOPBACK$)/;

const starting = startLocalStack({
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
  process.send?.({ ready: { ...addresses, functionsEnvironment } satisfies StackAddresses });
} catch (error) {
  process.send?.({ failed: (error as Error).message });
  process.exit(1);
}
