import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../shared/api/auth.js';
import {
  type ApiAnswer,
  call,
  callFrom,
  getItem,
  linkToken,
  login,
  mailsTo,
  me,
  moveStackClock,
  ownerSession,
  PASSWORD,
  setAttributes,
  signedInUser,
  stackClock,
  tokenKey,
  uniqueName,
} from './helpers.js';

/**
 * Issue 21 §1, §4, §6: what a stolen session token or a password sprayed from many addresses can no
 * longer do. Each test was written first against the old main, where it failed.
 */

/** The one answer of a login past the account's ceiling, whatever the password (issue 34 §1). */
const UNDER_ATTACK = { status: 403, body: { message: authMessages.signInLinkSent, signInLinkSent: true } };

/** A sign-in link's token, from the last mail to the address. */
async function signInLinkToken(address: string): Promise<string> {
  const mail = (await mailsTo(address)).at(-1);
  const match = /\/confirm-sign-in\?token=([A-Za-z0-9_-]+)/.exec(mail?.body.text ?? '');
  expect(match, 'a sign-in link in the last mail').not.toBeNull();
  return (match as RegExpExecArray)[1];
}

/** A wrong password sent from a loopback address, and the status it must get. */
type WrongPassword = (address: string, password: string) => Promise<ApiAnswer>;

const wrongLogin =
  (username: string): WrongPassword =>
  (address, password) =>
    callFrom(address, 'POST', '/api/auth/login', { body: { username, password } });

/**
 * The login throttles count in fixed windows (15 minutes per account and address, an hour per account,
 * both starting on the quarter hour): a test that filled one across a window's start would see it half
 * empty. So a test starts at least 3 minutes before the next quarter hour of the stack's clock, which the
 * files before it on the same stack may have moved anywhere.
 */
async function clearOfWindowStart(): Promise<void> {
  const left = 900 - (Math.floor((await stackClock()) / 1000) % 900);
  if (left < 180) await moveStackClock((left + 1) * 1000);
}

/** 20 wrong passwords for one account from 4 loopback addresses, 5 each (each address's own limit). */
async function sprayWrongPasswords(send: WrongPassword, subnet: number, status = 401): Promise<void> {
  await clearOfWindowStart();
  for (let address = 1; address <= 4; address++) {
    for (let i = 0; i < 5; i++) expect((await send(`127.0.${subnet}.${address}`, `Wrong${i}23!`)).status).toBe(status);
  }
}

describe('a stolen session token cannot take the account (§1)', () => {
  it('the token alone moves no address: the chain change → forgot → reset is closed', async () => {
    const victim = await signedInUser();
    const attacker = `${uniqueName('thief')}@example.com`;
    expect((await call('PUT', '/api/auth/settings', { token: victim.token, body: { email: attacker } })).status).toBe(400);
    expect((await me(victim.token)).body).toMatchObject({ email: victim.email, pendingEmail: null });
    expect((await call('POST', '/api/auth/forgot-password', { body: { email: attacker } })).status).toBe(200);
    expect(await mailsTo(attacker)).toEqual([]);
    expect((await login(victim.username)).status).toBe(200);
  });

  it('reset links go to verified addresses only', async () => {
    const user = await signedInUser();
    // An address from before this change that was never verified (the settings change no longer makes one).
    await setAttributes(`USER#${user.id}`, 'PROFILE', { emailVerified: false, emailGateCleared: true });
    expect((await call('POST', '/api/auth/forgot-password', { body: { email: user.email } })).status).toBe(200);
    expect((await mailsTo(user.email)).map((mail) => mail.subject)).not.toContain('Reset your Subscription Tracker password');
  });

  it('the verified address hears of a password change and of a reset', async () => {
    const user = await signedInUser();
    const changed = await call('PUT', '/api/auth/settings', {
      token: user.token,
      body: { currentPassword: PASSWORD, newPassword: 'Changed123!' },
    });
    expect(changed.status).toBe(200);
    expect((await mailsTo(user.email)).at(-1)?.subject).toBe('Your password was changed');
    expect((await call('POST', '/api/auth/forgot-password', { body: { email: user.email } })).status).toBe(200);
    const reset = await call('POST', '/api/auth/reset-password', {
      body: { token: await linkToken(user.email, 'reset-password'), password: 'Another123!' },
    });
    expect(reset.status).toBe(200);
    expect((await mailsTo(user.email)).at(-1)?.subject).toBe('Your password was reset');
  });

  it('a new password drops a pending change of address: its link no longer works', async () => {
    const user = await signedInUser();
    const address = `${uniqueName('pending')}@example.com`;
    expect(
      (await call('PUT', '/api/auth/settings', { token: user.token, body: { email: address, currentPassword: PASSWORD } })).status,
    ).toBe(200);
    const link = await linkToken(address, 'verify-email');
    const changed = await call('PUT', '/api/auth/settings', {
      token: user.token,
      body: { currentPassword: PASSWORD, newPassword: 'Changed123!' },
    });
    expect(changed.body.user).toMatchObject({ email: user.email, pendingEmail: null });
    expect((await call('GET', `/api/auth/verify-email/${link}`)).status).toBe(400);
    expect((await me(changed.body.token)).body).toMatchObject({ email: user.email });
  });
});

describe('password spraying across addresses (§4)', () => {
  it('after 20 wrong passwords in an hour from any addresses, the right one needs the mailed sign-in link', async () => {
    const user = await signedInUser();
    await sprayWrongPasswords(wrongLogin(user.username), 21);
    const answer = await callFrom('127.0.21.9', 'POST', '/api/auth/login', { body: { username: user.username, password: PASSWORD } });
    expect(answer).toMatchObject({ status: 403, body: { message: authMessages.signInLinkSent, signInLinkSent: true } });
    expect(answer.body).not.toHaveProperty('token');

    const token = await signInLinkToken(user.email);
    const stored = await getItem(tokenKey(token).pk, 'TOKEN');
    expect((stored?.expiresAt as number) - Math.floor((await stackClock()) / 1000)).toBeLessThanOrEqual(15 * 60);
    const confirmed = await call('POST', '/api/auth/confirm-sign-in', { body: { token } });
    expect(confirmed).toMatchObject({ status: 200, body: { requiresTwoFactor: false, userId: user.id } });
    expect((await me(confirmed.body.token)).status).toBe(200);
    // Single use.
    expect(await call('POST', '/api/auth/confirm-sign-in', { body: { token } })).toMatchObject({
      status: 400,
      body: { message: authMessages.signInLinkInvalid },
    });
    // The owner's sessions were never touched.
    expect((await me(user.token)).status).toBe(200);
  });

  it('answers an unknown name exactly as a known one, before and after the ceiling', async () => {
    const known = await signedInUser();
    const unknown = uniqueName('nobody');
    await sprayWrongPasswords(wrongLogin(known.username), 22);
    await sprayWrongPasswords(wrongLogin(unknown), 23);
    const [forKnown, forUnknown] = await Promise.all([
      callFrom('127.0.22.9', 'POST', '/api/auth/login', { body: { username: known.username, password: 'Wrong999!' } }),
      callFrom('127.0.23.9', 'POST', '/api/auth/login', { body: { username: unknown, password: PASSWORD } }),
    ]);
    expect(forKnown).toMatchObject(UNDER_ATTACK);
    expect(forUnknown.body).toEqual(forKnown.body);
    expect(forUnknown.status).toBe(forKnown.status);
  });

  it("a stolen session's wrong current passwords in Settings count towards the ceiling too", async () => {
    const user = await signedInUser();
    const guess: WrongPassword = (address, password) =>
      callFrom(address, 'PUT', '/api/auth/settings', {
        token: user.token,
        body: { email: `${uniqueName('thief')}@example.com`, currentPassword: password },
      });
    await sprayWrongPasswords(guess, 25, 400);
    const answer = await callFrom('127.0.25.9', 'POST', '/api/auth/login', { body: { username: user.username, password: PASSWORD } });
    expect(answer).toMatchObject(UNDER_ATTACK);
  });

  it('an account without a verified address answers the same, without a link to send', async () => {
    const user = await signedInUser();
    await setAttributes(`USER#${user.id}`, 'PROFILE', { emailVerified: false, emailGateCleared: true });
    await sprayWrongPasswords(wrongLogin(user.username), 24);
    const mailsBefore = (await mailsTo(user.email)).length;
    const right = await callFrom('127.0.24.9', 'POST', '/api/auth/login', { body: { username: user.username, password: PASSWORD } });
    const wrong = await callFrom('127.0.24.10', 'POST', '/api/auth/login', { body: { username: user.username, password: 'Wrong999!' } });
    expect(right).toMatchObject(UNDER_ATTACK);
    expect(wrong.body).toEqual(right.body);
    expect(await mailsTo(user.email)).toHaveLength(mailsBefore);
  });
});

/** Issue 34 §1: once the ceiling is reached, the answer says nothing about the password. */
describe('past the ceiling the password is no oracle (issue 34 §1)', () => {
  /** A login from `address`, with how long its answer took. */
  async function timedLogin(address: string, username: string, password: string): Promise<ApiAnswer & { ms: number }> {
    const started = performance.now();
    const answer = await callFrom(address, 'POST', '/api/auth/login', { body: { username, password } });
    return { ...answer, ms: performance.now() - started };
  }

  it('the right and a wrong password get the same status, body and time; only the right one mails the link', async () => {
    const user = await signedInUser();
    await sprayWrongPasswords(wrongLogin(user.username), 31);
    const mailsBefore = (await mailsTo(user.email)).length;
    const wrong = await timedLogin('127.0.31.9', user.username, 'Wrong999!');
    expect(await mailsTo(user.email)).toHaveLength(mailsBefore);
    const right = await timedLogin('127.0.31.10', user.username, PASSWORD);
    const wrongAgain = await timedLogin('127.0.31.11', user.username, 'Wrong998!');
    for (const answer of [wrong, right, wrongAgain]) {
      expect(answer).toMatchObject(UNDER_ATTACK);
      expect(answer.body).toEqual(right.body);
      expect(answer.headers.get('content-length')).toBe(right.headers.get('content-length'));
      // Every answer waits out the same time after the password was compared (1 s), the mail sent within it.
      expect(answer.ms).toBeGreaterThanOrEqual(1000);
    }
    expect(Math.abs(right.ms - wrong.ms)).toBeLessThan(400);
    expect(Math.abs(right.ms - wrongAgain.ms)).toBeLessThan(400);
    expect(await mailsTo(user.email)).toHaveLength(mailsBefore + 1);
    const confirmed = await call('POST', '/api/auth/confirm-sign-in', { body: { token: await signInLinkToken(user.email) } });
    expect(confirmed).toMatchObject({ status: 200, body: { requiresTwoFactor: false, userId: user.id } });
  });

  it('the right password does not give the address back its attempts, which a wrong one uses up', async () => {
    const user = await signedInUser();
    await sprayWrongPasswords(wrongLogin(user.username), 32);
    const address = '127.0.32.9';
    expect(await callFrom(address, 'POST', '/api/auth/login', { body: { username: user.username, password: PASSWORD } })).toMatchObject(
      UNDER_ATTACK,
    );
    for (let i = 0; i < 4; i++) expect(await wrongLogin(user.username)(address, `Wrong${i}99!`)).toMatchObject(UNDER_ATTACK);
    // Five compared from this address: the sixth is refused before any comparison, as after five wrong ones.
    expect(await callFrom(address, 'POST', '/api/auth/login', { body: { username: user.username, password: PASSWORD } })).toMatchObject({
      status: 429,
      body: { message: authMessages.tooManyAttempts },
    });
  });

  it('a deactivated account answers the same to the right password, and mails nothing', async () => {
    const user = await signedInUser();
    const owner = await ownerSession();
    expect((await call('PUT', `/api/auth/users/${user.id}/status`, { token: owner, body: { status: 'deactivated' } })).status).toBe(200);
    await sprayWrongPasswords(wrongLogin(user.username), 33);
    const mailsBefore = (await mailsTo(user.email)).length;
    const right = await callFrom('127.0.33.9', 'POST', '/api/auth/login', { body: { username: user.username, password: PASSWORD } });
    const wrong = await callFrom('127.0.33.10', 'POST', '/api/auth/login', { body: { username: user.username, password: 'Wrong999!' } });
    expect(right).toMatchObject(UNDER_ATTACK);
    expect(wrong.body).toEqual(right.body);
    expect(await mailsTo(user.email)).toHaveLength(mailsBefore);
  });

  it('a two-factor account answers the same; its link leads to the code, never past it', async () => {
    const user = await signedInUser();
    const setup = await call('POST', '/api/2fa/setup', { token: user.token, body: { password: PASSWORD } });
    expect(setup.status).toBe(200);
    const secret = setup.body.manualEntry as string;
    const code = await generate({ secret, epoch: Math.floor((await stackClock()) / 1000) });
    const enabled = await call('POST', '/api/2fa/enable', { token: user.token, body: { token: code } });
    expect(enabled.status).toBe(200);
    await sprayWrongPasswords(wrongLogin(user.username), 34);
    const right = await callFrom('127.0.34.9', 'POST', '/api/auth/login', { body: { username: user.username, password: PASSWORD } });
    const wrong = await callFrom('127.0.34.10', 'POST', '/api/auth/login', { body: { username: user.username, password: 'Wrong999!' } });
    expect(right).toMatchObject(UNDER_ATTACK);
    expect(wrong.body).toEqual(right.body);
    const confirmed = await call('POST', '/api/auth/confirm-sign-in', { body: { token: await signInLinkToken(user.email) } });
    expect(confirmed).toMatchObject({ status: 200, body: { requiresTwoFactor: true, userId: user.id } });
    expect(confirmed.body).not.toHaveProperty('token');
    const verified = await call('POST', '/api/2fa/verify', {
      body: { userId: user.id, twoFactorTicket: confirmed.body.twoFactorTicket, token: enabled.body.backupCodes[0] },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect((await me(verified.body.token)).status).toBe(200);
  });
});

describe('sessions end everywhere they should (§6)', () => {
  it('a token from before a deactivation never works again after the reactivation', async () => {
    const user = await signedInUser();
    const owner = await ownerSession();
    const setStatus = (value: string) => call('PUT', `/api/auth/users/${user.id}/status`, { token: owner, body: { status: value } });
    expect((await setStatus('deactivated')).status).toBe(200);
    expect(await me(user.token)).toMatchObject({ status: 401, body: { accountDeactivated: true } });
    expect((await setStatus('active')).status).toBe(200);
    expect((await me(user.token)).status).toBe(401);
    expect((await login(user.username)).status).toBe(200);
  });
});
