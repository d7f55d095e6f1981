import { beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../shared/api/auth-messages.js';
import { MAX_PASSKEYS, type Passkey, type PasskeyCeremony, type PasskeySaved, passkeyMessages } from '../../shared/api/passkeys.js';
import { apiUrl, call, login, mailsTo, moveStackClock, PASSWORD, type SignedInUser, signedInUser } from './helpers.js';
import { type CeremonyOptions, SoftAuthenticator } from './soft-authenticator.js';

/**
 * Passkeys (issue 38 §1) through the local stack, with a WebAuthn authenticator in software: added in Settings after
 * the password, signing in without a password or a code, and the red team's cases: a stolen session alone, a ticket
 * reused, late or from another session, another origin, no user verification, a cloned credential.
 */

/** The site's origin, whose host is the relying party (PUBLIC_URL: http://localhost:<port>). */
const origin = () => new URL(apiUrl()).origin.replace('127.0.0.1', 'localhost');

async function registrationOptions(user: SignedInUser, password = PASSWORD) {
  return call<PasskeyCeremony>('POST', '/api/passkeys/options', { token: user.token, body: { password } });
}

/** Adds a passkey made by `authenticator` to the user's account. */
async function addPasskey(user: SignedInUser, authenticator: SoftAuthenticator, name = 'Laptop') {
  const ceremony = await registrationOptions(user);
  expect(ceremony.status, JSON.stringify(ceremony.body)).toBe(200);
  const credential = authenticator.register(ceremony.body.options as unknown as CeremonyOptions);
  return call<PasskeySaved>('POST', '/api/passkeys', { token: user.token, body: { ticket: ceremony.body.ticket, name, credential } });
}

async function signInOptions() {
  const ceremony = await call<PasskeyCeremony>('POST', '/api/auth/passkey/options');
  expect(ceremony.status).toBe(200);
  return ceremony.body;
}

let user: SignedInUser;
let authenticator: SoftAuthenticator;
beforeAll(async () => {
  user = await signedInUser();
  authenticator = new SoftAuthenticator(origin());
});

describe('adding a passkey (issue 38 §1)', () => {
  it('asks the password first, keeps the passkey, lists it and tells the account’s address', async () => {
    expect(await registrationOptions(user, 'wrong-password-1!')).toMatchObject({
      status: 400,
      body: { message: authMessages.currentPasswordWrong },
    });
    const ceremony = await registrationOptions(user);
    expect(ceremony.body.options).toMatchObject({
      rp: { id: 'localhost', name: 'Subscription Tracker' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
    });
    const added = await addPasskey(user, authenticator, ' Laptop ');
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ message: passkeyMessages.added, passkey: { name: 'Laptop', lastUsedAt: null } });
    const listed = await call<Passkey[]>('GET', '/api/passkeys', { token: user.token });
    expect(listed.body.map((passkey) => passkey.name)).toEqual(['Laptop']);
    const notice = (await mailsTo(user.email)).find((mail) => mail.subject === 'A passkey was added to your account');
    expect(JSON.stringify(notice)).toContain('Laptop');
  });

  it('refuses a ticket used twice, from another session, or after 5 minutes, and an answer without user verification', async () => {
    const other = await signedInUser();
    const soft = new SoftAuthenticator(origin());
    const ceremony = await registrationOptions(other);
    const credential = soft.register(ceremony.body.options as unknown as CeremonyOptions);
    // The same user signed in elsewhere: a session that did not ask.
    const elsewhere = (await login(other.username)).body.token as string;
    const refusedTicket = { status: 400, body: { message: passkeyMessages.ticketInvalid } };
    expect(
      await call('POST', '/api/passkeys', { token: elsewhere, body: { ticket: ceremony.body.ticket, name: 'x', credential } }),
    ).toMatchObject(refusedTicket);
    // That try used the ticket up.
    expect(
      await call('POST', '/api/passkeys', { token: other.token, body: { ticket: ceremony.body.ticket, name: 'x', credential } }),
    ).toMatchObject(refusedTicket);
    const unverified = await registrationOptions(other);
    expect(
      await call('POST', '/api/passkeys', {
        token: other.token,
        body: {
          ticket: unverified.body.ticket,
          name: 'x',
          credential: soft.register(unverified.body.options as never, { userVerified: false }),
        },
      }),
    ).toMatchObject({ status: 400, body: { message: passkeyMessages.userVerificationRequired } });
    const wrongOrigin = await registrationOptions(other);
    expect(
      await call('POST', '/api/passkeys', {
        token: other.token,
        body: {
          ticket: wrongOrigin.body.ticket,
          name: 'x',
          credential: soft.register(wrongOrigin.body.options as never, { origin: 'https://evil.example' }),
        },
      }),
    ).toMatchObject({ status: 400, body: { message: passkeyMessages.notVerified } });
    const late = await registrationOptions(other);
    await moveStackClock(5 * 60 * 1000 + 1000);
    expect(
      await call('POST', '/api/passkeys', {
        token: other.token,
        body: { ticket: late.body.ticket, name: 'x', credential: soft.register(late.body.options as never) },
      }),
    ).toMatchObject(refusedTicket);
    expect((await call<Passkey[]>('GET', '/api/passkeys', { token: other.token })).body).toEqual([]);
  });

  it('keeps at most 10, renames and removes them, each removal told by e-mail', async () => {
    const owner = await signedInUser();
    for (let i = 0; i < MAX_PASSKEYS; i++) expect((await addPasskey(owner, new SoftAuthenticator(origin()), `Key ${i}`)).status).toBe(201);
    expect(await addPasskey(owner, new SoftAuthenticator(origin()), 'One more')).toMatchObject({
      status: 409,
      body: { message: passkeyMessages.tooMany },
    });
    const [first] = (await call<Passkey[]>('GET', '/api/passkeys', { token: owner.token })).body;
    expect(await call('PUT', `/api/passkeys/${first.id}`, { token: owner.token, body: { name: 'Phone' } })).toMatchObject({
      status: 200,
      body: { message: passkeyMessages.renamed, passkey: { id: first.id, name: 'Phone' } },
    });
    expect(await call('DELETE', `/api/passkeys/${first.id}`, { token: owner.token })).toMatchObject({
      status: 200,
      body: { message: passkeyMessages.removed },
    });
    expect(await call('DELETE', `/api/passkeys/${first.id}`, { token: owner.token })).toMatchObject({
      status: 404,
      body: { message: passkeyMessages.notFound },
    });
    // Another user's passkey is not found either.
    expect((await call('DELETE', `/api/passkeys/${first.id}`, { token: user.token })).status).toBe(404);
    expect((await mailsTo(owner.email)).some((mail) => mail.subject === 'A passkey was removed from your account')).toBe(true);
    expect((await addPasskey(owner, new SoftAuthenticator(origin()), 'Room again')).status).toBe(201);
  });
});

describe('signing in with a passkey (issue 38 §1)', () => {
  it('signs in with no username, password or code, and records the use', async () => {
    const ceremony = await signInOptions();
    expect(ceremony.options).toMatchObject({ rpId: 'localhost', userVerification: 'required', allowCredentials: [] });
    const answer = await call('POST', '/api/auth/passkey', {
      body: { ticket: ceremony.ticket, credential: authenticator.signIn(ceremony.options as unknown as CeremonyOptions) },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ requiresTwoFactor: false, userId: user.id, user: { username: user.username } });
    expect((await call('GET', '/api/auth/me', { token: answer.body.token })).status).toBe(200);
    const [passkey] = (await call<Passkey[]>('GET', '/api/passkeys', { token: user.token })).body;
    expect(passkey.lastUsedAt).not.toBeNull();
  });

  it('refuses a cloned credential (its counter did not grow), another origin, no user verification, a reused ticket', async () => {
    const signIn = async (tweaks: Parameters<SoftAuthenticator['signIn']>[1] = {}, ticketOf?: PasskeyCeremony) => {
      const ceremony = ticketOf ?? (await signInOptions());
      return call('POST', '/api/auth/passkey', {
        body: { ticket: ceremony.ticket, credential: authenticator.signIn(ceremony.options as unknown as CeremonyOptions, tweaks) },
      });
    };
    const refused = { status: 401, body: { message: passkeyMessages.signInFailed } };
    const last = authenticator.counter;
    expect(await signIn({ counter: last })).toMatchObject(refused);
    expect(await signIn({ origin: 'https://evil.example' })).toMatchObject(refused);
    expect(await signIn({ userVerified: false })).toMatchObject({
      status: 400,
      body: { message: passkeyMessages.userVerificationRequired },
    });
    const once = await signInOptions();
    expect((await signIn({}, once)).status).toBe(200);
    expect(await signIn({}, once)).toMatchObject({ status: 400, body: { message: passkeyMessages.ticketInvalid } });
  });

  it('asks no two-factor code: user verification is the second factor', async () => {
    const twoFactorUser = await signedInUser();
    const soft = new SoftAuthenticator(origin());
    expect((await addPasskey(twoFactorUser, soft)).status).toBe(201);
    // Two-factor sign-in on, as its set-up leaves it.
    const { setAttributes } = await import('./helpers.js');
    await setAttributes(`USER#${twoFactorUser.id}`, 'PROFILE', { twoFactorEnabled: true });
    expect((await login(twoFactorUser.username)).body).toMatchObject({ requiresTwoFactor: true });
    const ceremony = await signInOptions();
    const answer = await call('POST', '/api/auth/passkey', {
      body: { ticket: ceremony.ticket, credential: soft.signIn(ceremony.options as never) },
    });
    expect(answer.body).toMatchObject({ requiresTwoFactor: false, userId: twoFactorUser.id });
  });
});
