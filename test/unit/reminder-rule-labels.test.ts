import { describe, expect, it } from 'vitest';
import { listText, offsetText, reminderRuleText, startingRules } from '../../shared/domain/reminders/rule-labels.js';

/** Issue 25 §1: rules in sentences a user understands. */
describe('a reminder rule in words', () => {
  const names = new Map([
    ['c1', 'Phone (ntfy)'],
    ['c2', 'Team (Slack)'],
  ]);

  it('names the lead time, the event and the channels', () => {
    expect(reminderRuleText({ event: 'renewal', offset: 3, unit: 'days', channels: ['email', 'c1'] }, names)).toBe(
      '3 days before renewal by E-mail and Phone (ntfy)',
    );
    expect(reminderRuleText({ event: 'trialEnd', offset: 1, unit: 'hours', channels: ['c1', 'c2', 'email'] }, names)).toBe(
      '1 hour before the trial ends by Phone (ntfy), Team (Slack) and E-mail',
    );
    expect(reminderRuleText({ event: 'cancelBy', offset: 2, unit: 'weeks', channels: ['email'] }, names)).toBe(
      '2 weeks before the cancel-by date by E-mail',
    );
  });

  it('says "on the day" for 0 days', () => {
    expect(reminderRuleText({ event: 'end', offset: 0, unit: 'days', channels: ['email'] }, names)).toBe('On the end date by E-mail');
    expect(reminderRuleText({ event: 'renewal', offset: 0, unit: 'days', channels: ['c2'] }, names)).toBe(
      'On the renewal day by Team (Slack)',
    );
  });

  it('leaves out a channel it does not know, and says E-mail when none is left', () => {
    expect(reminderRuleText({ event: 'renewal', offset: 10, unit: 'days', channels: ['gone', 'c1'] }, names)).toBe(
      '10 days before renewal by Phone (ntfy)',
    );
    expect(reminderRuleText({ event: 'renewal', offset: 10, unit: 'days', channels: ['gone'] }, names)).toBe(
      '10 days before renewal by E-mail',
    );
  });

  it('counts in the singular and plural, and lists with "and"', () => {
    expect(offsetText(1, 'weeks')).toBe('1 week');
    expect(offsetText(52, 'weeks')).toBe('52 weeks');
    expect(listText(['A'])).toBe('A');
    expect(listText(['A', 'B', 'C'])).toBe('A, B and C');
  });
});

describe("where a user's own rules start from", () => {
  const rule = (event: 'renewal' | 'trialEnd' | 'cancelBy', offset: number) => ({
    event,
    offset,
    unit: 'days' as const,
    channels: ['email'],
  });

  it("keeps SPEC's renewal reminders and the last one before a trial's end and a cancel-by date: at most 5", () => {
    const defaults = [10, 3, 1].flatMap((offset) => [rule('renewal', offset), rule('trialEnd', offset), rule('cancelBy', offset)]);
    expect(startingRules(defaults)).toEqual([
      rule('renewal', 10),
      rule('renewal', 3),
      rule('renewal', 1),
      rule('trialEnd', 1),
      rule('cancelBy', 1),
    ]);
  });

  it('is empty when every reminder is off', () => {
    expect(startingRules([])).toEqual([]);
  });
});
