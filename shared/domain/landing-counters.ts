import type { LandingStats } from '../api/stats.js';

/** SPEC §9 'Landing counters': shown only when GET /api/stats fails. */
export const DEFAULT_COUNTERS: LandingStats = { totalUsers: 1053, totalSubscriptions: 1047, moneySaved: 1061 };
/** The animation: 2000 ms in 60 steps (SPEC §9). */
export const COUNT_UP_MS = 2000;
export const COUNT_UP_STEPS = 60;

/** The browser's local storage key of the counters last shown (with the keys SPEC §3 lists). */
export const LANDING_COUNTERS_KEY = 'landing-counters';

/** What of the browser's Storage the fallback uses. */
export interface CounterStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * SPEC §9's stored-default behaviour, for when the real counts cannot be loaded: the values stored in
 * this browser (the defaults the first time), each raised by a random 1 to 10 on every visit.
 */
export function fallbackCounters(storage: CounterStorage | undefined): LandingStats {
  let stored: Partial<LandingStats> = {};
  try {
    stored = JSON.parse(storage?.getItem(LANDING_COUNTERS_KEY) ?? '{}') as Partial<LandingStats>;
  } catch {
    stored = {};
  }
  const next = Object.fromEntries(
    (Object.keys(DEFAULT_COUNTERS) as Array<keyof LandingStats>).map((name) => {
      const value = Number(stored[name]);
      const base = Number.isFinite(value) && value >= DEFAULT_COUNTERS[name] ? value : DEFAULT_COUNTERS[name];
      return [name, Math.floor(base) + 1 + Math.floor(Math.random() * 10)];
    }),
  ) as unknown as LandingStats;
  try {
    storage?.setItem(LANDING_COUNTERS_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the counters still show.
  }
  return next;
}

/** The value shown at `step` of COUNT_UP_STEPS on the way to `end`. */
export const countAt = (end: number, step: number) => Math.round((end * Math.min(step, COUNT_UP_STEPS)) / COUNT_UP_STEPS);

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** '1,053+' and, for money, '$1,061+'. */
export const formatCounter = (value: number, money = false) => `${money ? '$' : ''}${whole.format(value)}+`;
