import type { LandingCounts, LandingStats } from '../api/stats.js';

/** SPEC §9 'Landing counters': shown only when GET /api/stats fails. */
export const DEFAULT_COUNTERS: LandingCounts = { totalUsers: 1053, totalSubscriptions: 1047, moneySaved: 1061 };
/**
 * Accounts there must be before the landing page shows its counters (LANDING_COUNTERS_MIN_USERS,
 * the operator's to set): below it, '12+ users' would contradict 'Trusted by thousands'.
 */
export const DEFAULT_LANDING_COUNTERS_MIN_USERS = 100;
/** The most the threshold may be: a billion accounts (checked by the stats function's config and the CDK config). */
export const MAX_LANDING_COUNTERS_MIN_USERS = 1_000_000_000;

/** GET /api/stats's answer: the counts when there are at least `minUsers` accounts, else no figures. */
export function landingStats(counts: LandingCounts, minUsers: number): LandingStats {
  return counts.totalUsers >= minUsers ? { showFigures: true, ...counts } : { showFigures: false };
}

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
export function fallbackCounters(storage: CounterStorage | undefined): LandingCounts {
  let stored: Partial<LandingCounts> = {};
  try {
    stored = JSON.parse(storage?.getItem(LANDING_COUNTERS_KEY) ?? '{}') as Partial<LandingCounts>;
  } catch {
    stored = {};
  }
  const next = Object.fromEntries(
    (Object.keys(DEFAULT_COUNTERS) as Array<keyof LandingCounts>).map((name) => {
      const value = Number(stored[name]);
      const base = Number.isFinite(value) && value >= DEFAULT_COUNTERS[name] ? value : DEFAULT_COUNTERS[name];
      return [name, Math.floor(base) + 1 + Math.floor(Math.random() * 10)];
    }),
  ) as unknown as LandingCounts;
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
