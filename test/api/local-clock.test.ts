import { describe, expect, it } from 'vitest';
import { MAX_CLOCK_MOVE_MS } from '../../local/clock.js';
import { call, moveStackClock, signedInUser, stackClock } from './helpers.js';

/**
 * The local stack's clock (local/clock.ts, functions/lib/chassis/clock.ts): the time the functions
 * read, which the tests move forward instead of waiting. The files that ran before on the same stack
 * moved it too: it only moves forward, and no test assumes where it stands.
 */
describe("the local stack's clock", () => {
  it('reads the functions’ time: never behind the system’s', async () => {
    const before = Date.now();
    const answer = await call('GET', '/_local/clock');
    expect(answer.status).toBe(200);
    expect(answer.body.nowMs).toBeGreaterThanOrEqual(before);
    expect(new Date(answer.body.now).getTime()).toBe(answer.body.nowMs);
  });

  it('moves forward by the milliseconds asked, and the functions’ instants follow it', async () => {
    const user = await signedInUser();
    const created = await call('POST', '/api/subscriptions', {
      token: user.token,
      body: { name: 'Clock', amount: 1, category: 'music', dueDate: '2031-01-15' },
    });
    expect(created.status).toBe(201);
    const before = await stackClock();
    // Ahead of the system's clock by more than the test can take: the instant below is the moved clock's.
    const moved = await moveStackClock(120_000);
    expect(moved - before).toBeGreaterThanOrEqual(120_000);
    const deleted = await call('DELETE', `/api/subscriptions/${created.body.id}`, { token: user.token });
    expect(deleted.status).toBe(200);
    const deletedAt = Date.parse(deleted.body.deletedAt as string);
    expect(deletedAt).toBeGreaterThanOrEqual(moved);
    expect(deletedAt).toBeLessThanOrEqual(await stackClock());
  });

  it('refuses a move that is not a whole number of milliseconds from 0 to a day, and does not move', async () => {
    const message = `ms must be a whole number of milliseconds from 0 to ${MAX_CLOCK_MOVE_MS}`;
    for (const query of ['', '?ms=', '?ms=-1', '?ms=1.5', '?ms=soon', `?ms=${MAX_CLOCK_MOVE_MS + 1}`]) {
      const before = await stackClock();
      expect(await call('POST', `/_local/clock${query}`), query).toMatchObject({ status: 400, body: { message } });
      expect((await stackClock()) - before, query).toBeLessThan(1_000);
    }
  });
});
