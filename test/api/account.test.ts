import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../shared/api/account.js';
import { authMessages } from '../../shared/api/auth.js';
import { addDays } from '../../shared/domain/dates.js';
import {
  apiUrl,
  call,
  eventually,
  getItem,
  linkToken,
  login,
  mailsTo,
  me,
  PASSWORD,
  postToBucket,
  setAttributes,
  signedInUser,
  stackClock,
  table,
  tokenKey,
  uniqueName,
  uploadAvatar,
} from './helpers.js';

/** Issue 9: sessions, settings, the avatar, the data export and account deletion, through the local stack. */

const settings = (token: string, body: Record<string, unknown>) => call('PUT', '/api/auth/settings', { token, body });
const signInAgain = async (username: string) => {
  const answer = await login(username);
  expect(answer.status).toBe(200);
  return answer.body.token as string;
};

async function partition(userId: string) {
  const { client, name } = table();
  const { Items } = await client.send(
    new QueryCommand({ TableName: name, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}` } }),
  );
  return Items ?? [];
}

describe('sessions (issue 9 Sessions)', () => {
  it('logout ends only that session: its token answers 401 at once, another device stays signed in', async () => {
    const user = await signedInUser();
    const other = await signInAgain(user.username);
    const out = await call('POST', '/api/auth/logout', { token: user.token });
    expect(out.status).toBe(204);
    expect(await me(user.token)).toMatchObject({ status: 401, body: { message: authMessages.sessionExpired } });
    expect((await me(other)).status).toBe(200);
    // Idempotent (issue 21 §6): an ended session, a garbled token or none at all sign out without an error.
    expect((await call('POST', '/api/auth/logout', { token: user.token })).status).toBe(204);
    expect((await call('POST', '/api/auth/logout', { token: 'not-a-token' })).status).toBe(204);
    expect((await call('POST', '/api/auth/logout')).status).toBe(204);
    expect((await me(other)).status).toBe(200);
  });

  it("'sign out of all devices' ends every session; signing in again works", async () => {
    const user = await signedInUser();
    const other = await signInAgain(user.username);
    const out = await call('POST', '/api/auth/logout-all', { token: user.token });
    expect(out).toMatchObject({ status: 200, body: { message: authMessages.loggedOutEverywhere } });
    for (const token of [user.token, other]) {
      const answer = await me(token);
      expect(answer.status).toBe(401);
      expect(answer.body.sessionInvalidated).toBeUndefined();
    }
    expect((await me(await signInAgain(user.username))).status).toBe(200);
  });
});

describe('PUT /auth/settings: one kind of change at a time', () => {
  it.each([
    [{ displayName: 'Ada', profileColor: 'cyan' }],
    [{ currentPassword: PASSWORD, newPassword: 'Another123!', username: 'whatever' }],
    [{ allowAnimatedPfp: false, newPassword: 'Another123!' }],
  ])('refuses %o with 400', async (body) => {
    const user = await signedInUser();
    expect(await settings(user.token, body)).toMatchObject({ status: 400, body: { message: authMessages.oneKindOfChange } });
    expect((await me(user.token)).body.displayName).toBe(user.username);
  });
});

describe('password change', () => {
  it('refuses a wrong current password with 400 (the session stays) and a new password equal to the current one', async () => {
    const user = await signedInUser();
    const wrong = await settings(user.token, { currentPassword: 'Wrong123!', newPassword: 'Another123!' });
    expect(wrong).toMatchObject({ status: 400, body: { message: authMessages.currentPasswordWrong } });
    expect((await me(user.token)).status).toBe(200);
    const same = await settings(user.token, { currentPassword: PASSWORD, newPassword: PASSWORD });
    expect(same).toMatchObject({ status: 400, body: { message: authMessages.newPasswordSameAsCurrent } });
    const weak = await settings(user.token, { currentPassword: PASSWORD, newPassword: 'short' });
    expect(weak).toMatchObject({ status: 400, body: { message: 'Password must be at least 8 characters long' } });
    expect((await login(user.username)).status).toBe(200);
  });

  it('ends every other session, gives this device a new token, and swaps the password', async () => {
    const user = await signedInUser();
    const other = await signInAgain(user.username);
    const changed = await settings(user.token, { currentPassword: PASSWORD, newPassword: 'Changed123!' });
    expect(changed).toMatchObject({ status: 200, body: { message: authMessages.passwordChanged, user: { id: user.id } } });
    expect((await me(other)).status).toBe(401);
    expect((await me(user.token)).status).toBe(401);
    expect((await me(changed.body.token)).status).toBe(200);
    expect((await login(user.username)).status).toBe(401);
    expect((await login(user.username, 'Changed123!')).status).toBe(200);
  });

  it('counts wrong current passwords against the login throttle', async () => {
    const user = await signedInUser();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await settings(user.token, { currentPassword: `Wrong${i}23!`, newPassword: 'Another123!' }));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers[5].status).toBe(429);
    expect(answers[5].headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await me(user.token)).status).toBe(200);
  });
});

describe('account information', () => {
  it('changes the username (409 when taken in any case) and frees the old one', async () => {
    const user = await signedInUser();
    const someone = await signedInUser();
    expect(await settings(user.token, { username: someone.username.toUpperCase() })).toMatchObject({
      status: 409,
      body: { message: authMessages.usernameTaken },
    });
    expect(await settings(user.token, { username: 'ab' })).toMatchObject({ status: 400 });
    const renamed = uniqueName('renamed');
    const saved = await settings(user.token, { username: renamed, displayName: 'Renamed' });
    expect(saved).toMatchObject({ status: 200, body: { user: { username: renamed, displayName: 'Renamed' } } });
    expect((await login(renamed)).status).toBe(200);
    expect((await login(user.username)).status).toBe(401);
    const reuse = await call('POST', '/api/auth/register', {
      body: { username: user.username, email: `${uniqueName()}@example.com`, password: PASSWORD },
    });
    expect(reuse.status).toBe(201);
    expect(await getItem(`USERNAME#${renamed.toLowerCase()}`, 'USERNAME')).toMatchObject({ userId: user.id });
  });

  it('lets exactly one of concurrent renames to one name win', async () => {
    const [a, b, c] = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
    const name = uniqueName('wanted');
    const answers = await Promise.all([a, b, c].map((u) => settings(u.token, { username: name })));
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409, 409]);
  });

  it('changes the e-mail with the current password: pending until its link is used, reserving nothing meanwhile', async () => {
    const user = await signedInUser();
    const address = `${uniqueName('new')}@example.com`;
    // A stolen session alone cannot move the address (issue 21 §1).
    expect(await settings(user.token, { email: address })).toMatchObject({
      status: 400,
      body: { message: authMessages.passwordRequiredForEmail },
    });
    expect(await settings(user.token, { email: address, currentPassword: 'Wrong123!' })).toMatchObject({
      status: 400,
      body: { message: authMessages.currentPasswordWrong },
    });
    expect(await mailsTo(address)).toEqual([]);
    const changed = await settings(user.token, { email: address, currentPassword: PASSWORD });
    expect(changed).toMatchObject({
      status: 200,
      body: {
        message: authMessages.settingsUpdated,
        emailAdded: true,
        user: { email: user.email, emailVerified: true, pendingEmail: address },
      },
    });
    const [mail] = await mailsTo(address);
    expect(mail.subject).toMatch(/verify/i);
    const stored = await getItem(tokenKey(await linkToken(address, 'verify-email')).pk, 'TOKEN');
    expect((stored?.expiresAt as number) - Math.floor((await stackClock()) / 1000)).toBeGreaterThan(23 * 3600);
    // The old, verified address hears of it.
    expect((await mailsTo(user.email)).at(-1)?.subject).toBe('A new email address was requested for your account');

    // Reminders still go to the verified old address only.
    const runDate = '2037-03-10';
    const sub = await call('POST', '/api/subscriptions', {
      token: user.token,
      body: { name: 'Pending', amount: 10, category: 'streaming', dueDate: addDays(runDate, 3) },
    });
    expect(sub.status).toBe(201);
    expect((await fetch(`${apiUrl()}/_local/reminders?date=${runDate}`, { method: 'POST' })).status).toBe(200);
    expect((await mailsTo(address)).filter((m) => /Reminder:/.test(m.subject))).toEqual([]);
    expect((await mailsTo(user.email)).filter((m) => /Reminder:/.test(m.subject))).toHaveLength(1);

    // The pending address reserves nothing: its real owner can sign up with it.
    expect(await getItem(`EMAIL#${address.toLowerCase()}`, 'EMAIL')).toBeUndefined();
    expect(await getItem(`EMAIL#${user.email.toLowerCase()}`, 'EMAIL')).toMatchObject({ userId: user.id });
    const owner = await call('POST', '/api/auth/register', { body: { username: uniqueName(), email: address, password: PASSWORD } });
    expect(owner.status).toBe(201);
    // Signing in still works, with the old address, while the new one waits.
    expect((await login(user.username)).status).toBe(200);
  });

  it("makes a verified new address the account's, frees the old one and tells it", async () => {
    const user = await signedInUser();
    const address = `${uniqueName('moved')}@example.com`;
    expect((await settings(user.token, { email: address, currentPassword: PASSWORD })).status).toBe(200);
    const verified = await call('GET', `/api/auth/verify-email/${await linkToken(address, 'verify-email')}`);
    expect(verified).toMatchObject({ status: 200, body: { message: authMessages.newEmailVerified } });
    expect((await me(user.token)).body).toMatchObject({ email: address, emailVerified: true, pendingEmail: null });
    expect(await getItem(`EMAIL#${user.email.toLowerCase()}`, 'EMAIL')).toBeUndefined();
    expect(await getItem(`EMAIL#${address.toLowerCase()}`, 'EMAIL')).toMatchObject({ userId: user.id });
    expect((await mailsTo(user.email)).at(-1)?.subject).toBe('Your account’s email address was changed');
    const reuse = await call('POST', '/api/auth/register', { body: { username: uniqueName(), email: user.email, password: PASSWORD } });
    expect(reuse.status).toBe(201);
  });

  it("refuses a new address's link once another account has verified that address", async () => {
    const user = await signedInUser();
    const address = `${uniqueName('contested')}@example.com`;
    expect((await settings(user.token, { email: address, currentPassword: PASSWORD })).status).toBe(200);
    const pendingLink = await linkToken(address, 'verify-email');
    const owner = await call('POST', '/api/auth/register', { body: { username: uniqueName(), email: address, password: PASSWORD } });
    expect(owner.status).toBe(201);
    expect((await call('GET', `/api/auth/verify-email/${await linkToken(address, 'verify-email')}`)).status).toBe(200);
    expect(await call('GET', `/api/auth/verify-email/${pendingLink}`)).toMatchObject({
      status: 409,
      body: { message: authMessages.pendingEmailTaken },
    });
    expect((await me(user.token)).body).toMatchObject({ email: user.email, emailVerified: true });
  });

  it('removes the e-mail with an empty value and the password, and re-cases it without emailAdded', async () => {
    const user = await signedInUser();
    expect((await settings(user.token, { email: user.email.toUpperCase() })).status).toBe(400);
    const recased = await settings(user.token, { email: user.email.toUpperCase(), currentPassword: PASSWORD });
    expect(recased.body.emailAdded).toBeUndefined();
    expect(recased.body.user).toMatchObject({ email: user.email.toUpperCase(), emailVerified: true });
    expect(await settings(user.token, { email: '' })).toMatchObject({
      status: 400,
      body: { message: authMessages.passwordRequiredForEmail },
    });
    const removed = await settings(user.token, { email: '', currentPassword: PASSWORD });
    expect(removed).toMatchObject({ status: 200, body: { user: { email: null, emailVerified: false } } });
    expect(await getItem(`EMAIL#${user.email.toLowerCase()}`, 'EMAIL')).toBeUndefined();
    expect((await mailsTo(user.email)).at(-1)?.subject).toBe('The email address was removed from your account');
  });

  it('refuses the 1-day reminder for a member and allows it for the owner', async () => {
    const member = await signedInUser();
    expect(await settings(member.token, { notify1Day: true })).toMatchObject({
      status: 403,
      body: { message: authMessages.oneDayPaidOnly },
    });
    const owner = await signedInUser('owner');
    expect((await settings(owner.token, { notify1Day: true })).body.user.notify1Day).toBe(true);
  });
});

describe('profile customization (SPEC §3, §6)', () => {
  it.each([
    ['member', { profileEffect: 'rotating-gradient', profileColor: 'purple' }, { profileEffect: 'pulse-glow' }, authMessages.effectLocked],
    ['member', { allowAnimatedPfp: false }, { profileColor: 'green' }, authMessages.colorLocked],
    ['member', { profileColor: 'cyan' }, { allowAnimatedPfp: true }, authMessages.animatedLocked],
    [
      'vip',
      { profileEffect: 'wave-effect', profileColor: 'orange', allowAnimatedPfp: true },
      { profileEffect: 'sparkle-trail' },
      authMessages.effectLocked,
    ],
    ['vip', { profileColor: 'green' }, { profileColor: 'diamond' }, authMessages.colorLocked],
    ['premium', { profileEffect: 'rainbow-shift', profileColor: 'gold', allowAnimatedPfp: true }, null, null],
  ])('%s may save %o and not %o', async (role, allowed, locked, message) => {
    const user = await signedInUser(role);
    const saved = await settings(user.token, allowed);
    expect(saved).toMatchObject({ status: 200, body: { message: authMessages.profileSaved, user: allowed } });
    if (locked) expect(await settings(user.token, locked)).toMatchObject({ status: 403, body: { message } });
  });
});

// Tiny real images: the bytes, and the size their headers declare, are what matters.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
// A JPEG's start and its frame header (SOF0: 1×1, three components).
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffc00011080001000103012200021101031101ffd9', 'hex');
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
/** A PNG whose header says `width`×1. */
const pngOfWidth = (width: number) => {
  const bytes = Buffer.from(PNG);
  bytes.writeUInt32BE(width, 16);
  return bytes;
};
const upload = (token: string, bytes: Uint8Array, type = 'image/png') => uploadAvatar(token, bytes, type);

describe('avatar uploads straight to the bucket (SPEC §5 Avatar upload)', () => {
  it('checks the picture on arrival, serves it from /avatars/ under a server key, and deletes the previous one', async () => {
    const user = await signedInUser();
    const first = await upload(user.token, PNG);
    expect(first.ticket.body.fields.key).toMatch(new RegExp(`^uploads/${user.id}/[0-9a-f-]{36}$`));
    expect(first.outcome).toMatchObject({ status: 'accepted', message: accountMessages.avatarUpdated });
    const avatar = first.outcome?.user.avatar as string;
    expect(avatar).toMatch(new RegExp(`^/avatars/${user.id}/[0-9a-f-]{36}\\.png$`));
    const served = await fetch(apiUrl() + avatar);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await getItem(`USER#${user.id}`, 'PROFILE'))?.avatarKey).toBe(avatar.slice(1));

    for (const [type, bytes, ext] of [
      ['image/jpeg', JPEG, 'jpg'],
      ['image/webp', WEBP, 'webp'],
    ] as const) {
      const next = await upload(user.token, bytes, type);
      expect(next.outcome?.status).toBe('accepted');
      expect(next.outcome?.user.avatar).toMatch(new RegExp(`\\.${ext}$`));
      const got = await fetch(apiUrl() + next.outcome?.user.avatar);
      expect(got.headers.get('content-type')).toBe(type);
    }
    expect((await fetch(apiUrl() + avatar)).status).toBe(404);
    expect((await me(user.token)).body.avatar).toMatch(/\.webp$/);
  });

  it('judges the bytes, not the declared type', async () => {
    const user = await signedInUser();
    for (const bytes of [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), Buffer.from('%PDF-1.7 not a picture')]) {
      expect((await upload(user.token, bytes)).outcome).toEqual({ status: 'rejected', message: accountMessages.avatarInvalid });
    }
    // A GIF's bytes sent as a PNG are a GIF, and a member may not use one.
    expect((await upload(user.token, GIF)).outcome).toEqual({ status: 'rejected', message: accountMessages.gifLocked });
    // A type the contract does not know is refused before anything is handed out.
    expect((await call('POST', '/api/auth/avatar/upload', { token: user.token, body: { contentType: 'image/svg+xml' } })).body).toEqual({
      message: accountMessages.avatarInvalid,
    });
    expect((await me(user.token)).body.avatar).toBeNull();
  });

  it('refuses pictures other than GIFs larger than 300 px on the longer side', async () => {
    const user = await signedInUser();
    expect((await upload(user.token, pngOfWidth(301))).outcome).toEqual({
      status: 'rejected',
      message: accountMessages.imageTooManyPixels,
    });
    expect((await upload(user.token, pngOfWidth(300))).outcome?.status).toBe('accepted');
  });

  it('takes GIFs only from roles with animated avatars and with the toggle on', async () => {
    const member = await signedInUser();
    expect((await upload(member.token, GIF, 'image/gif')).ticket).toMatchObject({
      status: 403,
      body: { message: accountMessages.gifLocked },
    });
    const vip = await signedInUser('vip');
    expect((await upload(vip.token, GIF, 'image/gif')).ticket).toMatchObject({
      status: 400,
      body: { message: accountMessages.gifNeedsToggle },
    });
    expect((await settings(vip.token, { allowAnimatedPfp: true })).status).toBe(200);
    const gif = await upload(vip.token, GIF, 'image/gif');
    expect(gif.outcome?.status).toBe('accepted');
    const served = await fetch(apiUrl() + gif.outcome?.user.avatar);
    expect(served.headers.get('content-type')).toBe('image/gif');
    expect(Buffer.from(await served.arrayBuffer()).equals(GIF)).toBe(true);
  });

  it("leaves a picture over the type's limit to S3's policy: refused, never stored", async () => {
    const user = await signedInUser();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const { ticket, posted } = await upload(user.token, big);
    expect(ticket.body.maxBytes).toBe(5 * 1024 * 1024);
    expect(posted).toEqual({ status: 400, code: 'EntityTooLarge' });
    const outcome = await call('GET', `/api/auth/avatar/uploads/${ticket.body.uploadId}`, { token: user.token });
    expect(outcome.body).toEqual({ status: 'pending' });
  });

  it("refuses a form that breaks the policy: another key, another type, or another user's upload", async () => {
    const user = await signedInUser();
    const ticket = (await call('POST', '/api/auth/avatar/upload', { token: user.token, body: { contentType: 'image/png' } })).body;
    const tampered = (fields: Record<string, string>) =>
      postToBucket({ url: ticket.url, fields: { ...ticket.fields, ...fields } }, PNG, 'image/png');
    expect(await tampered({ key: `avatars/${user.id}/mine.png` })).toEqual({ status: 403, code: 'AccessDenied' });
    expect(await tampered({ 'Content-Type': 'text/html' })).toEqual({ status: 403, code: 'AccessDenied' });
    expect(await tampered({ 'x-amz-signature': '0'.repeat(64) })).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    const other = await signedInUser();
    expect(await call('GET', `/api/auth/avatar/uploads/${ticket.uploadId}`, { token: other.token })).toMatchObject({
      status: 404,
      body: { message: accountMessages.uploadNotFound },
    });
  });

  it('accepts a picture near the limit (4 MB)', async () => {
    const user = await signedInUser();
    expect((await upload(user.token, Buffer.concat([PNG, Buffer.alloc(4_000_000)]))).outcome?.status).toBe('accepted');
  });
});

describe('GET /auth/export', () => {
  it('answers the profile, every subscription and the activity, newest first', async () => {
    const user = await signedInUser();
    await call('POST', '/api/subscriptions', {
      token: user.token,
      body: { name: 'Netflix', amount: 15.99, category: 'streaming', dueDate: '2036-01-01' },
    });
    await settings(user.token, { displayName: 'Exported', currencyPreference: 'EUR' });
    const answer = await call('GET', '/api/auth/export', { token: user.token });
    expect(answer.status).toBe(200);
    expect(answer.body.profile).toMatchObject({ id: user.id, username: user.username, displayName: 'Exported' });
    expect(answer.body.profile.passwordHash).toBeUndefined();
    expect(answer.body.subscriptions).toEqual([expect.objectContaining({ name: 'Netflix', amount: 15.99 })]);
    const actions = (answer.body.activity as Array<{ actionType: string; createdAt: string; details: Record<string, unknown> }>).map(
      (a) => a.actionType,
    );
    expect(actions).toEqual(['settings_changed', 'subscription_created', 'login', 'email_verified', 'registration']);
    expect(answer.body.activity[0].details).toEqual({ fields: 'displayName, currencyPreference' });
    expect(JSON.stringify(answer.body)).not.toMatch(/passwordHash|tokenVersion/);
  });
});

describe('DELETE /auth/account', () => {
  it('refuses a wrong password with 400 and keeps everything', async () => {
    const user = await signedInUser();
    expect(await call('DELETE', '/api/auth/account', { token: user.token, body: { password: 'Wrong123!' } })).toMatchObject({
      status: 400,
      body: { message: authMessages.passwordIncorrect },
    });
    expect((await me(user.token)).status).toBe(200);
  });

  it('deletes everything of the user; the token 401s, the name and the address are free again', async () => {
    const user = await signedInUser();
    await call('POST', '/api/subscriptions', {
      token: user.token,
      body: { name: 'Spotify', amount: 9.99, category: 'music', dueDate: '2036-02-01' },
    });
    const avatar = (await upload(user.token, PNG)).outcome?.user.avatar as string;
    await signInAgain(user.username);
    expect((await partition(user.id)).length).toBeGreaterThan(4);
    const other = await signedInUser();

    const deleted = await call('DELETE', '/api/auth/account', { token: user.token, body: { password: PASSWORD } });
    expect(deleted).toMatchObject({ status: 200, body: { message: authMessages.accountDeleted } });
    expect((await me(user.token)).status).toBe(401);
    expect(await partition(user.id)).toEqual([]);
    expect(await getItem(`USERNAME#${user.username.toLowerCase()}`, 'USERNAME')).toBeUndefined();
    expect(await getItem(`EMAIL#${user.email.toLowerCase()}`, 'EMAIL')).toBeUndefined();
    // The picture goes after the profile, through the table's stream.
    await eventually(async () => ((await fetch(apiUrl() + avatar)).status === 404 ? true : undefined), 'the picture to be deleted');
    expect((await login(user.username)).status).toBe(401);
    const again = await call('POST', '/api/auth/register', { body: { username: user.username, email: user.email, password: PASSWORD } });
    expect(again.status).toBe(201);
    expect((await me(other.token)).status).toBe(200);
  });

  it('pages through a partition larger than one BatchWrite', async () => {
    const user = await signedInUser();
    const { client, name } = table();
    for (let i = 0; i < 60; i++) {
      await client.send(
        new PutCommand({
          TableName: name,
          Item: { pk: `USER#${user.id}`, sk: `ACT#2030-01-01T00:00:${String(i).padStart(2, '0')}.000Z#${i}`, actionType: 'seeded' },
        }),
      );
    }
    expect((await call('DELETE', '/api/auth/account', { token: user.token, body: { password: PASSWORD } })).status).toBe(200);
    expect(await partition(user.id)).toEqual([]);
  });

  it('refuses the last owner with 403, and lets an owner go when another owner remains', async () => {
    const owner = await signedInUser('owner');
    // The seeded first owner exists, so this owner may go.
    expect((await call('DELETE', '/api/auth/account', { token: owner.token, body: { password: PASSWORD } })).status).toBe(200);
    const seeded = await login('owner', 'Owner123!');
    const { client, name } = table();
    const owners = await client.send(
      new QueryCommand({
        TableName: name,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :u',
        FilterExpression: '#r = :o',
        ExpressionAttributeNames: { '#r': 'role' },
        ExpressionAttributeValues: { ':u': 'USERS', ':o': 'owner' },
      }),
    );
    for (const other of owners.Items ?? []) {
      if (other.id !== seeded.body.userId) await setAttributes(`USER#${other.id}`, 'PROFILE', { role: 'member' });
    }
    const refused = await call('DELETE', '/api/auth/account', { token: seeded.body.token, body: { password: 'Owner123!' } });
    expect(refused).toMatchObject({ status: 403, body: { message: accountMessages.lastOwner } });
    for (const other of owners.Items ?? []) {
      if (other.id !== seeded.body.userId) await setAttributes(`USER#${other.id}`, 'PROFILE', { role: 'owner' });
    }
  });
});
