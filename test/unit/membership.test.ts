import { afterEach, describe, expect, it, vi } from 'vitest';
import { schedulerConfigProblems } from '../../functions/lib/chassis/config.js';
import { atExpression, scheduledEnd, scheduleName } from '../../functions/lib/membership/membership-schedules.js';
import { inProcessSchedules } from '../../local/membership-schedules.js';
import {
  addDays,
  changeTier,
  DEFAULT_GRANT_REASON,
  daysLeft,
  EXTEND_QUICK_DAYS,
  effectiveMembership,
  extendMembership,
  extendReason,
  GRANT_PRESET_DAYS,
  grantMembership,
  hasDueChange,
  type MembershipState,
  TIER_ACTIONS,
  tierChangedMessage,
  timeLeftLabel,
} from '../../shared/domain/membership.js';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const member: MembershipState = {
  role: 'member',
  subscriptionType: null,
  subscriptionEnd: null,
  isForever: false,
  autoRenew: false,
  pendingDowngrade: false,
};
const paid = (overrides: Partial<MembershipState> = {}): MembershipState => ({
  role: 'premium',
  subscriptionType: 'premium',
  subscriptionEnd: '2026-04-10T12:00:00.000Z',
  isForever: false,
  autoRenew: true,
  pendingDowngrade: false,
  ...overrides,
});

describe('constants (SPEC §9 grant presets and extend quick adds; §3 default reasons)', () => {
  it('offers the grant presets 7, 14, 30, 90, 180, 365 days (plus forever) and the quick adds 1, 7, 30, 90', () => {
    expect(GRANT_PRESET_DAYS).toEqual([7, 14, 30, 90, 180, 365]);
    expect(EXTEND_QUICK_DAYS).toEqual([1, 7, 30, 90]);
  });

  it('names the default reasons', () => {
    expect(DEFAULT_GRANT_REASON).toBe('Granted by admin');
    expect(extendReason(1)).toBe('Extended by admin (+1 day)');
    expect(extendReason(30)).toBe('Extended by admin (+30 days)');
  });
});

describe('dates', () => {
  it('adds whole days as 24-hour steps', () => {
    expect(addDays('2026-03-10T12:00:00.000Z', 30)).toBe('2026-04-09T12:00:00.000Z');
  });
});

describe('grantMembership (SPEC §3 membership grant)', () => {
  it('gives the tier for the days, not renewing', () => {
    expect(grantMembership(member, 'vip', 30, NOW)).toEqual({
      role: 'vip',
      subscriptionType: 'vip',
      subscriptionEnd: '2026-04-09T12:00:00.000Z',
      isForever: false,
      autoRenew: false,
      pendingDowngrade: false,
    });
  });

  it('gives a forever membership without an end', () => {
    expect(grantMembership(member, 'premium', null, NOW)).toMatchObject({
      role: 'premium',
      subscriptionType: 'premium',
      subscriptionEnd: null,
      isForever: true,
    });
  });

  it('replaces a current membership and its pending downgrade', () => {
    const granted = grantMembership(paid({ pendingDowngrade: true }), 'vip', 7, NOW);
    expect(granted).toMatchObject({ role: 'vip', subscriptionType: 'vip', pendingDowngrade: false, autoRenew: false });
  });

  it('leaves staff their role (their role covers every paid feature)', () => {
    expect(grantMembership({ ...member, role: 'owner' }, 'premium', 30, NOW)).toMatchObject({ role: 'owner', subscriptionType: 'premium' });
    expect(grantMembership({ ...member, role: 'developer' }, 'vip', null, NOW)).toMatchObject({ role: 'developer', isForever: true });
  });
});

describe('effectiveMembership (SPEC §4: access until subscriptionEnd, then the next state)', () => {
  it('keeps a term that has not ended', () => {
    expect(effectiveMembership(paid(), NOW)).toEqual(paid());
    expect(hasDueChange(paid(), NOW)).toBe(false);
  });

  it('makes a canceled term a member at its end (SPEC §4 cancel)', () => {
    const canceled = paid({ autoRenew: false, subscriptionEnd: '2026-03-10T12:00:00.000Z' });
    expect(effectiveMembership(canceled, NOW)).toEqual(member);
    expect(hasDueChange(canceled, NOW)).toBe(true);
  });

  it('ends a grant at its end: grants do not renew', () => {
    const granted = grantMembership(member, 'vip', 7, new Date('2026-03-01T00:00:00.000Z'));
    expect(effectiveMembership(granted, NOW)).toEqual(member);
  });

  it('ends a resubscribed grant at its end: no payment, no renewal (issue 21 §2)', () => {
    // 7 days of Premium, then Resubscribe: auto-renew on records the wish, the end stays the end.
    const granted = grantMembership(member, 'premium', 7, new Date('2026-03-01T00:00:00.000Z'));
    const change = changeTier(granted, 'resubscribe');
    if (!change.ok) throw new Error('a granted term can resubscribe');
    expect(change.state).toMatchObject({ autoRenew: true, subscriptionEnd: '2026-03-08T00:00:00.000Z' });
    expect(effectiveMembership(change.state, new Date('2026-03-07T23:59:59.999Z'))).toEqual(change.state);
    expect(effectiveMembership(change.state, new Date('2026-03-08T00:00:00.000Z'))).toEqual(member);
    expect(effectiveMembership(change.state, new Date('2076-03-08T00:00:00.000Z'))).toEqual(member);
  });

  it('ends a downgraded premium term at its end rather than switching to vip (issue 21 §2)', () => {
    const downgraded = paid({ pendingDowngrade: true, subscriptionEnd: '2026-03-01T00:00:00.000Z' });
    expect(effectiveMembership(downgraded, NOW)).toEqual(member);
    expect(hasDueChange(downgraded, NOW)).toBe(true);
  });

  it('reads a stored auto-renewing term whose end is long past as ended, not caught up month by month', () => {
    expect(effectiveMembership(paid({ subscriptionEnd: '2026-01-05T00:00:00.000Z' }), NOW)).toEqual(member);
    expect(effectiveMembership(paid({ role: 'vip', subscriptionType: 'vip', subscriptionEnd: '1990-01-01T00:00:00.000Z' }), NOW)).toEqual(
      member,
    );
  });

  it('keeps an auto-renewing term until its end', () => {
    const renewing = paid({ subscriptionEnd: '2026-03-10T12:00:00.001Z' });
    expect(effectiveMembership(renewing, NOW)).toEqual(renewing);
    expect(hasDueChange(renewing, NOW)).toBe(false);
  });

  it('applies a change due exactly at the end', () => {
    expect(effectiveMembership(paid({ autoRenew: false, subscriptionEnd: NOW.toISOString() }), NOW).role).toBe('member');
    expect(effectiveMembership(paid({ autoRenew: true, subscriptionEnd: NOW.toISOString() }), NOW).role).toBe('member');
  });

  it('never changes a forever membership or a member', () => {
    const forever = grantMembership(member, 'vip', null, NOW);
    expect(effectiveMembership(forever, new Date('2100-01-01'))).toEqual(forever);
    expect(effectiveMembership(member, NOW)).toEqual(member);
  });

  it('keeps staff their role when their membership ends', () => {
    expect(effectiveMembership(paid({ role: 'owner', autoRenew: false, subscriptionEnd: '2026-01-01T00:00:00Z' }), NOW)).toEqual({
      ...member,
      role: 'owner',
    });
  });

  it('fails closed on a term without a readable end (never open-ended paid access)', () => {
    expect(effectiveMembership(paid({ subscriptionEnd: null }), NOW)).toEqual(member);
    expect(effectiveMembership(paid({ subscriptionEnd: 'not a date' }), NOW)).toEqual(member);
  });

  it('treats unknown roles as member (SPEC §6)', () => {
    expect(effectiveMembership({ ...member, role: 'wizard' as never }, NOW).role).toBe('member');
  });
});

describe('changeTier (SPEC §4 PUT /auth/tier: downgrade-to-vip, cancel, resubscribe)', () => {
  it('has the three actions', () => {
    expect(TIER_ACTIONS).toEqual(['downgrade-to-vip', 'cancel', 'resubscribe']);
  });

  it('refuses members and forever memberships', () => {
    for (const action of TIER_ACTIONS) {
      expect(changeTier(member, action)).toEqual({ ok: false, refusal: 'noMembership' });
      expect(changeTier(grantMembership(member, 'premium', null, NOW), action)).toEqual({ ok: false, refusal: 'forever' });
    }
  });

  it('cancel turns auto-renew off and keeps access and end (SPEC §4)', () => {
    expect(changeTier(paid(), 'cancel')).toEqual({ ok: true, state: paid({ autoRenew: false }) });
    expect(changeTier(paid({ autoRenew: false }), 'cancel')).toEqual({ ok: false, refusal: 'alreadyCanceled' });
  });

  it('cancel also drops a pending downgrade: the user is a member at the end', () => {
    const change = changeTier(paid({ pendingDowngrade: true }), 'cancel');
    expect(change).toEqual({ ok: true, state: paid({ autoRenew: false, pendingDowngrade: false }) });
  });

  it('resubscribe is for auto-renew off and turns it on (SPEC §4)', () => {
    expect(changeTier(paid({ autoRenew: false }), 'resubscribe')).toEqual({ ok: true, state: paid() });
    expect(changeTier(paid(), 'resubscribe')).toEqual({ ok: false, refusal: 'alreadyRenewing' });
  });

  it('downgrade keeps premium until the end and records the wish to renew as vip (SPEC §4)', () => {
    expect(changeTier(paid(), 'downgrade-to-vip')).toEqual({ ok: true, state: paid({ pendingDowngrade: true }) });
    expect(changeTier(paid({ pendingDowngrade: true }), 'downgrade-to-vip')).toEqual({ ok: false, refusal: 'alreadyDowngrading' });
    expect(changeTier(paid({ role: 'vip', subscriptionType: 'vip' }), 'downgrade-to-vip')).toEqual({ ok: false, refusal: 'premiumOnly' });
  });

  it('keeps the end date on every action (access until expiry)', () => {
    for (const action of TIER_ACTIONS) {
      const change = changeTier(paid({ autoRenew: action !== 'resubscribe' }), action);
      if (change.ok) expect(change.state.subscriptionEnd).toBe(paid().subscriptionEnd);
    }
  });
});

describe('extendMembership (SPEC §6: extend a non-forever subscription)', () => {
  it('adds days to the end', () => {
    expect(extendMembership(paid(), 7)).toEqual({ ok: true, state: paid({ subscriptionEnd: '2026-04-17T12:00:00.000Z' }) });
  });

  it('refuses a forever membership and a member: neither has an end', () => {
    expect(extendMembership(grantMembership(member, 'vip', null, NOW), 7)).toEqual({ ok: false, refusal: 'noEndToExtend' });
    expect(extendMembership(member, 7)).toEqual({ ok: false, refusal: 'noEndToExtend' });
  });
});

describe('labels (SPEC §2 tier card and admin table, §4 success message)', () => {
  it('counts whole days left, rounded up, never below 0', () => {
    expect(daysLeft('2026-03-10T13:00:00.000Z', NOW)).toBe(1);
    expect(daysLeft('2026-03-17T12:00:00.000Z', NOW)).toBe(7);
    expect(daysLeft('2026-03-01T00:00:00.000Z', NOW)).toBe(0);
  });

  it("says 'Forever', '1 day left' or 'N days left'", () => {
    expect(timeLeftLabel({ isForever: true, subscriptionEnd: null }, NOW)).toBe('Forever');
    expect(timeLeftLabel({ isForever: false, subscriptionEnd: '2026-03-11T00:00:00.000Z' }, NOW)).toBe('1 day left');
    expect(timeLeftLabel({ isForever: false, subscriptionEnd: '2026-03-20T12:00:00.000Z' }, NOW)).toBe('10 days left');
    expect(timeLeftLabel({ isForever: false, subscriptionEnd: null }, NOW)).toBeNull();
  });

  it("writes SPEC §4's success text, with a second sentence that fits a resubscription (issue 23)", () => {
    expect(tierChangedMessage('cancel')).toBe(
      'Subscription cancellation successful! You will retain access until your subscription expires.',
    );
    expect(tierChangedMessage('resubscribe')).toBe('Subscription renewal successful! Auto-renewal is on again.');
    expect(tierChangedMessage('downgrade-to-vip')).toBe(
      'Subscription downgrade successful! You will retain access until your subscription expires.',
    );
  });
});

describe('membership schedules (one-time EventBridge Scheduler schedules; DESIGN §1)', () => {
  it('names a schedule from the user id and the instant, and fires at the end rounded up to the second, in UTC', () => {
    const name = scheduleName('0b6f1c1e-6a3e-4b8e-9a51-2f1b3c4d5e6f', '2026-04-09T12:00:00.001Z');
    expect(name).toBe('membership-0b6f1c1e-6a3e-4b8e-9a51-2f1b3c4d5e6f-1775736001');
    expect(name.length).toBeLessThanOrEqual(64);
    // A renewal's next end is another schedule: Scheduler's delete-after-run of the one firing cannot remove it.
    expect(scheduleName('u', '2026-05-09T12:00:00.000Z')).not.toBe(scheduleName('u', '2026-04-09T12:00:00.000Z'));
    expect(atExpression('2026-04-09T12:00:00.000Z')).toBe('at(2026-04-09T12:00:00)');
    expect(atExpression('2026-04-09T12:00:00.001Z')).toBe('at(2026-04-09T12:00:01)');
    expect(atExpression('2026-12-31T23:59:59.500Z')).toBe('at(2027-01-01T00:00:00)');
  });

  it('schedules only a paid term with an end, at that end whether auto-renew is on or off', () => {
    expect(scheduledEnd(paid())).toBe(paid().subscriptionEnd);
    expect(scheduledEnd(paid({ autoRenew: false }))).toBe(paid().subscriptionEnd);
    expect(scheduledEnd(paid({ pendingDowngrade: true }))).toBe(paid().subscriptionEnd);
    expect(scheduledEnd(member)).toBeNull();
    expect(scheduledEnd(grantMembership(member, 'vip', null, NOW))).toBeNull();
  });

  it('checks the scheduler settings at cold start, none in-process', () => {
    const good = {
      MEMBERSHIP_SCHEDULE_GROUP: 'SubscriptionTracker-MembershipExpiry-Schedules-E8BFE09D',
      MEMBERSHIP_SCHEDULER_ROLE_ARN: 'arn:aws:iam::123456789012:role/SchedulerRole',
      MEMBERSHIP_EXPIRY_ARN: 'arn:aws:lambda:eu-west-1:123456789012:function:MembershipExpiry',
    };
    expect(schedulerConfigProblems(good, true)).toEqual([]);
    expect(schedulerConfigProblems({ MEMBERSHIP_SCHEDULER: 'in-process' }, true)).toEqual([]);
    const { MEMBERSHIP_EXPIRY_ARN: _, ...withoutTarget } = good;
    expect(schedulerConfigProblems(withoutTarget, false)).toEqual([]);
    expect(schedulerConfigProblems(withoutTarget, true)).toEqual(['MEMBERSHIP_EXPIRY_ARN: must be a Lambda function ARN (got nothing)']);
    expect(schedulerConfigProblems({ ...good, MEMBERSHIP_SCHEDULER_ROLE_ARN: 'role' }, true)).toEqual([
      'MEMBERSHIP_SCHEDULER_ROLE_ARN: must be an IAM role ARN (got "role")',
    ]);
    expect(schedulerConfigProblems({ ...good, MEMBERSHIP_SCHEDULER: 'cron' }, true)).toHaveLength(1);
  });
});

describe('in-process schedules (the local stack)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires once at each instant, keeps one schedule per instant, deletes by instant, and is gone before its target runs', async () => {
    vi.useFakeTimers({ now: NOW });
    const fired: string[] = [];
    const schedules = inProcessSchedules(scheduleName, async (userId) => {
      fired.push(`${userId}:${schedules.pending().length}`);
    });
    await schedules.set('a', '2026-03-10T12:00:05.000Z');
    await schedules.set('b', '2026-03-10T12:00:02.000Z');
    await schedules.set('a', '2026-03-10T12:00:10.000Z');
    await schedules.set('a', '2026-03-10T12:00:10.000Z');
    await schedules.clear('a', '2026-03-10T12:00:05.000Z');
    expect(schedules.pending().map((s) => [s.userId, s.at])).toEqual([
      ['b', '2026-03-10T12:00:02.000Z'],
      ['a', '2026-03-10T12:00:10.000Z'],
    ]);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(fired).toEqual(['b:1']);
    await schedules.clear('a', '2026-03-10T12:00:10.000Z');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fired).toEqual(['b:1']);
    expect(schedules.pending()).toEqual([]);
  });

  it("reaches an instant beyond setTimeout's longest delay", async () => {
    vi.useFakeTimers({ now: NOW });
    const fired: string[] = [];
    const schedules = inProcessSchedules(scheduleName, async (userId) => {
      fired.push(userId);
    });
    await schedules.set('far', addDays(NOW.toISOString(), 60));
    await vi.advanceTimersByTimeAsync(30 * 86_400_000);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(30 * 86_400_000);
    expect(fired).toEqual(['far']);
    schedules.stop();
  });
});
