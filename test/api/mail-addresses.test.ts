import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailMessages } from '../../shared/domain/username.js';
import {
  call,
  linkToken,
  mailsTo,
  me,
  ownerSession,
  PASSWORD,
  type SignedInUser,
  setAttributes,
  signedInUser,
  table,
  uniqueName,
} from './helpers.js';

/**
 * Issue 21 point 3: an address the mailer cannot send to is refused with 400 and the validation
 * message before anything is written, on every route that takes one; an address already stored that
 * the mailer cannot send to is a clear 4xx, never a 500 or a stuck account.
 */
const UNDELIVERABLE = [
  'x@exämple.com',
  'ünicode@example.com',
  'x@bücher.example',
  '"quoted"@example.com',
  'x@[127.0.0.1]',
  'x@[IPv6:::1]',
  'x@127.0.0.1',
  'a..b@example.com',
  '.a@example.com',
  'x@-example.com',
  'x@example..com',
  `${'a'.repeat(65)}@example.com`,
  `x@${'a'.repeat(64)}.com`,
];

/** 254 characters, the longest a mailer can send to (RFC 5321's path limit): a 64-character local part, labels of 63. */
const longestAddress = (tag: string) => {
  const local = `${tag}${'l'.repeat(64 - tag.length)}`;
  const domain = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(57)}.com`;
  return `${local}@${domain}`;
};

/** Gives a user an address as an older version stored it, guard item included (no route takes one any more). */
async function storeLegacyAddress(member: SignedInUser, address: string) {
  const { client, name } = table();
  await client.send(new PutCommand({ TableName: name, Item: { pk: `EMAIL#${address.toLowerCase()}`, sk: 'EMAIL', userId: member.id } }));
  await client.send(new DeleteCommand({ TableName: name, Key: { pk: `EMAIL#${member.email.toLowerCase()}`, sk: 'EMAIL' } }));
  await setAttributes(`USER#${member.id}`, 'PROFILE', { email: address });
}

let user: SignedInUser;
let ownerToken: string;
beforeAll(async () => {
  user = await signedInUser();
  ownerToken = await ownerSession();
});

describe('an address the mailer cannot send to', () => {
  it('sign-up answers 400 with the validation message and the username stays free', async () => {
    const username = uniqueName('idn');
    for (const email of [...UNDELIVERABLE, `${longestAddress('x')}m`]) {
      const answer = await call('POST', '/api/auth/register', { body: { username, email, password: PASSWORD } });
      expect(answer, email).toMatchObject({ status: 400, body: { message: emailMessages.invalid } });
    }
    const email = `${username}@example.com`;
    const registered = await call('POST', '/api/auth/register', { body: { username, email, password: PASSWORD } });
    expect(registered.status).toBe(201);
  });

  it('a 254-character address is accepted and mailed', async () => {
    const username = uniqueName('long');
    const email = longestAddress(username);
    expect(email).toHaveLength(254);
    const registered = await call('POST', '/api/auth/register', { body: { username, email, password: PASSWORD } });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    expect(await linkToken(email, 'verify-email')).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('an internationalized domain in its ASCII form (xn--) is accepted and mailed', async () => {
    const username = uniqueName('puny');
    const email = `${username}@xn--bcher-kva.example`;
    const registered = await call('POST', '/api/auth/register', { body: { username, email, password: PASSWORD } });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    // The SES emulator's parser shows the domain decoded; SES itself is given the ASCII form.
    expect(await linkToken(`${username}@bücher.example`, 'verify-email')).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('a settings change answers 400 and keeps the address', async () => {
    for (const email of UNDELIVERABLE) {
      const answer = await call('PUT', '/api/auth/settings', { token: user.token, body: { email } });
      expect(answer, email).toMatchObject({ status: 400, body: { message: emailMessages.invalid } });
    }
    const profile = await me(user.token);
    expect(profile.body).toMatchObject({ email: user.email, emailVerified: true });
  });

  it('forgot-password, resend, admin e-mail change, preview and contact answer 400', async () => {
    const target = await signedInUser();
    for (const email of UNDELIVERABLE) {
      const answers = [
        await call('POST', '/api/auth/forgot-password', { body: { email } }),
        await call('POST', '/api/auth/resend-verification-public', { body: { email } }),
        await call('PUT', `/api/admin/users/${target.id}/email`, { token: ownerToken, body: { email } }),
        await call('POST', '/api/admin/preview-email', { token: ownerToken, body: { type: 'test', email } }),
        await call('POST', '/api/contact', { body: { name: 'Ann', email, message: 'Hello there' } }),
      ];
      for (const answer of answers) expect(answer, email).toMatchObject({ status: 400, body: { message: emailMessages.invalid } });
    }
    const details = await call('GET', `/api/auth/users/${target.id}/details`, { token: ownerToken });
    expect(details.body.user).toMatchObject({ email: target.email });
  });
});

describe('a stored address the mailer cannot send to (kept from before the rule)', () => {
  it("an admin's password reset answers a clear 400, and a new address set by the admin works", async () => {
    const target = await signedInUser();
    await storeLegacyAddress(target, `${uniqueName('x')}@exämple.com`);
    const reset = await call('POST', `/api/auth/admin/reset-password/${target.id}`, { token: ownerToken });
    expect(reset).toMatchObject({ status: 400, body: { message: emailMessages.undeliverable } });

    const fixed = `${uniqueName('fixed')}@example.com`;
    const changed = await call('PUT', `/api/admin/users/${target.id}/email`, { token: ownerToken, body: { email: fixed } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const again = await call('POST', `/api/auth/admin/reset-password/${target.id}`, { token: ownerToken });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await mailsTo(fixed)).length).toBe(1);
  });

  it('changing another setting of that user still works, and changing the address to a good one mails it', async () => {
    const member = await signedInUser();
    await storeLegacyAddress(member, `${uniqueName('ü')}@example.com`);
    const renamed = await call('PUT', '/api/auth/settings', { token: member.token, body: { displayName: 'Still Here' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const fixed = `${uniqueName('fixed')}@example.com`;
    const changed = await call('PUT', '/api/auth/settings', { token: member.token, body: { email: fixed, currentPassword: PASSWORD } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await mailsTo(fixed)).length).toBe(1);
  });
});
