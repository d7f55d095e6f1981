import { BatchWriteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../shared/api/admin.js';
import { authMessages } from '../../shared/api/auth-messages.js';
import {
  apiUrl,
  call,
  eventually,
  getItem,
  linkToken,
  login,
  mailsTo,
  me,
  ownerSession,
  PASSWORD,
  type SignedInUser,
  signedInUser,
  table,
  uniqueName,
  uploadAvatar,
} from './helpers.js';

/**
 * The admin console's user management on the local stack (SPEC §2 'Admin Dashboard', §6, §7, §8
 * 'Admin'; DESIGN §5; issue 10 'Rules the server enforces', 'Scale', 'Activity log').
 */
let owner: string;
let ownerId: string;
let developer: SignedInUser;

const users = (token: string, query = '') => call('GET', `/api/auth/users${query}`, { token });
const create = (token: string, body: Record<string, unknown>) => call('POST', '/api/auth/users/create', { token, body });
const setRole = (token: string, id: string, role: string) => call('PUT', `/api/auth/users/${id}/role`, { token, body: { role } });
const setStatus = (token: string, id: string, status: string) => call('PUT', `/api/auth/users/${id}/status`, { token, body: { status } });
const remove = (token: string, id: string) => call('DELETE', `/api/auth/users/${id}`, { token });
const details = (token: string, id: string) => call('GET', `/api/auth/users/${id}/details`, { token });
const resetMail = (token: string, id: string) => call('POST', `/api/auth/admin/reset-password/${id}`, { token });
const setEmail = (token: string, id: string, email: string) => call('PUT', `/api/admin/users/${id}/email`, { token, body: { email } });
const terminate = (token: string, id: string) => call('POST', `/api/auth/users/${id}/terminate-sessions`, { token });
const counts = async () => (await users(owner, '?limit=1')).body.counts as Record<string, number>;
const activityOf = async (id: string) => (await details(owner, id)).body.activities as Array<Record<string, any>>;

async function partition(userId: string) {
  const { client, name } = table();
  const { Items } = await client.send(
    new QueryCommand({ TableName: name, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}` } }),
  );
  return Items ?? [];
}

/** A new owner made by the seeded owner, signed in. */
async function newOwner(): Promise<SignedInUser> {
  return signedInUser('owner');
}

beforeAll(async () => {
  owner = await ownerSession();
  ownerId = (await me(owner)).body.id;
  developer = await signedInUser('developer');
});

describe('POST /auth/users/create (SPEC §3 new user form)', () => {
  it('creates a member by default, without an e-mail, who can sign in', async () => {
    const username = uniqueName('made');
    const answer = await create(owner, { username, password: PASSWORD });
    expect(answer).toMatchObject({
      status: 201,
      body: { message: adminMessages.userCreated, user: { username, role: 'member', email: null, accountStatus: 'active' } },
    });
    expect((await login(username)).status).toBe(200);
    const log = await activityOf(answer.body.user.id);
    expect(log.at(-1)).toMatchObject({ actionType: 'registration', performedBy: 'owner' });
  });

  it('creates a developer when an owner asks, and refuses a staff role to a developer (403, decision 0104)', async () => {
    const made = await create(owner, { username: uniqueName('dev'), password: PASSWORD, role: 'developer' });
    expect(made).toMatchObject({ status: 201, body: { user: { role: 'developer' } } });
    for (const role of ['owner', 'developer']) {
      expect(await create(developer.token, { username: uniqueName('own'), password: PASSWORD, role })).toMatchObject({
        status: 403,
        body: { message: adminMessages.staffRoleOwnerOnly },
      });
    }
    expect(await create(owner, { username: uniqueName('own'), password: PASSWORD, role: 'owner' })).toMatchObject({
      status: 201,
      body: { user: { role: 'owner' } },
    });
  });

  it('answers 409 for a taken username (any letter case) and 400 for bad input', async () => {
    const taken = await signedInUser();
    expect(await create(owner, { username: taken.username.toUpperCase(), password: PASSWORD })).toMatchObject({
      status: 409,
      body: { message: authMessages.usernameTaken },
    });
    expect((await create(owner, { password: PASSWORD })).status).toBe(400);
    expect((await create(owner, { username: uniqueName(), password: 'short' })).status).toBe(400);
    expect(await create(owner, { username: uniqueName(), password: PASSWORD, role: 'king' })).toMatchObject({
      status: 400,
      body: { message: adminMessages.invalidRole },
    });
  });
});

describe('PUT /auth/users/{id}/role', () => {
  it('changes a role, ends no session and logs it', async () => {
    const user = await signedInUser();
    const answer = await setRole(developer.token, user.id, 'premium');
    expect(answer).toMatchObject({ status: 200, body: { message: adminMessages.roleUpdated, user: { role: 'premium' } } });
    expect(await me(user.token)).toMatchObject({ status: 200, body: { role: 'premium' } });
    expect((await activityOf(user.id))[0]).toMatchObject({
      actionType: 'role_changed',
      performedBy: developer.username,
      details: { from: 'member', to: 'premium' },
    });
  });

  it('refuses your own role (400), owners to developers (403), unknown ids (404) and unknown roles (400)', async () => {
    expect(await setRole(developer.token, (await me(developer.token)).body.id, 'owner')).toMatchObject({
      status: 400,
      body: { message: adminMessages.cannotChangeOwnRole },
    });
    expect(await setRole(owner, ownerId, 'member')).toMatchObject({ status: 400, body: { message: adminMessages.cannotChangeOwnRole } });
    const member = await signedInUser();
    expect(await setRole(developer.token, member.id, 'owner')).toMatchObject({
      status: 403,
      body: { message: adminMessages.staffRoleOwnerOnly },
    });
    const other = await newOwner();
    expect(await setRole(developer.token, other.id, 'member')).toMatchObject({ status: 403, body: { message: adminMessages.ownerOnly } });
    expect(await setRole(owner, crypto.randomUUID(), 'vip')).toMatchObject({ status: 404, body: { message: adminMessages.userNotFound } });
    expect(await setRole(owner, member.id, 'admin')).toMatchObject({ status: 400, body: { message: adminMessages.invalidRole } });
    // An owner may demote another owner while others remain.
    expect(await setRole(owner, other.id, 'developer')).toMatchObject({ status: 200, body: { user: { role: 'developer' } } });
  });

  it('ends a paid term when demoting to member, so no renewal makes them vip again', async () => {
    const user = await signedInUser();
    await call('POST', '/api/admin/membership/grant', { token: owner, body: { userId: user.id, subscriptionType: 'vip', duration: 30 } });
    const answer = await setRole(owner, user.id, 'member');
    expect(answer.body.user).toMatchObject({ role: 'member', subscriptionType: null, subscriptionEnd: null });
  });
});

describe('the last owner', () => {
  it('of two owners demoting each other at once, exactly one succeeds and one active owner remains', async () => {
    const { client, name } = table();
    const a = await newOwner();
    const b = await newOwner();
    // Every other active owner (the seeded one last) is deactivated, so a and b are the only two.
    const found = await client.send(
      new QueryCommand({
        TableName: name,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :u',
        FilterExpression: '#r = :o AND accountStatus = :active',
        ExpressionAttributeNames: { '#r': 'role' },
        ExpressionAttributeValues: { ':u': 'USERS', ':o': 'owner', ':active': 'active' },
      }),
    );
    const others = (found.Items ?? []).map((item) => item.id as string).filter((id) => id !== a.id && id !== b.id && id !== ownerId);
    for (const id of others) expect((await setStatus(owner, id, 'deactivated')).status).toBe(200);
    expect((await setStatus(a.token, ownerId, 'deactivated')).status).toBe(200);
    try {
      const [ab, ba] = await Promise.all([setRole(a.token, b.id, 'member'), setRole(b.token, a.id, 'member')]);
      const statuses = [ab.status, ba.status].sort();
      expect(statuses[0]).toBe(200);
      // The loser is refused by the counter's condition (409), or was already demoted (403).
      expect([403, 409]).toContain(statuses[1]);
      const winner = ab.status === 200 ? a : b;
      const loser = winner === a ? b : a;
      expect((await me(winner.token)).body.role).toBe('owner');
      expect((await me(loser.token)).body.role).toBe('member');
      if (statuses[1] === 409) expect([ab, ba].find((x) => x.status === 409)?.body.message).toBe(adminMessages.lastOwner);
      // Nor can the last active owner be deactivated or deleted by anyone left: the seeded owner is back first.
      expect((await setStatus(winner.token, ownerId, 'active')).status).toBe(200);
      owner = await ownerSession(true);
    } finally {
      for (const id of others) await setStatus(await ownerSession(), id, 'active');
    }
  });

  it('is refused by the counter condition when demoting, deactivating or deleting would leave none', async () => {
    // The STATS item is the source of the rule: with one active owner counted, no owner may go.
    const { client, name } = table();
    const other = await newOwner();
    const stats = await getItem('STATS', 'GLOBAL');
    const real = stats?.ownersActive as number;
    await client.send(new PutCommand({ TableName: name, Item: { ...(stats as Record<string, unknown>), ownersActive: 1 } }));
    try {
      expect(await setRole(owner, other.id, 'member')).toMatchObject({ status: 409, body: { message: adminMessages.lastOwner } });
      expect(await setStatus(owner, other.id, 'deactivated')).toMatchObject({ status: 409, body: { message: adminMessages.lastOwner } });
      expect(await remove(owner, other.id)).toMatchObject({ status: 409, body: { message: adminMessages.lastOwner } });
      // Nothing was changed by the refusals.
      expect(await me(other.token)).toMatchObject({ status: 200, body: { role: 'owner', accountStatus: 'active' } });
    } finally {
      const now = await getItem('STATS', 'GLOBAL');
      await client.send(new PutCommand({ TableName: name, Item: { ...(now as Record<string, unknown>), ownersActive: real } }));
    }
  });
});

describe('PUT /auth/users/{id}/status', () => {
  it('deactivation ends the session (401 accountDeactivated) and login shows contact support; activation restores', async () => {
    const user = await signedInUser();
    expect(await setStatus(developer.token, user.id, 'deactivated')).toMatchObject({
      status: 200,
      body: { message: adminMessages.userDeactivated, user: { accountStatus: 'deactivated' } },
    });
    expect(await me(user.token)).toMatchObject({
      status: 401,
      body: { message: authMessages.accountDeactivated, accountDeactivated: true },
    });
    expect(await login(user.username)).toMatchObject({ status: 403, body: { showContactSupport: true } });
    expect(await setStatus(developer.token, user.id, 'active')).toMatchObject({
      status: 200,
      body: { message: adminMessages.userActivated, user: { accountStatus: 'active' } },
    });
    const again = await login(user.username);
    expect(again.status).toBe(200);
    expect((await me(again.body.token)).status).toBe(200);
    const log = await activityOf(user.id);
    expect(log.filter((entry) => entry.actionType === 'status_changed').map((entry) => entry.details.to)).toEqual([
      'active',
      'deactivated',
    ]);
  });

  it('refuses yourself (400), an owner to a developer (403) and bad input (400)', async () => {
    expect(await setStatus(owner, ownerId, 'deactivated')).toMatchObject({
      status: 400,
      body: { message: adminMessages.cannotDeactivateSelf },
    });
    const other = await newOwner();
    expect(await setStatus(developer.token, other.id, 'deactivated')).toMatchObject({
      status: 403,
      body: { message: adminMessages.ownerOnly },
    });
    expect(await setStatus(owner, other.id, 'sleeping')).toMatchObject({ status: 400, body: { message: adminMessages.invalidStatus } });
    expect((await setStatus(owner, crypto.randomUUID(), 'active')).status).toBe(404);
  });
});

describe('POST /auth/users/{id}/terminate-sessions', () => {
  it("ends the user's sessions: the next request is 401 sessionInvalidated", async () => {
    const user = await signedInUser();
    expect(await terminate(developer.token, user.id)).toMatchObject({ status: 200, body: { message: adminMessages.sessionsTerminated } });
    expect(await me(user.token)).toMatchObject({
      status: 401,
      body: { message: authMessages.sessionTerminated, sessionInvalidated: true },
    });
    expect((await login(user.username)).status).toBe(200);
  });

  it("refuses an owner's sessions to a developer and unknown ids", async () => {
    const other = await newOwner();
    expect(await terminate(developer.token, other.id)).toMatchObject({ status: 403, body: { message: adminMessages.ownerOnly } });
    expect((await me(other.token)).status).toBe(200);
    expect((await terminate(owner, crypto.randomUUID())).status).toBe(404);
  });
});

describe('POST /auth/admin/reset-password/{id}', () => {
  it('mails a reset link that works', async () => {
    const user = await signedInUser();
    expect(await resetMail(developer.token, user.id)).toMatchObject({ status: 200, body: { message: adminMessages.passwordResetSent } });
    const token = await linkToken(user.email, 'reset-password');
    expect((await call('POST', '/api/auth/reset-password', { body: { token, password: 'Another123!' } })).status).toBe(200);
    expect((await login(user.username, 'Another123!')).status).toBe(200);
  });

  it('answers 400 noEmailForReset without an address and 403 for an owner to a developer', async () => {
    const made = await create(owner, { username: uniqueName('nomail'), password: PASSWORD });
    expect(await resetMail(owner, made.body.user.id)).toMatchObject({ status: 400, body: { message: adminMessages.noEmailForReset } });
    const other = await newOwner();
    expect(await resetMail(developer.token, other.id)).toMatchObject({ status: 403, body: { message: adminMessages.ownerOnly } });
    expect(await mailsTo(other.email).then((mails) => mails.filter((m) => /reset/i.test(m.subject)))).toEqual([]);
  });
});

describe('PUT /admin/users/{id}/email', () => {
  it('changes the address (marked verified), swaps the guards and logs it', async () => {
    const user = await signedInUser();
    const next = `${uniqueName('moved')}@example.com`;
    expect(await setEmail(developer.token, user.id, next)).toMatchObject({
      status: 200,
      body: { message: adminMessages.emailChanged, user: { email: next, emailVerified: true } },
    });
    expect(await getItem(`EMAIL#${user.email.toLowerCase()}`, 'EMAIL')).toBeUndefined();
    expect(await getItem(`EMAIL#${next}`, 'EMAIL')).toMatchObject({ userId: user.id });
    expect((await activityOf(user.id))[0]).toMatchObject({
      actionType: 'email_changed_by_admin',
      performedBy: developer.username,
      details: { from: user.email, to: next },
    });
    // The old address is free again.
    const reuse = await call('POST', '/api/auth/register', { body: { username: uniqueName(), email: user.email, password: PASSWORD } });
    expect(reuse.status).toBe(201);
  });

  it('answers 409 for a taken address, 403 for an owner to a developer, 400 for a bad one, 404 for nobody', async () => {
    const [user, other] = [await signedInUser(), await signedInUser()];
    expect(await setEmail(owner, user.id, other.email.toUpperCase())).toMatchObject({
      status: 409,
      body: { message: authMessages.emailTaken },
    });
    const anOwner = await newOwner();
    expect(await setEmail(developer.token, anOwner.id, `${uniqueName()}@example.com`)).toMatchObject({
      status: 403,
      body: { message: adminMessages.ownerOnly },
    });
    expect((await setEmail(owner, user.id, 'not-an-address')).status).toBe(400);
    expect((await setEmail(owner, crypto.randomUUID(), `${uniqueName()}@example.com`)).status).toBe(404);
  });
});

describe('DELETE /auth/users/{id}', () => {
  it('refuses yourself with SPEC’s message, and an owner to a developer', async () => {
    expect(await remove(owner, ownerId)).toMatchObject({ status: 400, body: { message: 'You cannot delete your own account!' } });
    const other = await newOwner();
    expect(await remove(developer.token, other.id)).toMatchObject({ status: 403, body: { message: adminMessages.ownerOnly } });
    expect((await remove(owner, crypto.randomUUID())).status).toBe(404);
  });

  it('removes every item of the user, the avatar and the guards: the name and address are free again', async () => {
    const user = await signedInUser();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==', 'base64');
    const avatar = (await uploadAvatar(user.token, png, 'image/png')).outcome?.user.avatar as string;
    expect((await fetch(apiUrl() + avatar)).status).toBe(200);
    const sub = { name: 'Netflix', amount: 9.99, category: 'streaming', dueDate: '2030-01-01' };
    expect((await call('POST', '/api/subscriptions', { token: user.token, body: sub })).status).toBe(201);
    expect((await partition(user.id)).length).toBeGreaterThan(3);
    const created = (await me(user.token)).body.createdAt as string;
    expect(await getItem('USERDIR', `${created}#${user.id}`)).toMatchObject({ userId: user.id });

    expect(await remove(developer.token, user.id)).toMatchObject({ status: 200, body: { message: adminMessages.userDeleted } });
    expect(await partition(user.id)).toEqual([]);
    expect(await getItem(`USERNAME#${user.username.toLowerCase()}`, 'USERNAME')).toBeUndefined();
    expect(await getItem(`EMAIL#${user.email.toLowerCase()}`, 'EMAIL')).toBeUndefined();
    expect(await getItem('USERDIR', `${created}#${user.id}`)).toBeUndefined();
    // The picture goes after the profile, through the table's stream.
    await eventually(async () => ((await fetch(apiUrl() + avatar)).status === 404 ? true : undefined), 'the picture to be deleted');
    expect((await me(user.token)).status).toBe(401);
    expect((await details(owner, user.id)).status).toBe(404);
    const again = await call('POST', '/api/auth/register', { body: { username: user.username, email: user.email, password: PASSWORD } });
    expect(again.status).toBe(201);
    const log = (await call('GET', `/api/auth/users/${(await me(developer.token)).body.id}/details`, { token: owner })).body.activities;
    expect(log[0]).toMatchObject({ actionType: 'account_deleted', performedBy: developer.username, details: { username: user.username } });
  });
});

describe('GET /auth/users/{id}/details (SPEC §3 user detail response)', () => {
  it('shows the subscriptions per month and the last 50 activities, newest first', async () => {
    const user = await signedInUser();
    const made = await Promise.all(
      [
        { name: 'Monthly', amount: 10, billingCycle: 'monthly' },
        { name: 'Yearly', amount: 120, billingCycle: 'yearly' },
        { name: 'Quarterly', amount: 30, billingCycle: 'quarterly' },
      ].map((fields) =>
        call('POST', '/api/subscriptions', { token: user.token, body: { ...fields, category: 'software', dueDate: '2030-02-01' } }),
      ),
    );
    await call('DELETE', `/api/subscriptions/${made[2].body.id}`, { token: user.token });
    const { client, name } = table();
    for (let start = 0; start < 60; start += 25) {
      const batch = Array.from({ length: Math.min(25, 60 - start) }, (_, i) => {
        const at = new Date(Date.UTC(2020, 0, 1, 0, 0, start + i)).toISOString();
        return {
          PutRequest: {
            Item: {
              pk: `USER#${user.id}`,
              sk: `ACT#${at}#${start + i}`,
              id: `${start + i}`,
              actionType: 'seeded',
              createdAt: at,
              performedBy: 'test',
              details: {},
            },
          },
        };
      });
      await client.send(new BatchWriteCommand({ RequestItems: { [name]: batch } }));
    }
    const answer = await details(developer.token, user.id);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ id: user.id, username: user.username });
    const subs = answer.body.subscriptions as Array<Record<string, unknown>>;
    expect(subs.map((s) => [s.name, s.amount, s.dueDate, s.status]).sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      ['Monthly', 10, '2030-02-01', 'active'],
      ['Quarterly', 10, '2030-02-01', 'deleted'],
      ['Yearly', 10, '2030-02-01', 'active'],
    ]);
    const activities = answer.body.activities as Array<Record<string, any>>;
    expect(activities).toHaveLength(50);
    const times = activities.map((a) => a.createdAt as string);
    expect([...times].sort().reverse()).toEqual(times);
    // The real ones (login, registration, subscriptions) are newer than the seeded ones.
    const types = activities.map((a) => a.actionType);
    for (const type of ['registration', 'email_verified', 'login', 'subscription_created', 'subscription_deleted'])
      expect(types).toContain(type);
    expect((await details(owner, crypto.randomUUID())).body.message).toBe(adminMessages.userNotFound);
  });
});

describe('the activity log (issue 10)', () => {
  it('records a login lockout once per window, and permanent deletion of a subscription', async () => {
    const user = await signedInUser();
    for (let i = 0; i < 7; i++) await login(user.username, 'Wrong123!');
    const log = await activityOf(user.id);
    expect(log.filter((entry) => entry.actionType === 'login_lockout')).toHaveLength(1);
    const sub = await call('POST', '/api/subscriptions', {
      token: user.token,
      body: { name: 'Gone', amount: 1, category: 'other', dueDate: '2030-01-01' },
    });
    await call('DELETE', `/api/subscriptions/${sub.body.id}`, { token: user.token });
    await call('DELETE', `/api/subscriptions/${sub.body.id}/permanent`, { token: user.token });
    const deleted = (await activityOf(user.id)).filter((entry) => entry.actionType === 'subscription_deleted');
    expect(deleted.map((entry) => entry.details.permanent)).toEqual([true, false]);
    expect(deleted[0].performedBy).toBe(user.username);
  });

  it("logs a subscription's edit, cancel, reactivation, renewal and recovery, each with the subscription's id and name", async () => {
    const user = await signedInUser();
    const fields = { name: 'Logged', amount: 5, billingCycle: 'monthly', category: 'other', dueDate: '2030-01-15' };
    const sub = (await call('POST', '/api/subscriptions', { token: user.token, body: fields })).body;
    await call('PUT', `/api/subscriptions/${sub.id}`, { token: user.token, body: { ...fields, amount: 6 } });
    await call('PUT', `/api/subscriptions/${sub.id}/cancel`, { token: user.token });
    await call('PUT', `/api/subscriptions/${sub.id}/reactivate`, { token: user.token });
    await call('PUT', `/api/subscriptions/${sub.id}/renew`, { token: user.token });
    await call('DELETE', `/api/subscriptions/${sub.id}`, { token: user.token });
    await call('PUT', `/api/subscriptions/${sub.id}/recover`, { token: user.token });
    const log = (await activityOf(user.id)).filter((entry) => entry.details.subscriptionId === sub.id);
    expect(log.map((entry) => entry.actionType).reverse()).toEqual([
      'subscription_created',
      'subscription_updated',
      'subscription_canceled',
      'subscription_reactivated',
      'subscription_renewed',
      'subscription_deleted',
      'subscription_recovered',
    ]);
    for (const entry of log) expect(entry).toMatchObject({ performedBy: user.username, details: { name: 'Logged' } });
    expect(log.find((entry) => entry.actionType === 'subscription_updated')?.details.fields).toBe('amount');
    expect(log.find((entry) => entry.actionType === 'subscription_renewed')?.details.dueDate).toBe('2030-02-15');
  });

  it('folds repeated settings changes into one entry with a count, the fields gathered', async () => {
    const user = await signedInUser();
    for (const currency of ['EUR', 'GBP', 'JPY', 'USD']) {
      expect((await call('PUT', '/api/auth/settings', { token: user.token, body: { currencyPreference: currency } })).status).toBe(200);
    }
    await call('PUT', '/api/auth/settings', { token: user.token, body: { displayName: 'Folded' } });
    const log = await activityOf(user.id);
    const changes = log.filter((entry) => entry.actionType === 'settings_changed');
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ count: 5, details: { fields: 'currencyPreference, displayName' } });
    expect(Date.parse(changes[0].lastAt)).toBeGreaterThanOrEqual(Date.parse(changes[0].createdAt));
    expect(log[0].id).toBe(changes[0].id);
    // Another kind of entry in between starts a new one.
    await call('POST', '/api/subscriptions', {
      token: user.token,
      body: { name: 'Between', amount: 1, category: 'other', dueDate: '2030-01-01' },
    });
    await call('PUT', '/api/auth/settings', { token: user.token, body: { currencyPreference: 'EUR' } });
    const after = (await activityOf(user.id)).filter((entry) => entry.actionType === 'settings_changed');
    expect(after.map((entry) => entry.count ?? 1)).toEqual([1, 5]);
  });
});

describe('GET /auth/users (the All Users table)', () => {
  it('pages newest first with a cursor: no duplicates, no gaps', async () => {
    for (let i = 0; i < 5; i++) await create(owner, { username: uniqueName('page'), password: PASSWORD });
    const all: Array<Record<string, any>> = [];
    let cursor: string | null = null;
    do {
      const answer = await users(owner, `?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.status).toBe(200);
      all.push(...answer.body.users);
      cursor = answer.body.nextCursor;
    } while (cursor);
    const paged: Array<Record<string, any>> = [];
    cursor = null;
    do {
      const answer = await users(owner, `?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.body.users.length).toBeLessThanOrEqual(7);
      paged.push(...answer.body.users);
      cursor = answer.body.nextCursor;
    } while (cursor);
    expect(paged.map((u) => u.id)).toEqual(all.map((u) => u.id));
    expect(new Set(paged.map((u) => u.id)).size).toBe(paged.length);
    const created = paged.map((u) => u.createdAt as string);
    expect([...created].sort().reverse()).toEqual(created);
    expect(paged[0]).not.toHaveProperty('passwordHash');
    expect((await users(owner)).body.users).toHaveLength(Math.min(25, all.length));
  });

  it('refuses a garbage cursor and a bad limit with 400', async () => {
    for (const cursor of ['garbage!', Buffer.from('{"pk":"STATS","sk":"GLOBAL"}').toString('base64url'), 'eyJ4IjoxfQ']) {
      expect(await users(owner, `?cursor=${encodeURIComponent(cursor)}`)).toMatchObject({
        status: 400,
        body: { message: adminMessages.invalidCursor },
      });
    }
    for (const limit of ['0', '101', 'ten', '-1', '2.5']) {
      expect(await users(owner, `?limit=${limit}`)).toMatchObject({ status: 400, body: { message: adminMessages.invalidLimit } });
    }
  });

  it('finds users by part of the username or the e-mail, whatever the letter case', async () => {
    const user = await signedInUser();
    const byName = await users(owner, `?search=${user.username.slice(2, 9).toUpperCase()}`);
    expect(byName.body.users.map((u: { id: string }) => u.id)).toContain(user.id);
    const next = `${uniqueName('findme')}@Example.org`;
    await setEmail(owner, user.id, next);
    const found: string[] = [];
    let cursor: string | null = null;
    do {
      const answer = await users(
        owner,
        `?search=${encodeURIComponent(next.slice(0, 12).toLowerCase())}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      found.push(...answer.body.users.map((u: { id: string }) => u.id));
      cursor = answer.body.nextCursor;
    } while (cursor);
    expect(found).toEqual([user.id]);
    expect((await users(owner, '?search=no-such-user-anywhere')).body.users).toEqual([]);
    // The user's own rename (settings) is searchable at once, and the old name no longer finds them.
    const renamed = uniqueName('renamed');
    expect((await call('PUT', '/api/auth/settings', { token: user.token, body: { username: renamed } })).status).toBe(200);
    expect((await users(owner, `?search=${renamed}`)).body.users.map((u: { id: string }) => u.id)).toEqual([user.id]);
    expect((await users(owner, `?search=${user.username}`)).body.users).toEqual([]);
  });

  it('keeps the counters from per-role counters through create, role change, grant and delete', async () => {
    const before = await counts();
    const made = await create(owner, { username: uniqueName('count'), password: PASSWORD });
    expect(await counts()).toEqual({ ...before, totalUsers: before.totalUsers + 1 });
    await setRole(owner, made.body.user.id, 'developer');
    expect(await counts()).toEqual({ ...before, totalUsers: before.totalUsers + 1, developers: before.developers + 1 });
    await setRole(owner, made.body.user.id, 'member');
    await call('POST', '/api/admin/membership/grant', {
      token: owner,
      body: { userId: made.body.user.id, subscriptionType: 'vip', duration: 7 },
    });
    expect(await counts()).toEqual({ ...before, totalUsers: before.totalUsers + 1, vip: before.vip + 1 });
    await remove(owner, made.body.user.id);
    expect(await counts()).toEqual(before);
  });
});
