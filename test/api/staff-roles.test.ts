import { beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../shared/api/admin.js';
import { membershipMessages } from '../../shared/api/membership.js';
import { call, mailsTo, me, ownerSession, PASSWORD, type SignedInUser, signedInUser, uniqueName } from './helpers.js';

/**
 * Issue 34 §5 and the staff role matrix (docs/decisions/0104-staff-role-matrix.md): only an owner
 * acts on a staff account's identity, role, status, sessions and membership; nobody grants or extends
 * their own membership; every staff action on staff is logged on both accounts.
 */
let owner: string;
let developer: SignedInUser;
let peer: SignedInUser;

const activityOf = async (id: string) =>
  (await call('GET', `/api/auth/users/${id}/details`, { token: owner })).body.activities as Array<Record<string, any>>;
const grant = (token: string, userId: string, body: Record<string, unknown> = { subscriptionType: 'premium', isForever: true }) =>
  call('POST', '/api/admin/membership/grant', { token, body: { userId, ...body } });
const extend = (token: string, userId: string) =>
  call('POST', '/api/admin/membership/extend', { token, body: { userId, additionalDays: 30 } });

beforeAll(async () => {
  owner = await ownerSession();
  developer = await signedInUser('developer');
  peer = await signedInUser('developer');
});

describe('a developer cannot take another staff account (issue 34 §5)', () => {
  it("refuses every change to another developer's account with 403, changes nothing and logs each attempt", async () => {
    const before = (await me(peer.token)).body;
    const token = developer.token;
    const refused = { status: 403, body: { message: adminMessages.ownerOnly } };
    expect(await call('PUT', `/api/admin/users/${peer.id}/email`, { token, body: { email: `${uniqueName()}@example.com` } })).toMatchObject(
      refused,
    );
    expect(await call('POST', `/api/auth/admin/reset-password/${peer.id}`, { token })).toMatchObject(refused);
    expect(await call('PUT', `/api/auth/users/${peer.id}/role`, { token, body: { role: 'member' } })).toMatchObject(refused);
    expect(await call('PUT', `/api/auth/users/${peer.id}/status`, { token, body: { status: 'deactivated' } })).toMatchObject(refused);
    expect(await call('POST', `/api/auth/users/${peer.id}/terminate-sessions`, { token })).toMatchObject(refused);
    expect(await call('DELETE', `/api/auth/users/${peer.id}`, { token })).toMatchObject(refused);
    const membershipRefused = { status: 403, body: { message: membershipMessages.ownerOnly } };
    expect(await grant(token, peer.id)).toMatchObject(membershipRefused);
    expect(await extend(token, peer.id)).toMatchObject(membershipRefused);

    const after = await me(peer.token);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ email: before.email, role: 'developer', accountStatus: 'active', subscriptionType: null });
    expect((await mailsTo(peer.email)).filter((m) => /reset/i.test(m.subject))).toEqual([]);
    const attempts = (await activityOf(peer.id)).filter((entry) => entry.actionType === 'admin_action_refused');
    const actions = attempts.map((entry) => String(entry.details.action));
    expect(actions.toSorted((a, b) => a.localeCompare(b))).toEqual([
      'delete',
      'email',
      'membership',
      'membership',
      'passwordReset',
      'role',
      'sessions',
      'status',
    ]);
    expect(attempts.every((entry) => entry.performedBy === developer.username)).toBe(true);
  });

  it('refuses a developer giving a staff role: creating a developer or promoting a member to one', async () => {
    const refused = { status: 403, body: { message: adminMessages.staffRoleOwnerOnly } };
    const member = await signedInUser();
    expect(await call('PUT', `/api/auth/users/${member.id}/role`, { token: developer.token, body: { role: 'developer' } })).toMatchObject(
      refused,
    );
    expect((await me(member.token)).body.role).toBe('member');
    const username = uniqueName('dev');
    expect(
      await call('POST', '/api/auth/users/create', { token: developer.token, body: { username, password: PASSWORD, role: 'developer' } }),
    ).toMatchObject(refused);
    expect((await call('POST', '/api/auth/login', { body: { username, password: PASSWORD } })).status).toBe(401);
  });

  it('still lets a developer act on members (the role matrix is about staff accounts)', async () => {
    const member = await signedInUser();
    expect((await grant(developer.token, member.id, { subscriptionType: 'vip', duration: 30 })).status).toBe(200);
    expect((await call('PUT', `/api/auth/users/${member.id}/role`, { token: developer.token, body: { role: 'premium' } })).status).toBe(
      200,
    );
  });
});

describe('nobody grants themselves a membership', () => {
  it('refuses a developer and an owner granting or extending their own (403), changing nothing', async () => {
    const anOwner = await signedInUser('owner');
    for (const admin of [developer, anOwner]) {
      expect(await grant(admin.token, admin.id)).toMatchObject({ status: 403, body: { message: membershipMessages.ownMembership } });
      expect(await extend(admin.token, admin.id)).toMatchObject({ status: 403, body: { message: membershipMessages.ownMembership } });
      expect((await me(admin.token)).body).toMatchObject({ subscriptionType: null, isForever: false });
    }
  });

  it("refuses an admin's own e-mail through the admin route (Settings asks for the password)", async () => {
    const email = `${uniqueName()}@example.com`;
    expect(await call('PUT', `/api/admin/users/${developer.id}/email`, { token: developer.token, body: { email } })).toMatchObject({
      status: 403,
      body: { message: adminMessages.ownEmail },
    });
    expect((await me(developer.token)).body.email).toBe(developer.email);
  });
});

describe('an owner acts on staff, and it is logged on both accounts', () => {
  it("an owner's change to a developer is on the developer's log and on the owner's", async () => {
    const anOwner = await signedInUser('owner');
    const target = await signedInUser('developer');
    const email = `${uniqueName('moved')}@example.com`;
    expect((await call('PUT', `/api/admin/users/${target.id}/email`, { token: anOwner.token, body: { email } })).status).toBe(200);
    expect((await grant(anOwner.token, target.id, { subscriptionType: 'vip', duration: 30 })).status).toBe(200);
    const member = await signedInUser();
    expect((await call('PUT', `/api/auth/users/${member.id}/role`, { token: anOwner.token, body: { role: 'developer' } })).status).toBe(
      200,
    );

    expect((await activityOf(target.id)).map((entry) => [entry.actionType, entry.performedBy])).toEqual(
      expect.arrayContaining([
        ['email_changed_by_admin', anOwner.username],
        ['membership_granted', anOwner.username],
      ]),
    );
    const own = (await activityOf(anOwner.id)).filter((entry) => entry.actionType === 'staff_action');
    expect(own.map((entry) => [entry.details.action, entry.details.userId])).toEqual(
      expect.arrayContaining([
        ['email', target.id],
        ['membership', target.id],
        ['role', member.id],
      ]),
    );
  });
});
