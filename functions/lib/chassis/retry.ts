import { createLogger, type Logger } from './log.js';

/**
 * The one retry helper (issue 40 §2, docs/decisions/0109-chassis-floor.md): every write or read
 * the product tries again goes through here, with exponential backoff and full jitter (a random
 * delay up to base·2^(n-1), capped), one attempt cap per kind, and the attempt count in the log.
 */
export const RETRY_POLICIES = {
  /** Keys or items a BatchGet/BatchWrite left unprocessed (throttled): sent again until none is left. */
  unprocessed: { attempts: 8, baseMs: 50, maxMs: 1000 },
  /** A transaction cancelled only because it met another one on an item (the STATS item): nothing was refused. */
  conflict: { attempts: 10, baseMs: 20, maxMs: 500 },
  /** SQS entries a SendMessageBatch did not take. */
  queue: { attempts: 3, baseMs: 100, maxMs: 1000 },
  /** A conditional write refused because the item changed since it was read: read it again and redo the change. */
  changed: { attempts: 4, baseMs: 10, maxMs: 200 },
} as const;

export type RetryKind = keyof typeof RETRY_POLICIES;

/** The wait after failed attempt `attempt` (1-based): full jitter, `random()` in [0, 1). */
export function backoffMs(kind: RetryKind, attempt: number, random: () => number = Math.random): number {
  const { baseMs, maxMs } = RETRY_POLICIES[kind];
  return Math.floor(random() * Math.min(maxMs, baseMs * 2 ** (attempt - 1)));
}

/** Given up: the kind's every attempt failed. */
export class RetriesExhaustedError extends Error {
  constructor(
    readonly kind: RetryKind,
    readonly what: string,
    readonly attempts: number,
    detail = '',
  ) {
    super(`${what}: gave up after ${attempts} attempts (${kind})${detail ? `: ${detail}` : ''}`);
    this.name = 'RetriesExhaustedError';
  }
}

/** Waits between attempts; the unit tests pass one that records instead of sleeping. */
export type Sleep = (ms: number) => Promise<void>;
const sleepFor: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RetryOptions {
  /** Where the retries are logged: the request's logger when there is one. */
  log?: Logger;
  /** The error thrown when the last attempt answered AGAIN (a 409 for a client): a RetriesExhaustedError without it. */
  exhausted?: () => unknown;
  sleep?: Sleep;
  random?: () => number;
}

/** The answer of an attempt that should be tried again (what retryUntil's `attempt` returns to ask for another). */
export const AGAIN: unique symbol = Symbol('again');

/**
 * Runs `attempt` (given its 1-based number) until it answers something other than AGAIN or throws an
 * error `retryOn` does not accept. After the kind's last attempt, the last accepted error is thrown as
 * it is (callers map it to what they answer), or a RetriesExhaustedError when the last attempt answered AGAIN.
 */
export async function retryUntil<T>(
  kind: RetryKind,
  what: string,
  attempt: (attempt: number) => Promise<T | typeof AGAIN>,
  retryOn: (error: unknown) => boolean = () => false,
  options: RetryOptions = {},
): Promise<T> {
  const { attempts } = RETRY_POLICIES[kind];
  const sleep = options.sleep ?? sleepFor;
  const log = options.log ?? createLogger();
  for (let n = 1; ; n++) {
    let failure: unknown = AGAIN;
    try {
      const answer = await attempt(n);
      if (answer !== AGAIN) {
        if (n > 1) log.info('retry succeeded', { kind, what, attempt: n, attempts });
        return answer;
      }
    } catch (error) {
      if (!retryOn(error)) throw error;
      failure = error;
    }
    if (n >= attempts) {
      log.warn('retries exhausted', { kind, what, attempt: n, attempts });
      if (failure === AGAIN) throw options.exhausted ? options.exhausted() : new RetriesExhaustedError(kind, what, n);
      throw failure;
    }
    const delayMs = backoffMs(kind, n, options.random);
    log.info('retrying', { kind, what, attempt: n, attempts, delayMs });
    await sleep(delayMs);
  }
}

/** Runs `run` again while it throws an error `retryOn` accepts (a conflict, a changed item), up to the kind's cap. */
export function retryOnError<T>(
  kind: RetryKind,
  what: string,
  run: (attempt: number) => Promise<T>,
  retryOn: (error: unknown) => boolean,
  options?: RetryOptions,
): Promise<T> {
  return retryUntil(kind, what, run, retryOn, options);
}

/**
 * Sends `entries` and then the leftovers `send` answers (a batch's UnprocessedKeys/Items, SQS's failed
 * entries) until none is left; a RetriesExhaustedError names how many were still left.
 */
export async function retryLeftovers<E>(
  kind: RetryKind,
  what: string,
  entries: E[],
  send: (entries: E[]) => Promise<E[]>,
  options?: RetryOptions,
): Promise<void> {
  let pending = entries;
  if (pending.length === 0) return;
  try {
    await retryUntil(
      kind,
      what,
      async () => {
        pending = await send(pending);
        return pending.length === 0 ? undefined : AGAIN;
      },
      undefined,
      options,
    );
  } catch (error) {
    if (error instanceof RetriesExhaustedError) throw new RetriesExhaustedError(kind, what, error.attempts, `${pending.length} left`);
    throw error;
  }
}
