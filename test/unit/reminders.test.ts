import { describe, expect, it } from 'vitest';
import { REMINDER_KINDS, runInstant } from '../../shared/domain/reminders/events.js';

describe('reminder kinds (SPEC §1, §9: 10 and 3 days for all, 1 day for paid tiers)', () => {
  it('has exactly the 10-, 3- and 1-day reminders', () => {
    expect(REMINDER_KINDS.map((k) => k.daysBefore)).toEqual([10, 3, 1]);
  });
});

describe('a run for a date (npm run reminders -- --date)', () => {
  const run = runInstant('2026-11-22');

  it("stands for that date at 08:00 UTC, the daily run's instant before issue 25", () => {
    expect(run.toISOString()).toBe('2026-11-22T08:00:00.000Z');
    expect(runInstant('2026-11-22', 23).toISOString()).toBe('2026-11-22T23:00:00.000Z');
  });
});
