import { describe, expect, it } from 'vitest';
import { channelsInForce, rulesInForce } from '../../shared/domain/reminders/rule-channels.js';

/** Issue 25 §1: a rule keeps working when a channel it names is deleted; with none left it goes out by e-mail. */
describe('the channels a rule goes out on', () => {
  const existing = new Set(['phone', 'desk']);

  it('are the ones named while they exist', () => {
    expect(channelsInForce(['email', 'phone', 'desk'], existing)).toEqual(['email', 'phone', 'desk']);
  });

  it('drop a deleted channel and keep the others', () => {
    expect(channelsInForce(['phone', 'gone'], existing)).toEqual(['phone']);
  });

  it('are the e-mail when every channel named was deleted', () => {
    expect(channelsInForce(['gone'], existing)).toEqual(['email']);
    expect(channelsInForce(['gone', 'also-gone'], new Set())).toEqual(['email']);
  });

  it('apply to every rule, keeping its timing', () => {
    expect(
      rulesInForce(
        [
          { event: 'renewal', offset: 3, unit: 'days', channels: ['gone', 'phone'] },
          { event: 'trialEnd', offset: 12, unit: 'hours', channels: ['gone'] },
        ],
        existing,
      ),
    ).toEqual([
      { event: 'renewal', offset: 3, unit: 'days', channels: ['phone'] },
      { event: 'trialEnd', offset: 12, unit: 'hours', channels: ['email'] },
    ]);
  });
});
