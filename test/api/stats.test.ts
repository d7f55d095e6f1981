import { describe, expect, it } from 'vitest';
import type { LandingCounts } from '../../shared/api/stats.js';
import type { Subscription } from '../../shared/api/subscription.js';
import { call, landingCounts, PASSWORD, type SignedInUser, signedInUser } from './helpers.js';

/**
 * The landing counters (functions/lib/stats/counters.ts): accounts that exist, subscriptions outside the
 * trash, and the monthly amounts of canceled subscriptions. Each API test file has its stack to
 * itself while it runs (docs/decisions/0107-api-tests-side-by-side.md), so the differences seen here are this file's own.
 */
const stats = landingCounts;

async function expectMoved(before: LandingCounts, moved: Partial<LandingCounts>) {
  const after = await stats();
  expect(after.totalUsers - before.totalUsers).toBe(moved.totalUsers ?? 0);
  expect(after.totalSubscriptions - before.totalSubscriptions).toBe(moved.totalSubscriptions ?? 0);
  expect(after.moneySaved - before.moneySaved).toBeCloseTo(moved.moneySaved ?? 0, 2);
  return after;
}

async function create(user: SignedInUser, fields: Record<string, unknown>): Promise<Subscription> {
  const answer = await call<Subscription>('POST', '/api/subscriptions', {
    token: user.token,
    body: { name: 'Netflix', category: 'streaming', dueDate: '2031-03-01', ...fields },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

const act = async (user: SignedInUser, method: string, path: string, body?: unknown) => {
  const answer = await call(method, path, { token: user.token, body });
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
};

describe('GET /api/stats', () => {
  it('is public and, at or above LANDING_COUNTERS_MIN_USERS accounts, answers showFigures and three numbers', async () => {
    const answer = await call('GET', '/api/stats');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort((a, b) => a.localeCompare(b))).toEqual([
      'moneySaved',
      'showFigures',
      'totalSubscriptions',
      'totalUsers',
    ]);
    expect(answer.body.showFigures).toBe(true);
  });

  it('counts a registration, and subscriptions created, trashed, recovered and deleted for good', async () => {
    let last = await stats();
    const user = await signedInUser();
    last = await expectMoved(last, { totalUsers: 1 });

    const music = await create(user, { name: 'Spotify', amount: 10.99 });
    await create(user, { name: 'Cloud', amount: 120, billingCycle: 'yearly' });
    last = await expectMoved(last, { totalSubscriptions: 2 });

    await act(user, 'DELETE', `/api/subscriptions/${music.id}`);
    last = await expectMoved(last, { totalSubscriptions: -1 });
    await act(user, 'PUT', `/api/subscriptions/${music.id}/recover`);
    last = await expectMoved(last, { totalSubscriptions: 1 });
    await act(user, 'DELETE', `/api/subscriptions/${music.id}`);
    await act(user, 'DELETE', `/api/subscriptions/${music.id}/permanent`);
    await expectMoved(last, { totalSubscriptions: -1 });
  });

  it('adds what a cancellation saves a month, and takes exactly that back when the subscription is active again', async () => {
    const user = await signedInUser();
    const yearly = await create(user, { name: 'Cloud', amount: 120, billingCycle: 'yearly' });
    let last = await stats();

    await act(user, 'PUT', `/api/subscriptions/${yearly.id}/cancel`);
    last = await expectMoved(last, { moneySaved: 10 });
    // A canceled subscription's new amount changes nothing until it is active again...
    await act(user, 'PUT', `/api/subscriptions/${yearly.id}`, {
      name: 'Cloud',
      amount: 240,
      billingCycle: 'yearly',
      category: 'cloud',
      dueDate: '2031-03-01',
    });
    last = await expectMoved(last, {});
    // ...and reactivating takes back what the cancellation added.
    await act(user, 'PUT', `/api/subscriptions/${yearly.id}/reactivate`);
    last = await expectMoved(last, { moneySaved: -10 });

    await act(user, 'PUT', `/api/subscriptions/${yearly.id}/cancel`);
    last = await expectMoved(last, { moneySaved: 20 });
    // Trashing a canceled subscription keeps what was saved; recovering it makes it active again.
    await act(user, 'DELETE', `/api/subscriptions/${yearly.id}`);
    last = await expectMoved(last, { totalSubscriptions: -1 });
    await act(user, 'PUT', `/api/subscriptions/${yearly.id}/recover`);
    await expectMoved(last, { totalSubscriptions: 1, moneySaved: -20 });
  });

  it('takes a deleted account and its subscriptions outside the trash off the counts, and keeps what they saved', async () => {
    const user = await signedInUser();
    const weekly = await create(user, { name: 'Gym', amount: 5, billingCycle: 'weekly' });
    await create(user, { name: 'News', amount: 4 });
    const trashed = await create(user, { name: 'Old', amount: 1 });
    await act(user, 'DELETE', `/api/subscriptions/${trashed.id}`);
    await act(user, 'PUT', `/api/subscriptions/${weekly.id}/cancel`);
    const last = await stats();

    const deleted = await call('DELETE', '/api/auth/account', { token: user.token, body: { password: PASSWORD } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await expectMoved(last, { totalUsers: -1, totalSubscriptions: -2 });
  });
});
