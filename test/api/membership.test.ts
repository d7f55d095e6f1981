import { beforeAll, describe, expect, it } from 'vitest';
import { membershipMessages } from '../../shared/api/membership.js';
import { tierChangedMessage } from '../../shared/domain/membership.js';
import {
  apiUrl,
  call,
  getItem,
  mailsTo,
  me,
  moveStackClock,
  ownerSession,
  PASSWORD,
  type SignedInUser,
  setAttributes,
  signedInUser,
  stackClock,
} from './helpers.js';

/**
 * Paid memberships on the local stack (SPEC §4 'Paid-tier subscription', §6, §7, §8, §9; issue 9
 * 'Paid memberships'): the admin routes, the member's tier actions, expiry by read and by the
 * in-process one-time schedules, the counters, and the 1-day reminder following the effective tier.
 */
const DAY = 86_400_000;

let owner: string;
let developer: SignedInUser;

const grant = (token: string, body: Record<string, unknown>) => call('POST', '/api/admin/membership/grant', { token, body });
const extend = (token: string, body: Record<string, unknown>) => call('POST', '/api/admin/membership/extend', { token, body });
const tier = (user: SignedInUser, action: string) => call('PUT', '/api/auth/tier', { token: user.token, body: { action } });
const stored = async (userId: string) => (await getItem(`USER#${userId}`, 'PROFILE')) as Record<string, any>;
const stats = async () => (await call('GET', '/api/admin/membership/stats', { token: owner })).body as Record<string, number>;

async function schedules(): Promise<Array<{ name: string; userId: string; at: string }>> {
  const response = await fetch(`${apiUrl()}/_local/membership-schedules`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { schedules: Array<{ name: string; userId: string; at: string }> }).schedules;
}
/** The instants the user's schedules fire at, soonest first. */
const scheduledAt = async (userId: string) => (await schedules()).filter((s) => s.userId === userId).map((s) => s.at);

async function granted(tierName: 'vip' | 'premium', days: number | null): Promise<SignedInUser> {
  const user = await signedInUser();
  const answer = await grant(owner, {
    userId: user.id,
    subscriptionType: tierName,
    ...(days === null ? { isForever: true } : { duration: days }),
  });
  expect(answer.status).toBe(200);
  return user;
}

beforeAll(async () => {
  owner = await ownerSession();
  developer = await signedInUser('developer');
});

describe('admin routes: who may call them (SPEC §6; DESIGN §5 admin = owner or developer)', () => {
  const adminCalls = [
    ['POST', '/api/admin/membership/grant', { userId: 'x', subscriptionType: 'vip', duration: 7 }],
    ['POST', '/api/admin/membership/extend', { userId: 'x', additionalDays: 7 }],
    ['GET', '/api/admin/membership/stats', undefined],
  ] as const;

  it('answers 401 when signed out', async () => {
    for (const [method, path, body] of adminCalls) expect((await call(method, path, { body })).status).toBe(401);
  });

  it('answers 403 to members, vip and premium', async () => {
    const users = [await signedInUser(), await granted('vip', 30), await granted('premium', 30)];
    for (const user of users) {
      for (const [method, path, body] of adminCalls) expect((await call(method, path, { token: user.token, body })).status).toBe(403);
    }
  });

  it('lets the developer and the owner in', async () => {
    for (const token of [owner, developer.token]) {
      expect((await call('GET', '/api/admin/membership/stats', { token })).status).toBe(200);
      const target = await signedInUser();
      expect((await grant(token, { userId: target.id, subscriptionType: 'vip', duration: 7 })).status).toBe(200);
      expect((await extend(token, { userId: target.id, additionalDays: 1 })).status).toBe(200);
    }
  });

  it("lets only an owner change a staff account's membership, and nobody their own (decision 0104)", async () => {
    const ownerId = (await me(owner)).body.id as string;
    const other = await signedInUser('owner');
    const refused = await grant(developer.token, { userId: other.id, subscriptionType: 'premium', duration: 7 });
    expect(refused).toMatchObject({ status: 403, body: { message: membershipMessages.ownerOnly } });
    const own = await grant(owner, { userId: ownerId, subscriptionType: 'premium', isForever: true });
    expect(own).toMatchObject({ status: 403, body: { message: membershipMessages.ownMembership } });
    const granted = await grant(owner, { userId: other.id, subscriptionType: 'premium', isForever: true });
    expect(granted.status).toBe(200);
    expect(granted.body.user).toMatchObject({ role: 'owner', subscriptionType: 'premium', isForever: true });
  });
});

describe('grant (SPEC §3 membership grant, §8 success text)', () => {
  it('grants vip for 30 days: me shows vip, the end 30 days on, no auto-renew', async () => {
    const user = await signedInUser();
    const before = await stackClock();
    const answer = await grant(owner, { userId: user.id, subscriptionType: 'vip', duration: 30 });
    expect(answer).toMatchObject({ status: 200, body: { message: 'Membership granted successfully!' } });
    const mine = (await me(user.token)).body;
    expect(mine).toMatchObject({ role: 'vip', subscriptionType: 'vip', isForever: false, autoRenew: false, pendingDowngrade: false });
    const end = new Date(mine.subscriptionEnd).getTime();
    expect(end).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(end).toBeLessThanOrEqual((await stackClock()) + 30 * DAY);
  });

  it('grants forever: no end', async () => {
    const user = await granted('premium', null);
    expect((await me(user.token)).body).toMatchObject({
      role: 'premium',
      subscriptionType: 'premium',
      isForever: true,
      subscriptionEnd: null,
    });
  });

  it('refuses bad input with 4xx and the messages, writing nothing', async () => {
    const user = await signedInUser();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ userId: user.id, subscriptionType: 'gold', duration: 7 }, 400, membershipMessages.invalidTier],
      [{ userId: user.id, subscriptionType: 'vip' }, 400, membershipMessages.invalidDays],
      [{ userId: user.id, subscriptionType: 'vip', duration: 0 }, 400, membershipMessages.invalidDays],
      [{ userId: user.id, subscriptionType: 'vip', duration: 'ten' }, 400, membershipMessages.invalidDays],
      [{ userId: user.id, subscriptionType: 'vip', duration: 1.5 }, 400, membershipMessages.invalidDays],
      [{ userId: 'no-such-user', subscriptionType: 'vip', duration: 7 }, 400, membershipMessages.userNotFound],
      [{ userId: crypto.randomUUID(), subscriptionType: 'vip', duration: 7 }, 404, membershipMessages.userNotFound],
    ];
    for (const [body, status, message] of cases) expect(await grant(owner, body)).toMatchObject({ status, body: { message } });
    expect((await me(user.token)).body).toMatchObject({ role: 'member', subscriptionType: null });
  });
});

describe('extend (SPEC §6: a non-forever subscription only)', () => {
  it('adds the days to the end', async () => {
    const user = await granted('vip', 30);
    const end = new Date((await me(user.token)).body.subscriptionEnd).getTime();
    const answer = await extend(owner, { userId: user.id, additionalDays: 7, reason: 'Goodwill' });
    expect(answer).toMatchObject({ status: 200, body: { message: 'Subscription extended successfully!' } });
    expect(new Date(answer.body.user.subscriptionEnd).getTime()).toBe(end + 7 * DAY);
  });

  it('refuses forever memberships and members', async () => {
    const forever = await granted('vip', null);
    const member = await signedInUser();
    for (const user of [forever, member]) {
      expect(await extend(owner, { userId: user.id, additionalDays: 7 })).toMatchObject({
        status: 400,
        body: { message: membershipMessages.noEndToExtend },
      });
    }
  });

  it("refuses invalid days with 'Please enter a valid number of days'", async () => {
    const user = await granted('vip', 30);
    for (const additionalDays of [0, -3, 'abc', 2.5, null]) {
      expect(await extend(owner, { userId: user.id, additionalDays })).toMatchObject({
        status: 400,
        body: { message: 'Please enter a valid number of days' },
      });
    }
  });
});

describe('tier actions (SPEC §4 PUT /auth/tier)', () => {
  it('refuses members with 400', async () => {
    const member = await signedInUser();
    for (const action of ['cancel', 'resubscribe', 'downgrade-to-vip']) {
      expect(await tier(member, action)).toMatchObject({ status: 400, body: { message: membershipMessages.noMembership } });
    }
    expect(await tier(member, 'upgrade')).toMatchObject({ status: 400, body: { message: membershipMessages.invalidAction } });
  });

  it('resubscribe turns auto-renew on, cancel turns it off, each with SPEC text; access and end stay', async () => {
    const user = await granted('vip', 30);
    const end = (await me(user.token)).body.subscriptionEnd;
    const resubscribed = await tier(user, 'resubscribe');
    expect(resubscribed).toMatchObject({ status: 200, body: { message: tierChangedMessage('resubscribe') } });
    expect(resubscribed.body.user).toMatchObject({ role: 'vip', autoRenew: true, subscriptionEnd: end });
    expect(await tier(user, 'resubscribe')).toMatchObject({ status: 400, body: { message: membershipMessages.alreadyRenewing } });
    const canceled = await tier(user, 'cancel');
    expect(canceled).toMatchObject({
      status: 200,
      body: { message: 'Subscription cancellation successful! You will retain access until your subscription expires.' },
    });
    expect(canceled.body.user).toMatchObject({ role: 'vip', autoRenew: false, subscriptionEnd: end });
    expect(await tier(user, 'cancel')).toMatchObject({ status: 400, body: { message: membershipMessages.alreadyCanceled } });
  });

  it('downgrade keeps premium and marks the switch to vip; vip cannot downgrade', async () => {
    const premium = await granted('premium', 30);
    const downgraded = await tier(premium, 'downgrade-to-vip');
    expect(downgraded).toMatchObject({ status: 200, body: { message: tierChangedMessage('downgrade-to-vip') } });
    expect(downgraded.body.user).toMatchObject({ role: 'premium', pendingDowngrade: true, autoRenew: true });
    const vip = await granted('vip', 30);
    expect(await tier(vip, 'downgrade-to-vip')).toMatchObject({ status: 400, body: { message: membershipMessages.premiumOnly } });
  });

  it('refuses forever memberships', async () => {
    const user = await granted('premium', null);
    expect(await tier(user, 'cancel')).toMatchObject({ status: 400, body: { message: membershipMessages.forever } });
  });

  it('applies one of two concurrent changes from the same state; the other is refused from the new state', async () => {
    const user = await granted('vip', 30);
    await tier(user, 'resubscribe');
    const answers = await Promise.all([tier(user, 'cancel'), tier(user, 'cancel')]);
    expect(answers.map((a) => a.status).sort((a, b) => a - b)).toEqual([200, 400]);
    expect((await stored(user.id)).autoRenew).toBe(false);
  });
});

describe('expiry by read: a term that ended never leaves paid access open', () => {
  it('makes a canceled term a member, persisted with the counters', async () => {
    const user = await granted('vip', 30);
    const before = await stats();
    await setAttributes(`USER#${user.id}`, 'PROFILE', { subscriptionEnd: new Date(Date.now() - 60_000).toISOString() });
    expect((await me(user.token)).body).toMatchObject({ role: 'member', subscriptionType: null, subscriptionEnd: null, autoRenew: false });
    expect(await stored(user.id)).toMatchObject({ role: 'member', subscriptionType: null });
    expect((await stats()).vip).toBe(before.vip - 1);
  });
});

describe('no renewal without a payment: a membership ends at its end whatever auto-renew says (issue 21 §2)', () => {
  /** Moves the stored end a minute into the past: the term's days have passed (no read in between). */
  const endHasPassed = (userId: string) =>
    setAttributes(`USER#${userId}`, 'PROFILE', { subscriptionEnd: new Date(Date.now() - 60_000).toISOString() });

  it('a 7-day Premium grant, resubscribed, keeps its end and its schedule, and ends there: the user is a member', async () => {
    const user = await granted('premium', 7);
    const end = (await me(user.token)).body.subscriptionEnd as string;
    const resubscribed = await tier(user, 'resubscribe');
    expect(resubscribed.body.user).toMatchObject({ role: 'premium', autoRenew: true, subscriptionEnd: end });
    // The wish is recorded, and the schedule still fires at the end.
    expect(await scheduledAt(user.id)).toEqual([end]);
    const before = await stats();
    await endHasPassed(user.id);
    expect((await me(user.token)).body).toMatchObject({ role: 'member', subscriptionType: null, subscriptionEnd: null, autoRenew: false });
    expect(await stored(user.id)).toMatchObject({ role: 'member', subscriptionType: null, autoRenew: false });
    expect((await stats()).premium).toBe(before.premium - 1);
  });

  it('a Premium grant downgraded to VIP ends at its end rather than becoming VIP', async () => {
    const user = await granted('premium', 7);
    expect((await tier(user, 'downgrade-to-vip')).body.user).toMatchObject({ role: 'premium', pendingDowngrade: true });
    await endHasPassed(user.id);
    expect((await me(user.token)).body).toMatchObject({
      role: 'member',
      subscriptionType: null,
      pendingDowngrade: false,
      autoRenew: false,
    });
  });

  it('reads a stored membership with auto-renew on and an end long past as ended', async () => {
    const user = await granted('vip', 30);
    await setAttributes(`USER#${user.id}`, 'PROFILE', {
      subscriptionEnd: '2025-01-31T00:00:00.000Z',
      autoRenew: true,
      pendingDowngrade: false,
    });
    expect((await me(user.token)).body).toMatchObject({ role: 'member', subscriptionType: null, subscriptionEnd: null });
  });
});

describe('expiry by schedule (one-time schedule per user, run in-process by the local stack)', () => {
  it('creates the schedule at the end, moves it on extend and deletes it for forever', async () => {
    const user = await granted('vip', 30);
    const end = (await me(user.token)).body.subscriptionEnd as string;
    expect((await schedules()).filter((s) => s.userId === user.id)).toEqual([
      { name: `membership-${user.id}-${Math.ceil(new Date(end).getTime() / 1000)}`, userId: user.id, at: end },
    ]);
    const extended = await extend(owner, { userId: user.id, additionalDays: 10 });
    expect(await scheduledAt(user.id)).toEqual([extended.body.user.subscriptionEnd]);
    expect(new Date(extended.body.user.subscriptionEnd).getTime()).toBe(new Date(end).getTime() + 10 * DAY);
    await grant(owner, { userId: user.id, subscriptionType: 'premium', isForever: true });
    expect(await scheduledAt(user.id)).toEqual([]);
  });

  /** How far ahead endingSoon's end is: the tests then move the stack's clock past it (local/clock.ts), not wait for it. */
  const ENDS_IN_MS = 60_000;

  /**
   * A paid user whose stored end is ENDS_IN_MS from now by the stack's clock, with the given stored
   * flags. The end is written behind the engine's back, so the grant's schedule at 30 days stays too.
   */
  async function endingSoon(tierName: 'vip' | 'premium', flags: Record<string, unknown>) {
    const user = await granted(tierName, 30);
    const end = new Date((await stackClock()) + ENDS_IN_MS).toISOString();
    await setAttributes(`USER#${user.id}`, 'PROFILE', { subscriptionEnd: end, ...flags });
    return { user, end };
  }
  /** Moves the stack's clock past endingSoon's end: the schedules due by then have run when it answers. */
  const pastTheEnd = () => moveStackClock(ENDS_IN_MS + 1_000);

  it('ends a canceled term at its end without any read', async () => {
    const { user, end } = await endingSoon('vip', { autoRenew: true });
    const before = await stats();
    expect((await tier(user, 'cancel')).status).toBe(200);
    expect(await scheduledAt(user.id)).toContain(end);
    await pastTheEnd();
    expect(await stored(user.id)).toMatchObject({ role: 'member', subscriptionType: null, subscriptionEnd: null });
    expect(await scheduledAt(user.id)).not.toContain(end);
    expect((await stats()).vip).toBe(before.vip - 1);
  });

  it('ends a resubscribed term at its end without any read: the schedule is kept while auto-renew is on', async () => {
    const { user, end } = await endingSoon('vip', { autoRenew: false });
    expect((await tier(user, 'resubscribe')).body.user).toMatchObject({ autoRenew: true, subscriptionEnd: end });
    expect(await scheduledAt(user.id)).toContain(end);
    await pastTheEnd();
    expect(await stored(user.id)).toMatchObject({ role: 'member', subscriptionType: null, subscriptionEnd: null, autoRenew: false });
    expect(await scheduledAt(user.id)).not.toContain(end);
  });

  it('ends a downgraded term at its end without any read', async () => {
    const { user, end } = await endingSoon('premium', { autoRenew: true });
    expect((await tier(user, 'downgrade-to-vip')).status).toBe(200);
    expect(await scheduledAt(user.id)).toContain(end);
    await pastTheEnd();
    expect(await stored(user.id)).toMatchObject({ role: 'member', subscriptionType: null, pendingDowngrade: false });
  });

  it('does nothing when the end moved away meanwhile (the schedule was replaced)', async () => {
    const { user, end } = await endingSoon('vip', { autoRenew: true });
    expect((await tier(user, 'cancel')).status).toBe(200);
    await extend(owner, { userId: user.id, additionalDays: 1 });
    await pastTheEnd();
    expect(await scheduledAt(user.id)).not.toContain(end);
    expect(await stored(user.id)).toMatchObject({ role: 'vip', subscriptionType: 'vip' });
  });
});

describe('1-day reminder follows the effective tier (SPEC §6, §9)', () => {
  // Reminders are indexed when they are still to come (issue 25 §1): a run in the future.
  const RUN_DATE = '2036-11-20';

  it('is refused for a vip whose term has ended, sent to one whose term has not', async () => {
    const [ended, current] = [await granted('vip', 30), await granted('vip', null)];
    for (const user of [ended, current]) {
      await call('PUT', '/api/auth/settings', { token: user.token, body: { notify1Day: true } });
      const created = await call('POST', '/api/subscriptions', {
        token: user.token,
        body: { name: 'Tomorrow', amount: 5, category: 'music', dueDate: '2036-11-21' },
      });
      expect(created.status).toBe(201);
    }
    // Ended in the table only: nothing has read the user since, so only the job's own view can know.
    await setAttributes(`USER#${ended.id}`, 'PROFILE', { subscriptionEnd: '2026-11-01T00:00:00.000Z' });
    const response = await fetch(`${apiUrl()}/_local/reminders?date=${RUN_DATE}`, { method: 'POST' });
    expect(response.status).toBe(200);
    const subjects = async (user: SignedInUser) => (await mailsTo(user.email)).map((m) => m.subject);
    expect(await subjects(current)).toContain('Reminder: Tomorrow renews tomorrow ($5.00)');
    expect((await subjects(ended)).some((s) => s.includes('Tomorrow'))).toBe(false);
  });
});

describe('stats (GET /admin/membership/stats: from the counters)', () => {
  it('counts grants by tier and forever, and follows tier changes', async () => {
    const before = await stats();
    expect(before).toEqual({ vip: expect.any(Number), premium: expect.any(Number), forever: expect.any(Number) });
    const vip = await granted('vip', 30);
    await granted('premium', null);
    let after = await stats();
    expect([after.vip - before.vip, after.premium - before.premium, after.forever - before.forever]).toEqual([1, 1, 1]);
    await extend(owner, { userId: vip.id, additionalDays: 5 });
    await grant(owner, { userId: vip.id, subscriptionType: 'premium', duration: 7 });
    after = await stats();
    expect([after.vip - before.vip, after.premium - before.premium, after.forever - before.forever]).toEqual([0, 2, 1]);
  });

  it("counts a deleted account's membership out", async () => {
    const premium = await granted('premium', 30);
    const before = await stats();
    const deleted = await call('DELETE', '/api/auth/account', { token: premium.token, body: { password: PASSWORD } });
    expect(deleted.status).toBe(200);
    const after = await stats();
    expect([after.vip - before.vip, after.premium - before.premium, after.forever - before.forever]).toEqual([0, -1, 0]);
  });
});
