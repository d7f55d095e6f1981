import { moveClockForward, nowMs } from '../functions/lib/chassis/clock.js';

/**
 * The local stack's side of the functions' clock (functions/lib/chassis/clock.ts): `GET /_local/clock`
 * reads it, `POST /_local/clock?ms=N` moves it N milliseconds forward, and the membership schedules
 * that fell due run before the answer (as EventBridge Scheduler would have run them meanwhile). The
 * tests advance a TOTP step or a throttle window this way instead of waiting for it. Only for this
 * machine, like every `/_local/` route, and never deployed: the cloud's clock is the system's.
 */

/** The longest move at once: a day (a throttle window is an hour at most, a TOTP step 30 s). */
export const MAX_CLOCK_MOVE_MS = 24 * 60 * 60 * 1000;

export interface ClockReading {
  /** The functions' time, ISO 8601. */
  now: string;
  /** The same in milliseconds since the epoch. */
  nowMs: number;
}

export const readClock = (): ClockReading => {
  const ms = nowMs();
  return { now: new Date(ms).toISOString(), nowMs: ms };
};

/** Moves the functions' clock forward by `ms`, then runs what fell due (`fireDue`); answers the new time. */
export async function moveLocalClock(ms: number, fireDue: () => Promise<void>): Promise<ClockReading> {
  moveClockForward(ms);
  await fireDue();
  return readClock();
}
