import { nowMs } from '../functions/lib/chassis/clock.js';
import type { MembershipSchedules } from '../functions/lib/membership/membership-schedules.js';

/**
 * The membership schedules of the local stack, in this process (DESIGN §1.3): one timer per
 * schedule name (user and instant), created and deleted by name like EventBridge Scheduler's
 * one-time `at()` schedules, and gone once it has fired (ActionAfterCompletion DELETE). When one fires it runs the
 * expiry function's work with `{ userId }`, as the cloud's schedule invokes the function.
 *
 * The instants are the functions' clock's (functions/lib/chassis/clock.ts): when the local stack moves
 * it forward, `fireDue` runs the schedules that fell due, and the others are timed again.
 *
 * Nothing is kept across restarts, and nothing needs to be: every read applies and persists the
 * change that fell due (functions/lib/membership/membership.ts), and the next membership write creates the
 * schedule again (docs/decisions/0034-memberships.md).
 */
export interface PendingSchedule {
  name: string;
  userId: string;
  at: string;
}

export interface InProcessSchedules extends MembershipSchedules {
  /** The schedules waiting to fire, soonest first (GET /_local/membership-schedules). */
  pending(): PendingSchedule[];
  /** Runs the schedules due by the clock now (it moved forward), each to its end, and times the others again. */
  fireDue(): Promise<void>;
  /** Cancels every timer (the stack stops). */
  stop(): void;
}

/** setTimeout's longest delay (about 24.8 days); a later instant is reached in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export function inProcessSchedules(
  nameOf: (userId: string, at: string) => string,
  fire: (userId: string) => Promise<unknown>,
): InProcessSchedules {
  const schedules = new Map<string, PendingSchedule & { timer: NodeJS.Timeout }>();

  const run = (schedule: PendingSchedule) => {
    // Gone before the target runs, so the target may create the user's next schedule.
    schedules.delete(schedule.name);
    return fire(schedule.userId).catch((error) =>
      console.error(JSON.stringify({ level: 'error', msg: 'membership schedule failed', userId: schedule.userId, error: String(error) })),
    );
  };

  const arm = (schedule: PendingSchedule) => {
    const delay = Math.max(0, new Date(schedule.at).getTime() - nowMs());
    const timer = setTimeout(
      () => {
        if (schedules.get(schedule.name)?.timer !== timer) return;
        if (delay > MAX_DELAY_MS) return arm(schedule);
        void run(schedule);
      },
      Math.min(delay, MAX_DELAY_MS),
    );
    timer.unref();
    schedules.set(schedule.name, { ...schedule, timer });
  };

  const clear = (name: string) => {
    const existing = schedules.get(name);
    if (existing) clearTimeout(existing.timer);
    schedules.delete(name);
  };

  return {
    async set(userId, at) {
      if (Number.isNaN(new Date(at).getTime())) throw new Error(`Invalid schedule instant: ${at}`);
      const name = nameOf(userId, at);
      if (!schedules.has(name)) arm({ name, userId, at: new Date(at).toISOString() });
    },
    async clear(userId, at) {
      clear(nameOf(userId, at));
    },
    pending() {
      return [...schedules.values()].map(({ name, userId, at }) => ({ name, userId, at })).sort((a, b) => a.at.localeCompare(b.at));
    },
    async fireDue() {
      const waiting = [...schedules.values()];
      for (const { timer } of waiting) clearTimeout(timer);
      const due = waiting.filter((schedule) => new Date(schedule.at).getTime() <= nowMs());
      for (const schedule of waiting) if (!due.includes(schedule)) arm(schedule);
      await Promise.all(due.map(({ name, userId, at }) => run({ name, userId, at })));
    },
    stop() {
      for (const name of [...schedules.keys()]) clear(name);
    },
  };
}
