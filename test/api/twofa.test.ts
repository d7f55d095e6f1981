import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_TICKET_SECONDS } from '../../functions/lib/auth/jwt.js';
import { authMessages } from '../../shared/api/auth.js';
import { BACKUP_CODE, twoFactorMessages } from '../../shared/api/twofa.js';
import {
  call,
  getItem,
  login,
  mailsTo,
  me,
  moveStackClock,
  PASSWORD,
  type SignedInUser,
  setAttributes,
  signedInUser,
  stackClock,
} from './helpers.js';

/**
 * Two-factor sign-in (SPEC §2, §5, §7 `/2fa/*`; DESIGN §5) with real TOTP codes, computed here with
 * otplib from the manual-entry secret the setup answers.
 */

const STEP = 30;
/** Now by the stack's clock (local/clock.ts), which the functions check codes against. */
const nowSeconds = async () => Math.floor((await stackClock()) / 1000);
const stepOf = async (offset = 0) => Math.floor((await nowSeconds()) / STEP) + offset;
/** The code of the time step `offset` steps from now (-1: the previous step, +1: the next). */
const codeAt = async (secret: string, offset = 0) => generate({ secret, epoch: (await nowSeconds()) + offset * STEP });
/** A 6-digit code that is none of the codes within two steps of now. */
async function wrongCode(secret: string): Promise<string> {
  const near = await Promise.all([-2, -1, 0, 1, 2].map((offset) => codeAt(secret, offset)));
  for (let n = 0; ; n++) {
    const candidate = String((123456 + n * 7919) % 1_000_000).padStart(6, '0');
    if (!near.includes(candidate)) return candidate;
  }
}

/**
 * Moves the stack's clock into a fresh time step when fewer than 12 s are left of this one, so that
 * a test's codes keep their offsets (previous, current, next) while it runs: advanced, not waited for.
 */
async function awayFromStepEdge(): Promise<void> {
  const leftMs = STEP * 1000 - ((await stackClock()) % (STEP * 1000));
  if (leftMs < 12_000) await moveStackClock(leftMs + 300);
}

const verify = (body: Record<string, unknown>) => call('POST', '/api/2fa/verify', { body });

interface TwoFactorUser extends SignedInUser {
  secret: string;
  backupCodes: string[];
}

/** A signed-in user with two-factor sign-in enabled by a code of the previous step (leaving now and the next step unused). */
async function twoFactorUser(): Promise<TwoFactorUser> {
  await awayFromStepEdge();
  const user = await signedInUser();
  const setup = await call('POST', '/api/2fa/setup', { token: user.token, body: { password: PASSWORD } });
  expect(setup.status).toBe(200);
  const secret = setup.body.manualEntry as string;
  const enabled = await call('POST', '/api/2fa/enable', { token: user.token, body: { token: await codeAt(secret, -1) } });
  expect(enabled.status).toBe(200);
  return { ...user, secret, backupCodes: enabled.body.backupCodes };
}

/** Logs in with the password and answers the two-factor challenge's ticket. */
async function ticketOf(user: SignedInUser): Promise<string> {
  const answer = await login(user.username);
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ requiresTwoFactor: true, userId: user.id });
  return answer.body.twoFactorTicket;
}

describe('two-factor setup and enabling', () => {
  it('sets up with a QR code and manual key, enables with a right code only, and answers 10 backup codes', async () => {
    await awayFromStepEdge();
    const user = await signedInUser();
    expect((await me(user.token)).body).toMatchObject({ two_factor_enabled: false, backupCodesRemaining: 0 });

    expect(await call('POST', '/api/2fa/enable', { token: user.token, body: { token: '123456' } })).toMatchObject({
      status: 400,
      body: { message: twoFactorMessages.noSetup },
    });

    const setup = await call('POST', '/api/2fa/setup', { token: user.token, body: { password: PASSWORD } });
    expect(setup.status).toBe(200);
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    const secret = setup.body.manualEntry as string;
    expect(secret).toMatch(/^[A-Z2-7]{26,}$/);
    // Stored encrypted, never in clear.
    const stored = await getItem(`USER#${user.id}`, 'PROFILE');
    expect(stored?.twoFactorPendingSecret).toEqual(expect.any(String));
    expect(JSON.stringify(stored)).not.toContain(secret);

    const wrong = await call('POST', '/api/2fa/enable', { token: user.token, body: { token: await wrongCode(secret) } });
    expect(wrong).toMatchObject({ status: 400, body: { message: twoFactorMessages.invalidCode } });
    const badFormat = await call('POST', '/api/2fa/enable', { token: user.token, body: { token: '12345' } });
    expect(badFormat).toMatchObject({ status: 400, body: { message: twoFactorMessages.codeFormat } });

    const enabled = await call('POST', '/api/2fa/enable', { token: user.token, body: { token: await codeAt(secret) } });
    expect(enabled.status).toBe(200);
    expect(enabled.body.message).toBe(twoFactorMessages.enabled);
    expect(enabled.body.backupCodes).toHaveLength(10);
    expect(new Set(enabled.body.backupCodes).size).toBe(10);
    for (const code of enabled.body.backupCodes) expect(code).toMatch(BACKUP_CODE);
    expect(enabled.body.user).toMatchObject({ two_factor_enabled: true, backupCodesRemaining: 10 });

    const profile = await me(user.token);
    expect(profile.body).toMatchObject({ two_factor_enabled: true, backupCodesRemaining: 10 });
    const storedAfter = JSON.stringify(await getItem(`USER#${user.id}`, 'PROFILE'));
    for (const code of enabled.body.backupCodes) expect(storedAfter).not.toContain(code);
    expect(storedAfter).not.toContain(secret);
    for (const answer of [enabled, profile]) expect(JSON.stringify(answer.body)).not.toContain(secret);

    const again = await call('POST', '/api/2fa/setup', { token: user.token, body: { password: PASSWORD } });
    expect(again).toMatchObject({ status: 409, body: { message: twoFactorMessages.alreadyEnabled } });
    expect((await call('POST', '/api/2fa/enable', { token: user.token, body: { token: await codeAt(secret, 1) } })).status).toBe(409);
  });

  it('needs a session', async () => {
    expect((await call('POST', '/api/2fa/setup')).status).toBe(401);
    expect((await call('POST', '/api/2fa/disable', { body: { password: PASSWORD, token: '123456' } })).status).toBe(401);
  });
});

describe('two-factor login', () => {
  it('answers a ticket and no token, then signs in with a right code, each code once', async () => {
    const user = await twoFactorUser();
    const challenge = await login(user.username);
    expect(challenge.status).toBe(200);
    expect(Object.keys(challenge.body).toSorted((a, b) => a.localeCompare(b))).toEqual(['requiresTwoFactor', 'twoFactorTicket', 'userId']);
    expect(challenge.body.token).toBeUndefined();

    const code = await codeAt(user.secret);
    const verified = await verify({ userId: user.id, twoFactorTicket: challenge.body.twoFactorTicket, token: code });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      success: true,
      message: twoFactorMessages.verified,
      userId: user.id,
      deviceToken: null,
      usedBackupCode: false,
      avatar: null,
      user: { id: user.id, two_factor_enabled: true },
    });
    expect((await me(verified.body.token)).status).toBe(200);
    for (const answer of [challenge, verified]) expect(JSON.stringify(answer.body)).not.toContain(user.secret);

    // The same code with a new login and a new ticket: refused (replay).
    const replay = await verify({ userId: user.id, twoFactorTicket: await ticketOf(user), token: code });
    expect(replay).toMatchObject({ status: 401, body: { message: twoFactorMessages.invalidCode } });
    // A ticket completes one sign-in only.
    const next = await verify({ userId: user.id, twoFactorTicket: challenge.body.twoFactorTicket, token: await codeAt(user.secret, 1) });
    expect(next.status).toBe(401);
  });

  it('accepts the previous step, refuses two steps back', async () => {
    const user = await twoFactorUser();
    // As if the last code had been used minutes ago.
    await setAttributes(`USER#${user.id}`, 'PROFILE', { lastTotpStep: await stepOf(-5) });
    const ticket = await ticketOf(user);
    const twoBack = await verify({ userId: user.id, twoFactorTicket: ticket, token: await codeAt(user.secret, -2) });
    expect(twoBack).toMatchObject({ status: 401, body: { message: twoFactorMessages.invalidCode } });
    const previous = await verify({ userId: user.id, twoFactorTicket: ticket, token: await codeAt(user.secret, -1) });
    expect(previous.status).toBe(200);
  });

  it('lets only one of two concurrent sign-ins with one code pass', async () => {
    const user = await twoFactorUser();
    const [first, second] = await Promise.all([ticketOf(user), ticketOf(user)]);
    const code = await codeAt(user.secret);
    const answers = await Promise.all([first, second].map((ticket) => verify({ userId: user.id, twoFactorTicket: ticket, token: code })));
    expect(answers.map((a) => a.status).toSorted((a, b) => a - b)).toEqual([200, 401]);
  });

  it('accepts a backup code once, in any case, with or without its dash', async () => {
    const user = await twoFactorUser();
    const [code, second] = user.backupCodes;
    const used = await verify({ userId: user.id, twoFactorTicket: await ticketOf(user), token: code.toLowerCase() });
    expect(used.status).toBe(200);
    expect(used.body).toMatchObject({ usedBackupCode: true, user: { backupCodesRemaining: 9 } });
    expect((await me(used.body.token)).body.backupCodesRemaining).toBe(9);
    const reused = await verify({ userId: user.id, twoFactorTicket: await ticketOf(user), token: code });
    expect(reused).toMatchObject({ status: 401, body: { message: twoFactorMessages.invalidCode } });
    const unknown = await verify({ userId: user.id, twoFactorTicket: await ticketOf(user), token: 'ZZZZ-9999' });
    expect(unknown.status).toBe(401);
    const malformed = await verify({ userId: user.id, twoFactorTicket: await ticketOf(user), token: 'ABCD-123' });
    expect(malformed).toMatchObject({ status: 400, body: { message: twoFactorMessages.codeFormat } });
    const undashed = await verify({
      userId: user.id,
      twoFactorTicket: await ticketOf(user),
      token: ` ${second.replace('-', ' ').toLowerCase()} `,
    });
    expect(undashed.body).toMatchObject({ usedBackupCode: true, user: { backupCodesRemaining: 8 } });
  });

  it('ends a ticket after 5 wrong codes: the 6th, even a right one, is refused', async () => {
    const user = await twoFactorUser();
    const ticket = await ticketOf(user);
    const wrong = await wrongCode(user.secret);
    for (let i = 0; i < 5; i++) {
      expect(await verify({ userId: user.id, twoFactorTicket: ticket, token: wrong })).toMatchObject({
        status: 401,
        body: { message: twoFactorMessages.invalidCode },
      });
    }
    const sixth = await verify({ userId: user.id, twoFactorTicket: ticket, token: await codeAt(user.secret) });
    expect(sixth).toMatchObject({ status: 401, body: { message: twoFactorMessages.tooManyCodes } });
    // A new login gets a new ticket, and the right code works there.
    expect((await verify({ userId: user.id, twoFactorTicket: await ticketOf(user), token: await codeAt(user.secret) })).status).toBe(200);
  });

  it('limits codes per account across tickets', async () => {
    const user = await twoFactorUser();
    const wrong = await wrongCode(user.secret);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const ticket = await ticketOf(user);
      for (let j = 0; j < 4; j++) statuses.push((await verify({ userId: user.id, twoFactorTicket: ticket, token: wrong })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const throttled = await verify({ userId: user.id, twoFactorTicket: await ticketOf(user), token: await codeAt(user.secret) });
    expect(throttled).toMatchObject({ status: 429, body: { message: authMessages.tooManyAttempts } });
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses forged, altered, other users’ and outdated tickets', async () => {
    const user = await twoFactorUser();
    const other = await twoFactorUser();
    const ticket = await ticketOf(user);
    const code = await codeAt(user.secret);
    const [header, payload, signature] = ticket.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, sub: other.id })).toString('base64url');
    for (const [userId, twoFactorTicket] of [
      [user.id, 'not-a-ticket'],
      [user.id, `${header}.${payload}.${signature.slice(0, -4)}AAAA`],
      [other.id, `${header}.${otherPayload}.${signature}`],
      [other.id, ticket],
      [user.id, await ticketOf(other)],
      [user.id, user.token],
    ]) {
      expect(await verify({ userId, twoFactorTicket, token: code })).toMatchObject({
        status: 401,
        body: { message: twoFactorMessages.ticketEnded },
      });
    }
    expect(await verify({ userId: user.id, token: code })).toMatchObject({ status: 400, body: { message: twoFactorMessages.ticketEnded } });
    // Sessions ended since the login (password change, sign out everywhere) end its ticket.
    await setAttributes(`USER#${user.id}`, 'PROFILE', { tokenVersion: 99 });
    expect((await verify({ userId: user.id, twoFactorTicket: ticket, token: code })).status).toBe(401);
  });

  it('ends a ticket 5 minutes after the password, by the clock the functions read (moved, not waited for)', async () => {
    const user = await twoFactorUser();
    const ticket = await ticketOf(user);
    await moveStackClock(TWO_FACTOR_TICKET_SECONDS * 1000 + 1_000);
    const late = await verify({ userId: user.id, twoFactorTicket: ticket, token: await codeAt(user.secret) });
    expect(late).toMatchObject({ status: 401, body: { message: twoFactorMessages.ticketEnded } });
    // A new login's ticket, with the code of the moved clock's step, signs in.
    const fresh = await verify({ userId: user.id, twoFactorTicket: await ticketOf(user), token: await codeAt(user.secret) });
    expect(fresh.status).toBe(200);
  });

  it('remembers a device for the next logins of its user only', async () => {
    const user = await twoFactorUser();
    const other = await twoFactorUser();
    const verified = await verify({
      userId: user.id,
      twoFactorTicket: await ticketOf(user),
      token: await codeAt(user.secret),
      rememberDevice: true,
    });
    expect(verified.status).toBe(200);
    const { deviceToken } = verified.body;
    expect(deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const remembered = await login(user.username, PASSWORD, { deviceToken });
    expect(remembered.body).toMatchObject({ requiresTwoFactor: false, userId: user.id });
    expect((await me(remembered.body.token)).status).toBe(200);
    expect((await login(other.username, PASSWORD, { deviceToken })).body).toMatchObject({ requiresTwoFactor: true });
    expect((await login(user.username, PASSWORD, { deviceToken: 'x'.repeat(43) })).body).toMatchObject({ requiresTwoFactor: true });
    // The password is still needed.
    expect((await login(user.username, 'Wrong123!', { deviceToken })).status).toBe(401);
  });
});

describe('remembered devices end with the sessions (issue 21 §6)', () => {
  it("'sign out of all devices' and a password change forget every remembered device", async () => {
    const user = await twoFactorUser();
    const remember = async (code: string) => {
      const verified = await verify({ userId: user.id, twoFactorTicket: await ticketOf(user), token: code, rememberDevice: true });
      expect(verified.status).toBe(200);
      return verified.body as { token: string; deviceToken: string };
    };
    const first = await remember(await codeAt(user.secret));
    expect((await login(user.username, PASSWORD, { deviceToken: first.deviceToken })).body).toMatchObject({ requiresTwoFactor: false });
    expect((await call('POST', '/api/auth/logout-all', { token: first.token })).status).toBe(200);
    expect((await login(user.username, PASSWORD, { deviceToken: first.deviceToken })).body).toMatchObject({ requiresTwoFactor: true });

    const second = await remember(user.backupCodes[0]);
    const changed = await call('PUT', '/api/auth/settings', {
      token: second.token,
      body: { currentPassword: PASSWORD, newPassword: 'Changed123!' },
    });
    expect(changed.status).toBe(200);
    const again = await login(user.username, 'Changed123!', { deviceToken: second.deviceToken });
    expect(again.body).toMatchObject({ requiresTwoFactor: true });
  });

  it('setting up two-factor sign-in asks for the password, so a stolen session alone cannot (issue 21 §1)', async () => {
    const user = await signedInUser();
    expect(await call('POST', '/api/2fa/setup', { token: user.token })).toMatchObject({ status: 400 });
    expect(await call('POST', '/api/2fa/setup', { token: user.token, body: { password: 'Wrong123!' } })).toMatchObject({
      status: 400,
      body: { message: authMessages.currentPasswordWrong },
    });
    expect((await getItem(`USER#${user.id}`, 'PROFILE'))?.twoFactorPendingSecret).toBeUndefined();
    expect((await call('POST', '/api/2fa/setup', { token: user.token, body: { password: PASSWORD } })).status).toBe(200);
  });
});

describe('disabling two-factor sign-in and replacing the backup codes', () => {
  it('disables with the password and a current code; then no code is asked and old device tokens are moot', async () => {
    const user = await twoFactorUser();
    const { deviceToken } = (
      await verify({ userId: user.id, twoFactorTicket: await ticketOf(user), token: await codeAt(user.secret), rememberDevice: true })
    ).body;
    const next = await codeAt(user.secret, 1);
    const wrongPassword = await call('POST', '/api/2fa/disable', { token: user.token, body: { password: 'Wrong123!', token: next } });
    expect(wrongPassword).toMatchObject({ status: 400, body: { message: authMessages.passwordIncorrect } });
    const wrongCode_ = await call('POST', '/api/2fa/disable', {
      token: user.token,
      body: { password: PASSWORD, token: await wrongCode(user.secret) },
    });
    expect(wrongCode_).toMatchObject({ status: 400, body: { message: twoFactorMessages.invalidCode } });
    const usedCode = await call('POST', '/api/2fa/disable', {
      token: user.token,
      body: { password: PASSWORD, token: await codeAt(user.secret) },
    });
    expect(usedCode).toMatchObject({ status: 400, body: { message: twoFactorMessages.invalidCode } });

    const disabled = await call('POST', '/api/2fa/disable', { token: user.token, body: { password: PASSWORD, token: next } });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({
      message: twoFactorMessages.disabled,
      user: { two_factor_enabled: false, backupCodesRemaining: 0 },
    });
    // The verified address hears of it (issue 21 §1).
    expect((await mailsTo(user.email)).at(-1)?.subject).toBe('Two-factor authentication was turned off');
    const stored = await getItem(`USER#${user.id}`, 'PROFILE');
    expect(stored).not.toHaveProperty('twoFactorSecret');
    expect(stored).not.toHaveProperty('backupCodeHashes');

    expect((await login(user.username)).body).toMatchObject({ requiresTwoFactor: false, token: expect.any(String) });
    expect((await call('POST', '/api/2fa/disable', { token: user.token, body: { password: PASSWORD, token: next } })).body.message).toBe(
      twoFactorMessages.notEnabled,
    );

    // Enabled again: the device remembered before is not any more.
    const setup = await call('POST', '/api/2fa/setup', { token: user.token, body: { password: PASSWORD } });
    expect(
      (await call('POST', '/api/2fa/enable', { token: user.token, body: { token: await codeAt(setup.body.manualEntry) } })).status,
    ).toBe(200);
    expect((await login(user.username, PASSWORD, { deviceToken })).body).toMatchObject({ requiresTwoFactor: true });
  });

  it('replaces all backup codes: the old ones stop working, the new ones work', async () => {
    const user = await twoFactorUser();
    await call('POST', '/api/2fa/setup', { token: user.token, body: { password: PASSWORD } });
    const wrongPassword = await call('POST', '/api/2fa/backup-codes', {
      token: user.token,
      body: { password: 'nope', token: await codeAt(user.secret) },
    });
    expect(wrongPassword).toMatchObject({ status: 400, body: { message: authMessages.passwordIncorrect } });
    const replaced = await call('POST', '/api/2fa/backup-codes', {
      token: user.token,
      body: { password: PASSWORD, token: await codeAt(user.secret) },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.message).toBe(twoFactorMessages.backupCodesRegenerated);
    expect(replaced.body.backupCodes).toHaveLength(10);
    for (const code of replaced.body.backupCodes) {
      expect(code).toMatch(BACKUP_CODE);
      expect(user.backupCodes).not.toContain(code);
    }
    expect(replaced.body.user.backupCodesRemaining).toBe(10);
    expect(JSON.stringify(replaced.body)).not.toContain(user.secret);

    const old = await verify({ userId: user.id, twoFactorTicket: await ticketOf(user), token: user.backupCodes[0] });
    expect(old).toMatchObject({ status: 401, body: { message: twoFactorMessages.invalidCode } });
    const fresh = await verify({ userId: user.id, twoFactorTicket: await ticketOf(user), token: replaced.body.backupCodes[3] });
    expect(fresh.body).toMatchObject({ usedBackupCode: true, user: { backupCodesRemaining: 9 } });
  });
});
