/**
 * The functions' clock: every time of day a function reads (stored instants, expiry times, throttle
 * windows, TOTP steps, token lifetimes, membership ends) comes from here. In the cloud it is the system
 * clock and nothing moves it. The local stack moves it forward for its tests (local/clock.ts,
 * `POST /_local/clock`, from this machine only), so that a TOTP step or a throttle window is advanced,
 * not waited for. Elapsed time within one invocation (a request's latency, the planner's remaining
 * time) stays on the system clock: the clock moves between requests, never within one.
 *
 * Only local/clock.ts calls moveClockForward: no function's bundle contains it (test/infra/bundling.test.ts
 * looks for LOCAL_CLOCK_ONLY in every function bundled with the stack's options), and in a Lambda runtime
 * it throws.
 */

let offsetMs = 0;

/** Milliseconds since the epoch, as Date.now(). */
export const nowMs = (): number => Date.now() + offsetMs;
/** The current instant. */
export const now = (): Date => new Date(nowMs());
/** Whole seconds since the epoch. */
export const nowSeconds = (): number => Math.floor(nowMs() / 1000);

/** What moveClockForward throws outside the local stack (and what the bundle check looks for). */
export const LOCAL_CLOCK_ONLY = 'The functions’ clock moves only in the local stack';

/** Moves the clock forward by `ms` (whole milliseconds, not backwards): the local stack's, never a Lambda function's. */
export function moveClockForward(ms: number): void {
  if (process.env.AWS_LAMBDA_FUNCTION_NAME) throw new Error(LOCAL_CLOCK_ONLY);
  if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError(`The clock moves forward by whole milliseconds, not ${ms}`);
  offsetMs += ms;
}
