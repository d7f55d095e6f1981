import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../shared/api/auth-messages.js';
import { type PasskeyCeremony, type PasskeySaved, passkeyMessages } from '../../shared/api/passkeys.js';
import { type SsoLink, type SsoOutcome, ssoMessages } from '../../shared/api/sso.js';
import { SSO_CLIENT, SSO_PROVIDER_NAME, signInAtProvider } from '../sso-provider.js';
import { apiUrl, call, linkToken, PASSWORD, runFunctionsInThisProcess, type SignedInUser, signedInUser, uniqueName } from './helpers.js';
import { type CeremonyOptions, SoftAuthenticator } from './soft-authenticator.js';

/**
 * Single sign-on (issue 38 §2) through the local stack against a real OpenID provider on loopback (oidc-provider,
 * test/sso-provider.ts): a new identity makes an account, comes back to it, is never matched to an account by its
 * e-mail address, is linked to an existing one only after its password; and an ID token that is forged, expired or
 * for another client is refused (a provider of the test's own, which signs what it is told).
 */

/** Signs in at the provider as `login`, from the product's start to its finish. */
async function flow(login: string, intent: 'sign-in' | 'link' | 'confirm' = 'sign-in', token?: string) {
  // Linking asks the account's password first, as a stolen session must not link anything.
  const body = intent === 'link' ? { intent, password: PASSWORD } : { intent };
  const start = await call<{ authorizationUrl: string }>('POST', '/api/auth/sso/start', { token, body });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const callback = await signInAtProvider(start.body.authorizationUrl, login);
  return {
    query: callback.search,
    finish: () => call<SsoOutcome>('POST', '/api/auth/sso/finish', { token, body: { query: callback.search } }),
  };
}

describe('single sign-on with a provider (issue 38 §2)', () => {
  it('tells the sign-in page the provider’s name', async () => {
    expect((await call('GET', '/api/auth/sso')).body).toEqual({ provider: { name: SSO_PROVIDER_NAME }, passwordSignIn: true });
  });

  it('makes an account for a new identity, then signs it in again with no password', async () => {
    const login = uniqueName('alice');
    const first = await (await flow(login)).finish();
    expect(first.body).toMatchObject({ outcome: 'new-identity', canSignUp: true, email: `${login}@sso.example`, suggestedUsername: login });
    const ticket = (first.body as { ticket: string }).ticket;
    const made = await call('POST', '/api/auth/sso/sign-up', { body: { ticket, username: login } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({
      requiresTwoFactor: false,
      user: { username: login, email: `${login}@sso.example`, emailVerified: true },
    });
    const links = await call<SsoLink[]>('GET', '/api/auth/sso/links', { token: made.body.token });
    expect(links.body).toEqual([expect.objectContaining({ provider: SSO_PROVIDER_NAME, account: `${login}@sso.example` })]);
    // Its only way in: it cannot be unlinked.
    expect(await call('DELETE', `/api/auth/sso/links/${links.body[0].id}`, { token: made.body.token })).toMatchObject({
      status: 409,
      body: { message: ssoMessages.lastWayIn },
    });
    const again = await (await flow(login)).finish();
    expect(again.body).toMatchObject({ outcome: 'signed-in', signIn: { requiresTwoFactor: false, userId: made.body.userId } });
    // No password signs this account in.
    expect((await call('POST', '/api/auth/login', { body: { username: login, password: '' } })).status).toBe(400);
  });

  it('never signs in to an account because its e-mail address matches: its password links it', async () => {
    const login = uniqueName('bob');
    const email = `${login}@sso.example`;
    expect((await call('POST', '/api/auth/register', { body: { username: login, email, password: PASSWORD } })).status).toBe(201);
    await call('GET', `/api/auth/verify-email/${await linkToken(email, 'verify-email')}`);
    const outcome = await (await flow(login)).finish();
    expect(outcome.body).toMatchObject({ outcome: 'new-identity', email });
    const ticket = (outcome.body as { ticket: string }).ticket;
    expect(await call('POST', '/api/auth/sso/sign-up', { body: { ticket, username: uniqueName('other') } })).toMatchObject({
      status: 409,
      body: { message: ssoMessages.emailTaken },
    });
    expect(await call('POST', '/api/auth/sso/link', { body: { ticket, username: login, password: 'Wrong-pass-1!' } })).toMatchObject({
      status: 401,
      body: { message: authMessages.invalidCredentials },
    });
    const linked = await call('POST', '/api/auth/sso/link', { body: { ticket, username: login, password: PASSWORD } });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect((await (await flow(login)).finish()).body).toMatchObject({ outcome: 'signed-in', signIn: { userId: linked.body.userId } });
    // With a password as well, the link can go; then the identity is a stranger again.
    const [link] = (await call<SsoLink[]>('GET', '/api/auth/sso/links', { token: linked.body.token })).body;
    expect((await call('DELETE', `/api/auth/sso/links/${link.id}`, { token: linked.body.token })).body).toEqual({
      message: ssoMessages.unlinked,
    });
    expect((await (await flow(login)).finish()).body).toMatchObject({ outcome: 'new-identity' });
  });

  it('links from Settings only after the password, only to the account that started it, and an identity to one account only', async () => {
    const user: SignedInUser = await signedInUser();
    // A session alone links nothing.
    expect(await call('POST', '/api/auth/sso/start', { token: user.token, body: { intent: 'link' } })).toMatchObject({
      status: 400,
      body: { message: ssoMessages.passwordRequired },
    });
    expect(
      await call('POST', '/api/auth/sso/start', { token: user.token, body: { intent: 'link', password: 'Wrong-pass-1!' } }),
    ).toMatchObject({
      status: 400,
      body: { message: authMessages.currentPasswordWrong },
    });
    const login = uniqueName('carol');
    const linked = await (await flow(login, 'link', user.token)).finish();
    expect(linked.body).toMatchObject({ outcome: 'linked', message: ssoMessages.linked, link: { provider: SSO_PROVIDER_NAME } });
    const other = await signedInUser();
    expect(await (await flow(login, 'link', other.token)).finish()).toMatchObject({
      status: 409,
      body: { message: ssoMessages.usedElsewhere },
    });
    // A flow started by one account and finished in another's session is refused.
    const started = await flow(uniqueName('dave'), 'link', user.token);
    expect(await call('POST', '/api/auth/sso/finish', { token: other.token, body: { query: started.query } })).toMatchObject({
      status: 400,
      body: { message: ssoMessages.flowInvalid },
    });
  });

  it('lets an account without a password add a passkey after signing in at the provider again, and no one else', async () => {
    const login = uniqueName('fay');
    const ticket = ((await (await flow(login)).finish()).body as { ticket: string }).ticket;
    const made = await call('POST', '/api/auth/sso/sign-up', { body: { ticket, username: login } });
    const token = made.body.token as string;
    expect(await call('POST', '/api/passkeys/options', { token, body: {} })).toMatchObject({
      status: 400,
      body: { message: passkeyMessages.passwordRequired },
    });
    const confirmed = await (await flow(login, 'confirm', token)).finish();
    expect(confirmed.body).toMatchObject({ outcome: 'confirmed' });
    const confirmation = (confirmed.body as { confirmation: string }).confirmation;
    const ceremony = await call<PasskeyCeremony>('POST', '/api/passkeys/options', { token, body: { confirmation } });
    expect(ceremony.status).toBe(200);
    const authenticator = new SoftAuthenticator(new URL(apiUrl()).origin.replace('127.0.0.1', 'localhost'));
    const credential = authenticator.register(ceremony.body.options as unknown as CeremonyOptions);
    const added = await call<PasskeySaved>('POST', '/api/passkeys', {
      token,
      body: { ticket: ceremony.body.ticket, name: 'Phone', credential },
    });
    expect(added.status).toBe(201);
    // Two ways in: the provider can go; then the passkey is the last, and stays.
    const [link] = (await call<SsoLink[]>('GET', '/api/auth/sso/links', { token })).body;
    expect((await call('DELETE', `/api/auth/sso/links/${link.id}`, { token })).status).toBe(200);
    expect(await call('DELETE', `/api/passkeys/${added.body.passkey.id}`, { token })).toMatchObject({
      status: 409,
      body: { message: passkeyMessages.lastWayIn },
    });
    // Another account's provider sign-in proves nothing here, nor this confirmation for another account.
    expect(await (await flow(uniqueName('gus'), 'confirm', token)).finish()).toMatchObject({
      status: 403,
      body: { message: ssoMessages.notYours },
    });
    const other = await signedInUser();
    expect(await call('POST', '/api/passkeys/options', { token: other.token, body: { confirmation } })).toMatchObject({
      status: 400,
      body: { message: passkeyMessages.passwordRequired },
    });
  });

  it('takes a flow once, and refuses one it never started', async () => {
    const { finish } = await flow(uniqueName('erin'));
    expect((await finish()).status).toBe(200);
    expect(await finish()).toMatchObject({ status: 400, body: { message: ssoMessages.flowInvalid } });
    expect(await call('POST', '/api/auth/sso/finish', { body: { query: '?code=x&state=made-up-state-0123456789abc' } })).toMatchObject({
      status: 400,
      body: { message: ssoMessages.flowInvalid },
    });
  });
});

describe('ID tokens the product refuses (issue 38 §2)', () => {
  /** A provider of the test's own, which signs the ID token it is told to (in the cloud's mode: the functions in this process). */
  let server: Server;
  let issuer: string;
  let idToken: (claims: { nonce: string }) => Promise<string>;
  let restore: () => void;
  let sso: typeof import('../../functions/lib/auth/sso.js');
  let keys: { published: Awaited<ReturnType<typeof generateKeyPair>>; other: Awaited<ReturnType<typeof generateKeyPair>> };
  let jwk: JWK;

  beforeAll(async () => {
    keys = { published: await generateKeyPair('RS256'), other: await generateKeyPair('RS256') };
    jwk = { ...(await exportJWK(keys.published.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', issuer);
      const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (url.pathname === '/.well-known/openid-configuration') {
        return json({
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
        });
      }
      if (url.pathname === '/jwks') return json({ keys: [jwk] });
      if (url.pathname === '/token') {
        let body = '';
        req.on('data', (chunk) => {
          body += chunk;
        });
        req.on('end', async () => {
          const nonce = new URLSearchParams(body).get('code') ?? '';
          json({ access_token: 'at', token_type: 'Bearer', expires_in: 60, id_token: await idToken({ nonce }) });
        });
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    restore = runFunctionsInThisProcess({
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: SSO_CLIENT.id,
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_NAME: 'Rogue',
    });
    sso = await import('../../functions/lib/auth/sso.js');
  });
  afterAll(async () => {
    restore();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** A flow started by the product, its callback carrying the nonce as the code (so the token endpoint can sign it). */
  async function finishWith(token: (nonce: string) => Promise<string>) {
    idToken = ({ nonce }) => token(nonce);
    const authorization = new URL(await sso.startFlow('sign-in'));
    const state = authorization.searchParams.get('state') ?? '';
    const nonce = authorization.searchParams.get('nonce') ?? '';
    return sso.finishFlow(`?code=${encodeURIComponent(nonce)}&state=${state}`);
  }
  const claims = (nonce: string) => ({ nonce, email: 'mallory@example.com', email_verified: true });
  const signed = (key: Parameters<SignJWT['sign']>[0], nonce: string, change: (jwt: SignJWT) => SignJWT = (jwt) => jwt) =>
    change(
      new SignJWT(claims(nonce))
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(issuer)
        .setSubject('mallory')
        .setAudience(SSO_CLIENT.id)
        .setIssuedAt()
        .setExpirationTime('5m'),
    ).sign(key);

  it('takes a token signed by the provider’s published key, for this client, in time', async () => {
    const { identity } = await finishWith((nonce) => signed(keys.published.privateKey, nonce));
    expect(identity).toMatchObject({ issuer, subject: 'mallory', verifiedEmail: 'mallory@example.com' });
  });

  it.each([
    ['forged (signed by another key)', (nonce: string) => signed(keys.other.privateKey, nonce)],
    [
      'expired',
      (nonce: string) =>
        signed(keys.published.privateKey, nonce, (jwt) =>
          jwt.setIssuedAt(Math.floor(Date.now() / 1000) - 3600).setExpirationTime(Math.floor(Date.now() / 1000) - 1800),
        ),
    ],
    ['for another client', (nonce: string) => signed(keys.published.privateKey, nonce, (jwt) => jwt.setAudience('another-client'))],
    ['from another issuer', (nonce: string) => signed(keys.published.privateKey, nonce, (jwt) => jwt.setIssuer('https://evil.example'))],
    ['with another nonce', () => signed(keys.published.privateKey, 'not-the-flows-nonce')],
  ])('refuses one %s', async (_name, token) => {
    await expect(finishWith(token)).rejects.toMatchObject({ status: 400, message: ssoMessages.refused });
  });
});

describe('password sign-in turned off (issue 38 §2)', () => {
  let restore: () => void;
  let auth: typeof import('../../functions/auth/handler.js');
  beforeAll(async () => {
    // The auth function as the cloud runs it with PASSWORD_SIGN_IN=off, in this process.
    restore = runFunctionsInThisProcess({ PASSWORD_SIGN_IN: 'off' });
    auth = await import('../../functions/auth/handler.js');
  });
  afterAll(() => restore());

  const post = (path: string, body: unknown) =>
    auth.handler(
      {
        version: '2.0',
        rawPath: path,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        requestContext: { requestId: crypto.randomUUID(), http: { method: 'POST', path, sourceIp: '127.0.0.1' } },
      },
      { awsRequestId: crypto.randomUUID() } as never,
    );

  it('refuses a member’s password and a new password account, and still lets the owner in', async () => {
    const member = await signedInUser();
    const refused = await post('/api/auth/login', { username: member.username, password: PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body)).toEqual({ message: ssoMessages.passwordSignInOff });
    const signUp = await post('/api/auth/register', {
      username: uniqueName('new'),
      email: `${uniqueName('new')}@example.com`,
      password: PASSWORD,
    });
    expect(JSON.parse(signUp.body)).toEqual({ message: ssoMessages.passwordSignInOff });
    expect((await post('/api/auth/login', { username: 'owner', password: 'Owner123!' })).statusCode).toBe(200);
  });
});
