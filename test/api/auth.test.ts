import { describe, expect, it } from 'vitest';
import { authMessages } from '../../shared/api/auth.js';
import {
  apiUrl,
  call,
  getItem,
  linkToken,
  login,
  mailsTo,
  me,
  PASSWORD,
  setAttributes,
  signedInUser,
  stackClock,
  tokenKey,
  uniqueName,
} from './helpers.js';

const register = (body: Record<string, unknown>) => call('POST', '/api/auth/register', { body });

describe('registration (SPEC §5)', () => {
  const valid = () => {
    const username = uniqueName();
    return { username, email: `${username}@example.com`, password: PASSWORD };
  };

  it.each([
    [{ username: undefined }, 'Username is required'],
    [{ username: '' }, 'Username is required'],
    [{ username: 'ab' }, 'Username must be at least 3 characters long'],
    [{ email: undefined }, 'Email is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'not-an-address' }, 'Please enter a valid email address'],
    [{ password: 'Ab1!' }, 'Password must be at least 8 characters long'],
    [{ password: 'Abcdefgh!' }, 'Password must contain at least one number'],
    [{ password: 'Abcdefgh1' }, 'Password must contain at least one special character (!@#$%^&*)'],
  ])('rejects %o with "%s"', async (change, message) => {
    const answer = await register({ ...valid(), ...change });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message });
  });

  it('creates an unverified member and mails a verification link built from the public URL, not the Host header', async () => {
    const body = valid();
    const answer = await call('POST', '/api/auth/register', { body, headers: { 'x-forwarded-host': 'evil.example' } });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(authMessages.registered);
    const [mail] = await mailsTo(body.email);
    expect(mail.subject).toMatch(/verify/i);
    expect(mail.body.html).toContain(`${apiUrl()}/verify-email?token=`);
    expect(mail.body.text).toContain(`${apiUrl()}/verify-email?token=`);
    const user = await getItem(`USER#${answer.body.userId}`, 'PROFILE');
    expect(user).toMatchObject({ role: 'member', emailVerified: false, username: body.username });
    expect(user?.passwordHash).not.toContain(body.password);
  });

  it('answers 409 for a username taken in any case and for an e-mail already used', async () => {
    const first = valid();
    expect((await register(first)).status).toBe(201);
    const sameName = await register({ ...valid(), username: first.username.toUpperCase() });
    expect(sameName).toMatchObject({ status: 409, body: { message: 'Username is already taken' } });
    const sameEmail = await register({ ...valid(), email: first.email.toUpperCase() });
    expect(sameEmail).toMatchObject({ status: 409, body: { message: 'An account with this email already exists' } });
  });

  it('lets exactly one of ten concurrent registrations of one username win', async () => {
    const username = uniqueName('race');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => register({ username, email: `${username}${i}@example.com`, password: PASSWORD })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
  });
});

describe('e-mail verification and login', () => {
  it('refuses login before verification with the verification flags, then verifies once', async () => {
    const username = uniqueName();
    const email = `${username}@example.com`;
    await register({ username, email, password: PASSWORD });
    const early = await login(username, PASSWORD);
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ message: authMessages.verificationRequired, requiresVerification: true, email });

    const token = await linkToken(email, 'verify-email');
    const verified = await call('GET', `/api/auth/verify-email/${token}`);
    expect(verified).toMatchObject({ status: 200, body: { message: authMessages.emailVerified } });
    const reused = await call('GET', `/api/auth/verify-email/${token}`);
    expect(reused).toMatchObject({ status: 400, body: { message: authMessages.verificationInvalid } });

    const signedIn = await login(username.toUpperCase(), PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ requiresTwoFactor: false, userId: expect.any(String), token: expect.any(String) });
    expect(signedIn.body.user).toMatchObject({ username, email, emailVerified: true, role: 'member' });
    expect(signedIn.body.user).not.toHaveProperty('passwordHash');
    expect(signedIn.body.user).not.toHaveProperty('tokenVersion');
  });

  it("reports an expired verification link with the word 'expired' (24 h, SPEC §9)", async () => {
    const username = uniqueName();
    const email = `${username}@example.com`;
    await register({ username, email, password: PASSWORD });
    const token = await linkToken(email, 'verify-email');
    const stored = await getItem(tokenKey(token).pk, 'TOKEN');
    expect((stored?.expiresAt as number) - Math.floor((await stackClock()) / 1000)).toBeGreaterThan(24 * 3600 - 60);
    await setAttributes(tokenKey(token).pk, 'TOKEN', { expiresAt: Math.floor(Date.now() / 1000) - 1 });
    const answer = await call('GET', `/api/auth/verify-email/${token}`);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('expired');
  });

  it('rejects made-up verification tokens', async () => {
    const answer = await call('GET', '/api/auth/verify-email/not-a-real-token-at-all-0123456789');
    expect(answer).toMatchObject({ status: 400, body: { message: authMessages.verificationInvalid } });
  });

  it('resends verification with the same answer whether or not the address exists', async () => {
    const username = uniqueName();
    const email = `${username}@example.com`;
    await register({ username, email, password: PASSWORD });
    const known = await call('POST', '/api/auth/resend-verification-public', { body: { email } });
    const unknown = await call('POST', '/api/auth/resend-verification-public', { body: { email: `nobody-${email}` } });
    expect(known).toMatchObject({ status: 200, body: { message: authMessages.verificationSent } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(await mailsTo(email)).toHaveLength(2);
    expect(await mailsTo(`nobody-${email}`)).toHaveLength(0);
  });

  it('refuses a deactivated account with showContactSupport', async () => {
    const user = await signedInUser();
    await setAttributes(`USER#${user.id}`, 'PROFILE', { accountStatus: 'deactivated' });
    const answer = await login(user.username, PASSWORD);
    expect(answer).toMatchObject({ status: 403, body: { message: authMessages.loginDeactivated, showContactSupport: true } });
  });

  it('answers unknown usernames like wrong passwords', async () => {
    const answer = await login(uniqueName('ghost'), PASSWORD);
    expect(answer).toMatchObject({ status: 401, body: { message: authMessages.invalidCredentials } });
  });

  it('stores the browser time zone given at login', async () => {
    const user = await signedInUser();
    const answer = await login(user.username, PASSWORD, { timeZone: 'Asia/Tokyo' });
    expect(answer.body.user.timeZone).toBe('Asia/Tokyo');
    const bogus = await login(user.username, PASSWORD, { timeZone: 'Mars/Olympus_Mons' });
    expect(bogus.body.user.timeZone).toBe('Asia/Tokyo');
  });
});

describe('session (SPEC §4 Session)', () => {
  it('GET /auth/me returns the signed-in user', async () => {
    const user = await signedInUser();
    const session = await me(user.token);
    expect(session).toMatchObject({ status: 200, body: { id: user.id, username: user.username, two_factor_enabled: false } });
  });

  it('answers 401 without a token, with a forged one, and with a flag when deactivated or terminated', async () => {
    expect(await call('GET', '/api/auth/me')).toMatchObject({ status: 401, body: { message: authMessages.signInRequired } });
    expect((await call('GET', '/api/auth/me', { token: 'abc.def.ghi' })).status).toBe(401);

    const deactivated = await signedInUser();
    await setAttributes(`USER#${deactivated.id}`, 'PROFILE', { accountStatus: 'deactivated' });
    expect(await me(deactivated.token)).toMatchObject({
      status: 401,
      body: { message: authMessages.accountDeactivated, accountDeactivated: true },
    });

    const terminated = await signedInUser();
    await setAttributes(`USER#${terminated.id}`, 'PROFILE', { tokenVersion: 2, sessionEndReason: 'admin' });
    expect(await me(terminated.token)).toMatchObject({
      status: 401,
      body: { message: authMessages.sessionTerminated, sessionInvalidated: true },
    });
  });

  it('sends security headers and JSON on every answer', async () => {
    const answer = await call('GET', '/api/auth/me');
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('password reset (SPEC §2 Forgot/Reset password)', () => {
  it('mails a 1-hour single-use link, sets the new password and ends old sessions', async () => {
    const user = await signedInUser();
    const forgot = await call('POST', '/api/auth/forgot-password', { body: { email: user.email.toUpperCase() } });
    expect(forgot).toMatchObject({ status: 200, body: { message: authMessages.resetLinkSent } });
    const unknown = await call('POST', '/api/auth/forgot-password', { body: { email: `x${user.email}` } });
    expect(unknown.body).toEqual(forgot.body);

    const token = await linkToken(user.email, 'reset-password');
    const stored = await getItem(tokenKey(token).pk, 'TOKEN');
    expect((stored?.expiresAt as number) - Math.floor((await stackClock()) / 1000)).toBeLessThanOrEqual(3600);

    const weak = await call('POST', '/api/auth/reset-password', { body: { token, password: 'short' } });
    expect(weak).toMatchObject({ status: 400, body: { message: 'Password must be at least 8 characters long' } });

    const reset = await call('POST', '/api/auth/reset-password', { body: { token, password: 'Changed123!' } });
    expect(reset).toMatchObject({ status: 200, body: { message: authMessages.passwordReset } });
    const again = await call('POST', '/api/auth/reset-password', { body: { token, password: 'Changed123!' } });
    expect(again).toMatchObject({ status: 400, body: { message: authMessages.resetLinkInvalid } });

    const old = await me(user.token);
    expect(old.status).toBe(401);
    expect(old.body.sessionInvalidated).toBeUndefined();
    expect((await login(user.username, PASSWORD)).status).toBe(401);
    expect((await login(user.username, 'Changed123!')).status).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    const user = await signedInUser();
    await call('POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const token = await linkToken(user.email, 'reset-password');
    await setAttributes(tokenKey(token).pk, 'TOKEN', { expiresAt: Math.floor(Date.now() / 1000) - 1 });
    const answer = await call('POST', '/api/auth/reset-password', { body: { token, password: 'Changed123!' } });
    expect(answer).toMatchObject({ status: 400, body: { message: authMessages.resetLinkInvalid } });
  });
});

describe("bcrypt's cost (issue 22 §1)", () => {
  /** PASSWORD as functions/lib/auth/passwords.ts hashes it at production's cost, 10. */
  const PASSWORD_AT_COST_10 = '$2b$10$27dTE14BQcZ.DXSZXtGDFO/d0er7Dy.LT8NHJgdOjS3ZWCISfSMQm';

  it("hashes new passwords at the test stack's cost, bcrypt's minimum, and still signs in with a hash made at production's", async () => {
    const user = await signedInUser();
    const profile = await getItem(`USER#${user.id}`, 'PROFILE');
    expect(profile?.passwordHash).toMatch(/^\$2b\$04\$/);

    await setAttributes(`USER#${user.id}`, 'PROFILE', { passwordHash: PASSWORD_AT_COST_10 });
    expect((await login(user.username, PASSWORD)).status).toBe(200);
    expect((await login(user.username, `${PASSWORD}x`)).status).toBe(401);
  });
});

describe('first owner', () => {
  it('is seeded from the local defaults and can sign in', async () => {
    const answer = await login('owner', 'Owner123!');
    expect(answer.status).toBe(200);
    expect(answer.body.user.role).toBe('owner');
  });
});

describe('account preferences (PUT /auth/settings)', () => {
  it('saves the currency preference and reminder flags, and refuses what the tier does not allow', async () => {
    const user = await signedInUser();
    const saved = await call('PUT', '/api/auth/settings', {
      token: user.token,
      body: { currencyPreference: 'EUR', notify10Days: false, displayName: 'Ada' },
    });
    expect(saved).toMatchObject({
      status: 200,
      body: {
        message: 'Account settings updated successfully!',
        user: { currencyPreference: 'EUR', notify10Days: false, displayName: 'Ada' },
      },
    });
    expect((await me(user.token)).body.currencyPreference).toBe('EUR');
    expect(await call('PUT', '/api/auth/settings', { token: user.token, body: { currencyPreference: 'BTC' } })).toMatchObject({
      status: 400,
      body: { message: 'Currency must be one of USD, EUR, GBP, JPY, KRW, INR' },
    });
    expect(await call('PUT', '/api/auth/settings', { token: user.token, body: { notify1Day: true } })).toMatchObject({
      status: 403,
      body: { message: authMessages.oneDayPaidOnly },
    });
    expect(await call('PUT', '/api/auth/settings', { token: user.token, body: { notificationMethod: 'sms' } })).toMatchObject({
      status: 400,
      body: { message: authMessages.smsComingSoon },
    });
    const vip = await signedInUser('vip');
    const oneDay = await call('PUT', '/api/auth/settings', { token: vip.token, body: { notify1Day: true } });
    expect(oneDay.body.user.notify1Day).toBe(true);
  });
});
