import { describe, expect, it } from 'vitest';
import {
  MAIL_REQUESTS_BY_CLIENT,
  MAILS_TO_ADDRESS_DAILY,
  MAILS_TO_ADDRESS_HOURLY,
  type ThrottleRule,
} from '../../functions/lib/throttles/throttle.js';
import { authMessages } from '../../shared/api/auth.js';
import {
  type ApiAnswer,
  call,
  callFrom,
  mailsTo,
  me,
  moveStackClock,
  ownerSession,
  PASSWORD,
  signedInUser,
  stackClock,
  uniqueName,
} from './helpers.js';

/**
 * Sign-up and every route that mails someone, limited per client address and per e-mail address
 * (issue 11 §2, docs/decisions/0022-mail-throttles.md). The suite's own requests come from 127.0.0.1, which
 * its stack exempts from the client-address limit (test/api/global-setup.ts); these tests come from
 * other loopback addresses, each its own, and use new e-mail addresses, so they meet the real limits.
 */

/** Seconds to the end of the rule's window, by the stack's clock (local/clock.ts), which the functions count by. */
const secondsToWindowEnd = async (rule: ThrottleRule) =>
  rule.windowSeconds - (Math.floor((await stackClock()) / 1000) % rule.windowSeconds);

/** Counters are fixed windows: a test that must stay in one moves the stack's clock past a window about to end (not waiting for it). */
async function awayFromWindowEdge(...rules: ThrottleRule[]) {
  const left = Math.min(...(await Promise.all(rules.map(secondsToWindowEnd))));
  if (left < 20) await moveStackClock((left + 1) * 1000);
}

async function expectThrottled(answer: ApiAnswer, message: string, rule: ThrottleRule) {
  expect(answer).toMatchObject({ status: 429, body: { message } });
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(Math.abs(retryAfter - (await secondsToWindowEnd(rule)))).toBeLessThanOrEqual(2);
}

const register = (from: string, email: string, username = uniqueName()) =>
  callFrom(from, 'POST', '/api/auth/register', { body: { username, email, password: PASSWORD } });

describe('per client address: sign-ups and mail requests', () => {
  it(`refuses more than ${MAIL_REQUESTS_BY_CLIENT.limit} an hour with Retry-After, whatever viewer address a client claims; other addresses go on`, async () => {
    await awayFromWindowEdge(MAIL_REQUESTS_BY_CLIENT);
    const client = '127.0.1.1';
    // Without CloudFront's origin secret a viewer-address header is the client's own words, and ignored.
    const requests = await Promise.all(
      Array.from({ length: MAIL_REQUESTS_BY_CLIENT.limit }, (_, i) =>
        callFrom(client, 'POST', '/api/auth/forgot-password', {
          body: { email: `${uniqueName('nobody')}@example.com` },
          headers: { 'cloudfront-viewer-address': `198.51.100.${i}:44321` },
        }),
      ),
    );
    expect(new Set(requests.map((answer) => answer.status))).toEqual(new Set([200]));

    const username = uniqueName();
    const email = `${username}@example.com`;
    await expectThrottled(await register(client, email, username), authMessages.tooManyRequestsFromAddress, MAIL_REQUESTS_BY_CLIENT);
    for (const path of ['/api/auth/resend-verification-public', '/api/auth/forgot-password']) {
      await expectThrottled(
        await callFrom(client, 'POST', path, { body: { email } }),
        authMessages.tooManyRequestsFromAddress,
        MAIL_REQUESTS_BY_CLIENT,
      );
    }
    expect(await mailsTo(email)).toHaveLength(0);

    // The refused sign-up created nothing: the same username and address sign up from another address.
    expect((await register('127.0.1.2', email, username)).status).toBe(201);
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

describe('per e-mail address: every mail a request sends', () => {
  it(`mails one address at most ${MAILS_TO_ADDRESS_HOURLY.limit} times an hour, whichever accounts and client addresses ask, +tags included`, async () => {
    await awayFromWindowEdge(MAILS_TO_ADDRESS_HOURLY, MAILS_TO_ADDRESS_DAILY);
    const mailbox = uniqueName('stranger');
    const tagged = Array.from({ length: MAILS_TO_ADDRESS_HOURLY.limit }, (_, i) => `${mailbox}+${i}@example.com`);
    for (const [i, email] of tagged.entries()) expect((await register(`127.0.2.${i + 1}`, email)).status).toBe(201);

    await expectThrottled(
      await register('127.0.2.10', `${mailbox}+extra@example.com`),
      authMessages.tooManyEmailsToAddress,
      MAILS_TO_ADDRESS_HOURLY,
    );
    await expectThrottled(
      await register('127.0.2.11', `${mailbox.toUpperCase()}@EXAMPLE.COM`),
      authMessages.tooManyEmailsToAddress,
      MAILS_TO_ADDRESS_HOURLY,
    );

    // Resend and forgot-password answer as always, so nobody learns about the address, but send nothing.
    const resend = await callFrom('127.0.2.12', 'POST', '/api/auth/resend-verification-public', { body: { email: tagged[0] } });
    expect(resend).toMatchObject({ status: 200, body: { message: authMessages.verificationSent } });
    const forgot = await callFrom('127.0.2.12', 'POST', '/api/auth/forgot-password', { body: { email: tagged[0] } });
    expect(forgot).toMatchObject({ status: 200, body: { message: authMessages.resetLinkSent } });

    const mailed = await Promise.all([...tagged, `${mailbox}+extra@example.com`, `${mailbox}@example.com`].map(mailsTo));
    expect(mailed.map((mails) => mails.length)).toEqual([1, 1, 1, 1, 1, 0, 0]);
  });

  it('counts resends and reset links too, and refuses an e-mail change in settings to that address, changing nothing', async () => {
    await awayFromWindowEdge(MAILS_TO_ADDRESS_HOURLY, MAILS_TO_ADDRESS_DAILY);
    const stranger = `${uniqueName('stranger')}@example.com`;
    expect((await register('127.0.3.1', stranger)).status).toBe(201);
    // The account allows 3 verification mails in 15 minutes, and a sign-up with a +tag of the address counts
    // as the same mailbox: 5 mails to the address. (Reset links go to verified addresses only.)
    for (let i = 0; i < 3; i++) await callFrom('127.0.3.2', 'POST', '/api/auth/resend-verification-public', { body: { email: stranger } });
    expect((await register('127.0.3.1', stranger.replace('@', '+again@'))).status).toBe(201);
    const mailbox = [...(await mailsTo(stranger)), ...(await mailsTo(stranger.replace('@', '+again@')))];
    expect(mailbox).toHaveLength(MAILS_TO_ADDRESS_HOURLY.limit);

    const user = await signedInUser();
    const taggedStranger = stranger.replace('@', '+me@');
    const change = await callFrom('127.0.3.3', 'PUT', '/api/auth/settings', {
      token: user.token,
      body: { email: taggedStranger, currentPassword: PASSWORD },
    });
    await expectThrottled(change, authMessages.tooManyEmailsToAddress, MAILS_TO_ADDRESS_HOURLY);
    expect((await me(user.token)).body).toMatchObject({ email: user.email, emailVerified: true });
    expect(await mailsTo(taggedStranger)).toHaveLength(0);
  });

  it('gives the allowance back when a sign-up fails, so a taken username costs the address nothing', async () => {
    await awayFromWindowEdge(MAILS_TO_ADDRESS_HOURLY, MAILS_TO_ADDRESS_DAILY);
    const taken = (await signedInUser()).username;
    const email = `${uniqueName('retry')}@example.com`;
    for (let i = 0; i <= MAILS_TO_ADDRESS_HOURLY.limit; i++) expect((await register('127.0.4.1', email, taken)).status).toBe(409);
    expect((await register('127.0.4.1', email)).status).toBe(201);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("limits an admin's preview e-mails to an address like every other mail", async () => {
    await awayFromWindowEdge(MAILS_TO_ADDRESS_HOURLY, MAILS_TO_ADDRESS_DAILY);
    const token = await ownerSession();
    const email = `${uniqueName('preview')}@example.com`;
    const preview = () => call('POST', '/api/admin/preview-email', { token, body: { type: 'test', email } });
    for (let i = 0; i < MAILS_TO_ADDRESS_HOURLY.limit; i++) expect((await preview()).status).toBe(200);
    await expectThrottled(await preview(), authMessages.tooManyEmailsToAddress, MAILS_TO_ADDRESS_HOURLY);
    expect(await mailsTo(email)).toHaveLength(MAILS_TO_ADDRESS_HOURLY.limit);
  });
});
