import { describe, expect, it } from 'vitest';
import {
  COUNT_UP_STEPS,
  type CounterStorage,
  countAt,
  DEFAULT_COUNTERS,
  DEFAULT_LANDING_COUNTERS_MIN_USERS,
  fallbackCounters,
  formatCounter,
  LANDING_COUNTERS_KEY,
  landingStats,
} from '../../shared/domain/landing-counters.js';

/** One browser's storage. */
function memoryStorage(initial: Record<string, string> = {}): CounterStorage {
  const values = new Map(Object.entries(initial));
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

describe('landing counters (SPEC §9)', () => {
  it('start from 1053, 1047 and 1061 and rise by 1 to 10 on each visit, from the values stored in the browser', () => {
    expect(DEFAULT_COUNTERS).toEqual({ totalUsers: 1053, totalSubscriptions: 1047, moneySaved: 1061 });
    const storage = memoryStorage();
    let previous = DEFAULT_COUNTERS;
    for (let visit = 0; visit < 50; visit++) {
      const shown = fallbackCounters(storage);
      for (const name of Object.keys(DEFAULT_COUNTERS) as Array<keyof typeof DEFAULT_COUNTERS>) {
        expect(shown[name] - previous[name]).toBeGreaterThanOrEqual(1);
        expect(shown[name] - previous[name]).toBeLessThanOrEqual(10);
      }
      expect(JSON.parse(storage.getItem(LANDING_COUNTERS_KEY) ?? '')).toEqual(shown);
      previous = shown;
    }
  });

  it('start over from the defaults when what is stored is not a set of counters', () => {
    const shown = fallbackCounters(memoryStorage({ [LANDING_COUNTERS_KEY]: '{"totalUsers":"lots"' }));
    expect(shown.totalUsers).toBeGreaterThan(1053);
    expect(shown.totalUsers).toBeLessThanOrEqual(1063);
  });

  it(`count up in ${COUNT_UP_STEPS} steps and end on the exact value`, () => {
    expect(countAt(1234, 0)).toBe(0);
    expect(countAt(1234, 30)).toBe(617);
    expect(countAt(1234, COUNT_UP_STEPS)).toBe(1234);
    expect(countAt(1234, COUNT_UP_STEPS + 5)).toBe(1234);
  });

  it('show a plus after each figure, and money in whole dollars', () => {
    expect(formatCounter(1053)).toBe('1,053+');
    expect(formatCounter(1061.4, true)).toBe('$1,061+');
  });
});

describe("GET /api/stats's answer (issue 23 #4)", () => {
  const counts = { totalUsers: 100, totalSubscriptions: 240, moneySaved: 55.5 };

  it('gives the figures from the threshold on, and no figures at all below it', () => {
    expect(DEFAULT_LANDING_COUNTERS_MIN_USERS).toBe(100);
    expect(landingStats(counts, 100)).toEqual({ showFigures: true, ...counts });
    expect(landingStats(counts, 0)).toEqual({ showFigures: true, ...counts });
    expect(landingStats(counts, 101)).toEqual({ showFigures: false });
    expect(landingStats({ totalUsers: 1, totalSubscriptions: 0, moneySaved: 0 }, 100)).toEqual({ showFigures: false });
  });
});
