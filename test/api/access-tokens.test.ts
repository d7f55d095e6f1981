import { beforeAll, describe, expect, it } from 'vitest';
import { type AccessToken, accessTokenMessages, type CreatedAccessToken, MAX_ACCESS_TOKENS } from '../../shared/api/access-tokens.js';
import type { Subscription } from '../../shared/api/subscription.js';
import { call, mailsTo, ownerSession, type SignedInUser, signedInUser } from './helpers.js';

/**
 * Personal access tokens (issue 37 §1, §2) through the local stack: made in Settings (a session), shown once, kept
 * as a hash; `Authorization: Bearer st_…` on the product's data within the token's scope, never the account's
 * security nor an admin route; ended by revoking, by 'Sign out of all devices'; every write in the activity log.
 */
let owner: SignedInUser;
beforeAll(async () => {
  owner = await signedInUser();
});

const create = async (user: SignedInUser, body: Record<string, unknown>) =>
  call<CreatedAccessToken>('POST', '/api/auth/tokens', { token: user.token, body });

async function token(user: SignedInUser, scope: 'read' | 'write', name = `script ${scope}`): Promise<string> {
  const answer = await create(user, { name, scope, expiresInDays: 30 });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.token;
}

const subscription = { name: 'Netflix', amount: 15.49, category: 'streaming', dueDate: '2030-01-31', billingCycle: 'monthly' };

describe('making a token (issue 37 §1)', () => {
  it('shows the token once, keeps only what recognises it, and tells the account’s address', async () => {
    const answer = await create(owner, { name: '  Receipts agent ', scope: 'write', expiresInDays: 90 });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(accessTokenMessages.created);
    expect(answer.body.token).toMatch(/^st_[A-Za-z0-9_-]{43}$/);
    expect(answer.body.accessToken).toMatchObject({ name: 'Receipts agent', scope: 'write', start: answer.body.token.slice(0, 9) });
    // Counted from its creation by the stack's clock, which other tests move.
    const days = (Date.parse(answer.body.accessToken.expiresAt ?? '') - Date.parse(answer.body.accessToken.createdAt)) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);
    const list = await call<AccessToken[]>('GET', '/api/auth/tokens', { token: owner.token });
    expect(list.body.find((t) => t.id === answer.body.accessToken.id)).toEqual({
      ...answer.body.accessToken,
      lastUsedAt: null,
      lastUsedFrom: null,
    });
    expect(JSON.stringify(list.body)).not.toContain(answer.body.token);
    const notice = (await mailsTo(owner.email)).find((mail) => mail.subject === 'An access token was created for your account');
    expect(JSON.stringify(notice)).toContain('Receipts agent');
  });

  it('refuses a bad name, scope or expiry with its message, and a 21st token', async () => {
    const user = await signedInUser();
    expect(await create(user, { name: ' ', scope: 'read', expiresInDays: 30 })).toMatchObject({
      status: 400,
      body: { message: accessTokenMessages.nameRequired },
    });
    expect(await create(user, { name: 'x', scope: 'admin', expiresInDays: 30 })).toMatchObject({
      status: 400,
      body: { message: accessTokenMessages.scopeInvalid },
    });
    expect(await create(user, { name: 'x', scope: 'read', expiresInDays: 7 })).toMatchObject({
      status: 400,
      body: { message: accessTokenMessages.lifetimeInvalid },
    });
    for (let i = 0; i < MAX_ACCESS_TOKENS; i++)
      expect((await create(user, { name: `t${i}`, scope: 'read', expiresInDays: null })).status).toBe(201);
    expect(await create(user, { name: 'one more', scope: 'read', expiresInDays: null })).toMatchObject({
      status: 409,
      body: { message: accessTokenMessages.tooMany },
    });
  });
});

describe('what a token opens (issue 37 §2)', () => {
  it('a write token lists, adds and marks paid, records its use, and its writes are logged with its name', async () => {
    const user = await signedInUser();
    const write = await token(user, 'write', 'Budget script');
    const created = await call<Subscription>('POST', '/api/subscriptions', { token: write, body: subscription });
    expect(created.status).toBe(201);
    const listed = await call<Subscription[]>('GET', '/api/subscriptions', { token: write });
    expect(listed.body.map((s) => s.name)).toEqual(['Netflix']);
    const paid = await call('POST', `/api/subscriptions/${created.body.id}/payments`, {
      token: write,
      body: { dueDate: '2030-01-31', status: 'paid' },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const tokens = await call<AccessToken[]>('GET', '/api/auth/tokens', { token: user.token });
    expect(tokens.body[0]).toMatchObject({ name: 'Budget script', lastUsedFrom: expect.any(String) });
    expect(tokens.body[0].lastUsedAt).not.toBeNull();
    const exported = await call('GET', '/api/auth/export', { token: user.token });
    const writes = exported.body.activity.filter((a: { actionType: string }) => a.actionType === 'access_token_write');
    expect(writes.map((a: { details: { token: string; route: string } }) => a.details)).toEqual(
      expect.arrayContaining([
        { token: 'Budget script', route: 'POST /api/subscriptions' },
        { token: 'Budget script', route: 'POST /api/subscriptions/{id}/payments' },
      ]),
    );
  });

  it('a read token reads and cannot write, with the reason', async () => {
    const user = await signedInUser();
    const read = await token(user, 'read');
    expect((await call('GET', '/api/subscriptions', { token: read })).status).toBe(200);
    expect(await call('POST', '/api/subscriptions', { token: read, body: subscription })).toMatchObject({
      status: 403,
      body: { message: accessTokenMessages.readOnly },
    });
  });

  it('never reaches the account’s security, its tokens, its sessions or an admin route, whatever the role', async () => {
    const ownerToken = await token({ ...owner, token: await ownerSession() }, 'write', 'owner script');
    const refused = { status: 403, body: { message: accessTokenMessages.notForTokens } };
    for (const [method, path, body] of [
      ['GET', '/api/auth/me', undefined],
      ['PUT', '/api/auth/settings', { displayName: 'x' }],
      ['PUT', '/api/auth/settings', { currentPassword: 'x', newPassword: 'Another-Secret-1' }],
      ['DELETE', '/api/auth/account', { password: 'x' }],
      ['POST', '/api/2fa/setup', undefined],
      ['GET', '/api/auth/tokens', undefined],
      ['POST', '/api/auth/tokens', { name: 'more', scope: 'write', expiresInDays: null }],
      ['POST', '/api/auth/logout-all', undefined],
      ['GET', '/api/auth/export', undefined],
      ['GET', '/api/auth/users', undefined],
      ['GET', '/api/channels', undefined],
    ] as const) {
      expect(await call(method, path, { token: ownerToken, body }), `${method} ${path}`).toMatchObject(refused);
    }
  });

  it('a revoked token, one from before "Sign out of all devices", and a made-up one get 401', async () => {
    const user = await signedInUser();
    const first = await token(user, 'read', 'first');
    const second = await token(user, 'read', 'second');
    const [listed] = (await call<AccessToken[]>('GET', '/api/auth/tokens', { token: user.token })).body.filter((t) => t.name === 'first');
    expect((await call('DELETE', `/api/auth/tokens/${listed.id}`, { token: user.token })).body).toEqual({
      message: accessTokenMessages.revoked,
    });
    const invalid = { status: 401, body: { message: accessTokenMessages.invalid } };
    expect(await call('GET', '/api/subscriptions', { token: first })).toMatchObject(invalid);
    expect((await call('GET', '/api/subscriptions', { token: second })).status).toBe(200);
    expect((await call('POST', '/api/auth/logout-all', { token: user.token })).status).toBe(200);
    expect(await call('GET', '/api/subscriptions', { token: second })).toMatchObject(invalid);
    expect(await call('GET', '/api/subscriptions', { token: `st_${'A'.repeat(43)}` })).toMatchObject(invalid);
  });

  it('an account an admin deactivates has every token ended, and they stay ended once it is active again', async () => {
    const user = await signedInUser();
    const read = await token(user, 'read', 'deactivated');
    const admin = await ownerSession();
    expect((await call('PUT', `/api/auth/users/${user.id}/status`, { token: admin, body: { status: 'deactivated' } })).status).toBe(200);
    expect((await call('GET', '/api/subscriptions', { token: read })).status).toBe(401);
    expect((await call('PUT', `/api/auth/users/${user.id}/status`, { token: admin, body: { status: 'active' } })).status).toBe(200);
    expect(await call('GET', '/api/subscriptions', { token: read })).toMatchObject({
      status: 401,
      body: { message: accessTokenMessages.invalid },
    });
  });

  it('has its own throttle: 429 with Retry-After', async () => {
    const user = await signedInUser();
    const read = await token(user, 'read');
    // 120 a minute: past them within one minute's window, or within the next when the first ends midway.
    let throttled: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 245 && !throttled; i++) {
      const answer = await call('GET', '/api/subscriptions', { token: read });
      if (answer.status === 429) throttled = answer;
    }
    expect(throttled?.body).toEqual({ message: accessTokenMessages.tooManyRequests });
    expect(Number(throttled?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
