import { beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../shared/api/auth-messages.js';
import { call, me, ownerSession, setAttributes, signedInUser } from './helpers.js';

/**
 * The session check, GET /api/auth/me, polled every 5 s by every visible signed-in tab: an ETag of
 * the exact answer, 304 with no body while nothing it shows has changed, and the same 401s as ever.
 */

let owner: string;
beforeAll(async () => {
  owner = await ownerSession();
});

describe('GET /api/auth/me answers an unchanged user 304', () => {
  it('sends an ETag, and answers If-None-Match naming it with 304, no body and the same headers', async () => {
    const user = await signedInUser();
    const first = await me(user.token);
    const etag = first.headers.get('etag') ?? '';
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^"[\w-]{43}"$/);

    const unchanged = await me(user.token, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toEqual({ raw: '' });
    expect(unchanged.headers.get('etag')).toBe(etag);
    expect(unchanged.headers.get('cache-control')).toBe('no-store');
    expect(unchanged.headers.get('x-content-type-options')).toBe('nosniff');
    // Several validators, weak ones and `*` match too; another validator does not.
    expect((await me(user.token, { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    expect((await me(user.token, { 'if-none-match': '*' })).status).toBe(304);
    expect(await me(user.token, { 'if-none-match': '"other"' })).toMatchObject({ status: 200, body: first.body });
  });

  it('answers 200 with the new user and a new ETag once anything it shows changes', async () => {
    const user = await signedInUser();
    const etag = (await me(user.token)).headers.get('etag') ?? '';
    await call('PUT', '/api/auth/settings', { token: user.token, body: { displayName: 'Grace' } });
    const changed = await me(user.token, { 'if-none-match': etag });
    expect(changed).toMatchObject({ status: 200, body: { displayName: 'Grace' } });
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('answers 200 when a membership that ended is applied on read', async () => {
    const user = await signedInUser();
    const grant = await call('POST', '/api/admin/membership/grant', {
      token: owner,
      body: { userId: user.id, subscriptionType: 'vip', duration: 30 },
    });
    expect(grant.status).toBe(200);
    const vip = await me(user.token);
    expect(vip.body.role).toBe('vip');
    await setAttributes(`USER#${user.id}`, 'PROFILE', { autoRenew: false, subscriptionEnd: new Date(Date.now() - 60_000).toISOString() });
    const ended = await me(user.token, { 'if-none-match': vip.headers.get('etag') ?? '' });
    expect(ended).toMatchObject({ status: 200, body: { role: 'member', subscriptionType: null } });
  });

  it('never hides a 401 behind a 304: deactivated, terminated and signed-out sessions answer as before', async () => {
    const deactivated = await signedInUser();
    const deactivatedTag = (await me(deactivated.token)).headers.get('etag') ?? '';
    await setAttributes(`USER#${deactivated.id}`, 'PROFILE', { accountStatus: 'deactivated' });
    expect(await me(deactivated.token, { 'if-none-match': deactivatedTag })).toMatchObject({
      status: 401,
      body: { message: authMessages.accountDeactivated, accountDeactivated: true },
    });

    const terminated = await signedInUser();
    const terminatedTag = (await me(terminated.token)).headers.get('etag') ?? '';
    await setAttributes(`USER#${terminated.id}`, 'PROFILE', { tokenVersion: 2, sessionEndReason: 'admin' });
    expect(await me(terminated.token, { 'if-none-match': terminatedTag })).toMatchObject({
      status: 401,
      body: { message: authMessages.sessionTerminated, sessionInvalidated: true },
    });

    const signedOut = await signedInUser();
    const signedOutTag = (await me(signedOut.token)).headers.get('etag') ?? '';
    expect((await call('POST', '/api/auth/logout', { token: signedOut.token })).status).toBe(204);
    expect(await me(signedOut.token, { 'if-none-match': signedOutTag })).toMatchObject({
      status: 401,
      body: { message: authMessages.sessionExpired },
    });
    expect(await call('GET', '/api/auth/me', { headers: { 'if-none-match': '*' } })).toMatchObject({
      status: 401,
      body: { message: authMessages.signInRequired },
    });
  });
});
