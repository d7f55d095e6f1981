import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../shared/api/auth.js';
import { apiUrl, call, login, mailsTo, moveStackClock, PASSWORD, setAttributes, signedInUser, stackClock, uniqueName } from './helpers.js';

/** The documented limits (docs/decisions/0009-login-throttle.md): per username and address, and per address, in 15 minutes. */
const PER_ACCOUNT_AND_ADDRESS = 5;
const PER_ADDRESS = 50;
const WINDOW_SECONDS = 15 * 60;

interface Answer {
  status: number;
  body: Record<string, any>;
  retryAfter: string | undefined;
}

/**
 * POSTs a login from a given loopback address: every 127.x.y.z reaches the local stack on Linux,
 * and binding the client side to one gives the request that client address.
 */
function loginFrom(address: string, username: string, password: string): Promise<Answer> {
  const url = new URL('/api/auth/login', apiUrl());
  const payload = JSON.stringify({ username, password });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: address,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            retryAfter: res.headers['retry-after'],
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Seconds to the end of the window, by the stack's clock (local/clock.ts), which the functions count by. */
const secondsToWindowEnd = async () => WINDOW_SECONDS - (Math.floor((await stackClock()) / 1000) % WINDOW_SECONDS);

/** Counters are fixed 15-minute windows: a test that must stay in one moves the stack's clock past a window about to end (not waiting for it). */
async function awayFromWindowEdge() {
  const left = await secondsToWindowEnd();
  if (left < 20) await moveStackClock((left + 1) * 1000);
}

async function expectThrottled(answer: Answer) {
  expect(answer).toMatchObject({ status: 429, body: { message: authMessages.tooManyAttempts } });
  const retryAfter = Number(answer.retryAfter);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(Math.abs(retryAfter - (await secondsToWindowEnd()))).toBeLessThanOrEqual(2);
}

const statuses = (answers: Answer[]) => answers.map((a) => a.status);

describe('login throttling by username and client address, and by address (issue 8)', () => {
  it('answers 429 with Retry-After after 5 wrong passwords from one address, while the owner signs in from another', async () => {
    await awayFromWindowEdge();
    const user = await signedInUser();
    for (let i = 0; i < PER_ACCOUNT_AND_ADDRESS; i++) {
      expect(await loginFrom('127.0.0.2', user.username, 'Wrong123!')).toMatchObject({
        status: 401,
        body: { message: authMessages.invalidCredentials },
      });
    }
    await expectThrottled(await loginFrom('127.0.0.2', user.username, 'Wrong123!'));
    await expectThrottled(await loginFrom('127.0.0.2', user.username.toUpperCase(), PASSWORD));

    const owner = await loginFrom('127.0.0.3', user.username, PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body.user).toMatchObject({ id: user.id });
  });

  it('lets at most 5 of 20 concurrent wrong guesses from one address be compared; the rest are 429', async () => {
    await awayFromWindowEdge();
    const user = await signedInUser();
    const burst = await Promise.all(Array.from({ length: 20 }, () => loginFrom('127.0.0.4', user.username, 'Wrong123!')));
    expect(statuses(burst).filter((s) => s === 401)).toHaveLength(PER_ACCOUNT_AND_ADDRESS);
    expect(statuses(burst).filter((s) => s === 429)).toHaveLength(20 - PER_ACCOUNT_AND_ADDRESS);
    for (const answer of burst.filter((a) => a.status === 429)) await expectThrottled(answer);
    expect((await loginFrom('127.0.0.5', user.username, PASSWORD)).status).toBe(200);
  });

  it('starts the count over for that username and address when the right password is given', async () => {
    await awayFromWindowEdge();
    const user = await signedInUser();
    for (let i = 0; i < PER_ACCOUNT_AND_ADDRESS - 1; i++)
      expect((await loginFrom('127.0.0.6', user.username, 'Wrong123!')).status).toBe(401);
    expect((await loginFrom('127.0.0.6', user.username, PASSWORD)).status).toBe(200);
    for (let i = 0; i < PER_ACCOUNT_AND_ADDRESS; i++) expect((await loginFrom('127.0.0.6', user.username, 'Wrong123!')).status).toBe(401);
    await expectThrottled(await loginFrom('127.0.0.6', user.username, 'Wrong123!'));
  });

  it('limits an address to 50 compared passwords over all usernames; signing in to one account does not reset that', async () => {
    await awayFromWindowEdge();
    const user = await signedInUser();
    // 49 wrong guesses spread over usernames that do not exist, 5 or fewer each.
    const ghost = uniqueName('ghost');
    const names = Array.from({ length: PER_ADDRESS - 1 }, (_, i) => `${ghost}x${Math.floor(i / PER_ACCOUNT_AND_ADDRESS)}`);
    const first = await Promise.all(names.map((name) => loginFrom('127.0.0.7', name, 'Wrong123!')));
    expect(new Set(statuses(first))).toEqual(new Set([401]));

    // The right password is not counted against the address, but does not free it either.
    expect((await loginFrom('127.0.0.7', user.username, PASSWORD)).status).toBe(200);
    expect((await loginFrom('127.0.0.7', uniqueName('ghost'), 'Wrong123!')).status).toBe(401);
    await expectThrottled(await loginFrom('127.0.0.7', uniqueName('ghost'), 'Wrong123!'));
    await expectThrottled(await loginFrom('127.0.0.7', user.username, PASSWORD));

    expect((await loginFrom('127.0.0.8', user.username, PASSWORD)).status).toBe(200);
  });
});

/** Every reset or verification link of `kind` mailed to the address, oldest first. */
async function linkTokens(address: string, kind: 'verify-email' | 'reset-password'): Promise<string[]> {
  const pattern = new RegExp(`/${kind}\\?token=([A-Za-z0-9_-]+)`);
  return (await mailsTo(address)).map((mail) => pattern.exec(mail.body.text ?? '')?.[1]).filter((t): t is string => Boolean(t));
}

const resetPassword = (token: string, password: string) => call('POST', '/api/auth/reset-password', { body: { token, password } });
const invalidResetLink = { status: 400, body: { message: authMessages.resetLinkInvalid } };

describe('reset and verification links end when the password or the address changes (issue 8)', () => {
  it('ends an older reset link once a newer one was used', async () => {
    const user = await signedInUser();
    await call('POST', '/api/auth/forgot-password', { body: { email: user.email } });
    await call('POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const [linkA, linkB] = await linkTokens(user.email, 'reset-password');

    expect(await resetPassword(linkB, 'Owner-B-123!')).toMatchObject({ status: 200, body: { message: authMessages.passwordReset } });
    expect(await resetPassword(linkA, 'Taken-A-123!')).toMatchObject(invalidResetLink);
    expect((await login(user.username, 'Taken-A-123!')).status).toBe(401);
    expect((await login(user.username, 'Owner-B-123!')).status).toBe(200);
  });

  it('applies exactly one of two reset links used at the same time', async () => {
    const user = await signedInUser();
    await call('POST', '/api/auth/forgot-password', { body: { email: user.email } });
    await call('POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const [linkA, linkB] = await linkTokens(user.email, 'reset-password');

    const answers = await Promise.all([resetPassword(linkA, 'Chosen-A-123!'), resetPassword(linkB, 'Chosen-B-123!')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers[0].status === 200 ? 'Chosen-A-123!' : 'Chosen-B-123!';
    const loser = winner === 'Chosen-A-123!' ? 'Chosen-B-123!' : 'Chosen-A-123!';
    expect((await login(user.username, loser)).status).toBe(401);
    expect((await login(user.username, winner)).status).toBe(200);
  });

  it('ends outstanding reset links when the sessions are ended, as every password change does', async () => {
    // No route changes a password other than a reset link yet; an admin's "end sessions" and every
    // password change bump the user's token version, written here directly.
    const user = await signedInUser();
    await call('POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const [link] = await linkTokens(user.email, 'reset-password');
    await setAttributes(`USER#${user.id}`, 'PROFILE', { tokenVersion: 2, sessionEndReason: 'admin' });
    expect(await resetPassword(link, 'Changed123!')).toMatchObject(invalidResetLink);
    expect((await login(user.username, PASSWORD)).status).toBe(200);
  });

  it('ends outstanding verification and reset links when the e-mail address changes', async () => {
    // The user item is changed directly, as a verified new address or an admin's change does. Reset
    // links go to verified addresses only; the verification link is asked for again once unverified.
    const user = await signedInUser();
    const { email } = user;
    await call('POST', '/api/auth/forgot-password', { body: { email } });
    const [reset] = await linkTokens(email, 'reset-password');
    await setAttributes(`USER#${user.id}`, 'PROFILE', { emailVerified: false });
    await call('POST', '/api/auth/resend-verification-public', { body: { email } });
    const verification = (await linkTokens(email, 'verify-email')).at(-1);

    await setAttributes(`USER#${user.id}`, 'PROFILE', { email: `new-${email}` });
    expect(await call('GET', `/api/auth/verify-email/${verification}`)).toMatchObject({
      status: 400,
      body: { message: authMessages.verificationInvalid },
    });
    expect(await resetPassword(reset, 'Changed123!')).toMatchObject(invalidResetLink);
  });
});
