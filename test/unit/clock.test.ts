import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_CLOCK_ONLY, moveClockForward, now, nowMs, nowSeconds } from '../../functions/lib/chassis/clock.js';

/**
 * The functions' clock (functions/lib/chassis/clock.ts): the system's, unless the local stack moved it
 * forward; never movable in a Lambda runtime (and no function's bundle has the mover at all:
 * test/infra/bundling.test.ts).
 */
describe("the functions' clock", () => {
  afterEach(() => {
    delete process.env.AWS_LAMBDA_FUNCTION_NAME;
  });

  it('reads the system clock, then the system clock plus every move forward', () => {
    const before = Date.now();
    expect(nowMs()).toBeGreaterThanOrEqual(before);
    moveClockForward(90_000);
    // The system clock read before and after each reading of the functions' clock: a millisecond may pass between.
    const systemBefore = Date.now();
    const moved = [nowMs(), now().getTime()];
    const systemAfter = Date.now();
    for (const reading of moved) {
      expect(reading - systemBefore).toBeGreaterThanOrEqual(90_000);
      expect(reading - systemAfter).toBeLessThanOrEqual(90_000);
    }
    const seconds = nowSeconds();
    expect([seconds, seconds + 1]).toContain(Math.floor(nowMs() / 1000));
  });

  it('moves only forward, by whole milliseconds', () => {
    const before = nowMs();
    for (const ms of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => moveClockForward(ms)).toThrow(RangeError);
    expect(nowMs() - before).toBeLessThan(1_000);
  });

  it('cannot be moved in a Lambda runtime', () => {
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'SubscriptionTracker-Auth';
    const before = nowMs();
    expect(() => moveClockForward(60_000)).toThrow(LOCAL_CLOCK_ONLY);
    expect(nowMs() - before).toBeLessThan(1_000);
  });
});
