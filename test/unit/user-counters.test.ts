import { describe, expect, it } from 'vitest';
import { membershipWithRole } from '../../functions/admin/rules.js';
import { decodeCursor, encodeCursor, parseListQuery } from '../../functions/admin/user-list.js';
import { counterDeltas, countersOf, onlyConflicted } from '../../functions/lib/users/user-counters.js';
import { effectiveMembership, grantMembership, type MembershipState } from '../../shared/domain/membership.js';

/** The per-role counters' deltas (docs/decisions/0037-admin-user-management.md), the role change's membership and the list's inputs. */
const member: MembershipState = {
  role: 'member',
  subscriptionType: null,
  subscriptionEnd: null,
  isForever: false,
  autoRenew: false,
  pendingDowngrade: false,
};
const NOW = new Date('2026-06-01T00:00:00.000Z');

describe('counterDeltas', () => {
  it('counts a new member, owner and developer on their role (and an active owner)', () => {
    expect(counterDeltas(null, { ...member, accountStatus: 'active' })).toEqual({ usersMember: 1 });
    expect(counterDeltas(null, { ...member, role: 'owner', accountStatus: 'active' })).toEqual({ usersOwner: 1, ownersActive: 1 });
    expect(counterDeltas(null, { ...member, role: 'developer' })).toEqual({ usersDeveloper: 1 });
  });

  it('moves a user between roles on a grant, an expiry and an admin role change', () => {
    const vip = grantMembership(member, 'vip', 30, NOW);
    expect(counterDeltas(member, vip)).toEqual({ usersMember: -1, usersVip: 1, membershipVip: 1 });
    const expired = effectiveMembership(vip, new Date('2026-08-01T00:00:00.000Z'));
    expect(counterDeltas(vip, expired)).toEqual({ usersVip: -1, usersMember: 1, membershipVip: -1 });
    const forever = grantMembership(member, 'premium', null, NOW);
    expect(counterDeltas(member, forever)).toEqual({ usersMember: -1, usersPremium: 1, membershipPremium: 1, membershipForever: 1 });
    expect(counterDeltas({ ...member, role: 'owner' }, { ...member, role: 'developer' })).toEqual({
      usersOwner: -1,
      usersDeveloper: 1,
      ownersActive: -1,
    });
  });

  it('counts a deactivated owner as an owner but not as an active one', () => {
    const active = { ...member, role: 'owner', accountStatus: 'active' };
    expect(counterDeltas(active, { ...active, accountStatus: 'deactivated' })).toEqual({ ownersActive: -1 });
    expect(counterDeltas({ ...active, accountStatus: 'deactivated' }, null)).toEqual({ usersOwner: -1 });
    expect(counterDeltas(active, null)).toEqual({ usersOwner: -1, ownersActive: -1 });
  });

  it('takes everything of a deleted user off, and counts unknown roles as member', () => {
    expect(counterDeltas({ ...grantMembership(member, 'vip', null, NOW) }, null)).toEqual({
      usersVip: -1,
      membershipVip: -1,
      membershipForever: -1,
    });
    expect(countersOf({ role: 'king' }).usersMember).toBe(1);
    expect(counterDeltas({ role: 'king' }, { role: 'member' })).toEqual({});
  });
});

describe('membershipWithRole (an admin sets a role)', () => {
  const vip = grantMembership(member, 'vip', 30, NOW);
  it('ends a paid term on a demotion to member', () => {
    expect(membershipWithRole(vip, 'member')).toEqual(member);
  });
  it('keeps the term of staff, and moves a current term to the new tier', () => {
    expect(membershipWithRole(vip, 'developer')).toEqual({ ...vip, role: 'developer' });
    expect(membershipWithRole({ ...vip, role: 'premium', subscriptionType: 'premium', pendingDowngrade: true }, 'vip')).toEqual(vip);
    expect(membershipWithRole(member, 'vip')).toEqual({ ...member, role: 'vip' });
  });
});

describe('the list query', () => {
  const key = { pk: 'USER#a', sk: 'PROFILE', gsi1pk: 'USERS', gsi1sk: '2026-01-01T00:00:00.000Z#a' };
  it('round-trips a cursor and refuses anything else with 400', () => {
    expect(decodeCursor(encodeCursor({ list: key }), false)).toEqual({ list: key });
    const entry = { pk: 'USERDIR', sk: '2026-01-01T00:00:00.000Z#a' };
    expect(decodeCursor(encodeCursor({ search: entry }), true)).toEqual({ search: entry });
    const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad = [
      'not base64!',
      '',
      encoded([]),
      encoded({ ...key, gsi1pk: 'DUE#2026-01-01' }),
      encoded({ ...key, extra: 1 }),
      encoded({ ...key, pk: 'STATS' }),
    ];
    for (const cursor of bad) expect(() => decodeCursor(cursor, false)).toThrowError(expect.objectContaining({ status: 400 }));
    // A list's cursor is no search's, and the other way round.
    expect(() => decodeCursor(encodeCursor({ list: key }), true)).toThrowError(expect.objectContaining({ status: 400 }));
    expect(() => decodeCursor(encodeCursor({ search: entry }), false)).toThrowError(expect.objectContaining({ status: 400 }));
    expect(() => decodeCursor(encoded({ pk: 'USER#a', sk: 'PROFILE' }), true)).toThrowError(expect.objectContaining({ status: 400 }));
  });
  it('defaults the limit to 25, accepts 1–100 and lowercases the search', () => {
    expect(parseListQuery({})).toEqual({ limit: 25, search: '', cursor: undefined });
    expect(parseListQuery({ limit: '100', search: ' Ann@Example ' })).toMatchObject({ limit: 100, search: 'ann@example' });
    for (const limit of ['0', '101', '1e2', 'x'])
      expect(() => parseListQuery({ limit })).toThrowError(expect.objectContaining({ status: 400 }));
  });
});

describe('onlyConflicted', () => {
  const cancelled = (codes: string[]) =>
    Object.assign(new Error('cancelled'), { name: 'TransactionCanceledException', CancellationReasons: codes.map((Code) => ({ Code })) });
  it('retries a transaction that only met another one, never one refused by a condition', () => {
    expect(onlyConflicted(cancelled(['None', 'TransactionConflict']))).toBe(true);
    expect(onlyConflicted(cancelled(['ConditionalCheckFailed', 'TransactionConflict']))).toBe(false);
    expect(onlyConflicted(new Error('other'))).toBe(false);
  });
});
