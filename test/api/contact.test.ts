import { describe, expect, it } from 'vitest';
import { CONTACT_BY_ADDRESS, CONTACT_BY_EMAIL } from '../../functions/contact/rules.js';
import { LOCAL_SUPPORT_EMAIL } from '../../local/functions.js';
import { CONTACT_LIMITS, contactMessages as messages } from '../../shared/api/contact.js';
import { emailMessages } from '../../shared/domain/username.js';
import { call, getItem, type Mail, mailsTo, stackClock, uniqueName } from './helpers.js';

const send = (body: Record<string, unknown>) => call('POST', '/api/contact', { body });
const message = (email: string) => ({ name: 'Ann', email, message: 'Hello, I have a question.' });

/** Sends fresh messages until one is refused; the count accepted before it and the refusal. */
async function sendUntilRefused(next: () => Record<string, unknown>, limit: number) {
  let accepted = 0;
  // Twice the limit and one: a fixed window may end during the loop and start counting again.
  for (let attempt = 0; attempt < 2 * limit + 1; attempt++) {
    const answer = await send(next());
    if (answer.status === 429) return { accepted, refused: answer };
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    accepted++;
  }
  throw new Error(`never refused after ${2 * limit + 1} messages`);
}

describe('GET /api/contact', () => {
  it('names the address the contact form mails, to anyone', async () => {
    expect(await call('GET', '/api/contact')).toMatchObject({ status: 200, body: { supportEmail: 'support@example.com' } });
  });
});

describe('POST /api/contact', () => {
  it('forwards the message to the support address with the sender as Reply-To, escaped, and keeps it', async () => {
    const email = `${uniqueName('contact')}@example.com`;
    const text = 'My <script>alert("hi")</script> & "friends" can\'t sign in.\n\nSecond paragraph.';
    const answer = await send({ name: "  <b>Ann</b>  O'Neil ", email: `  ${email.toUpperCase()} `, message: text });
    expect(answer).toMatchObject({ status: 201, body: { message: "Message sent successfully! We'll respond within 1-3 business days." } });

    const mail = (await mailsTo(LOCAL_SUPPORT_EMAIL)).find((m) => m.body.text?.includes(email.toUpperCase())) as
      | (Mail & { replyTo: string[]; from: string })
      | undefined;
    expect(mail).toBeDefined();
    expect(mail?.replyTo).toEqual([email.toUpperCase()]);
    expect(mail?.subject).toBe("Contact message from <b>Ann</b> O'Neil");
    expect(mail?.body.text).toContain('My <script>alert("hi")</script> & "friends" can\'t sign in.');
    expect(mail?.body.html).toContain('My &lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &quot;friends&quot; can&#39;t sign in.');
    expect(mail?.body.html).toContain('&lt;b&gt;Ann&lt;/b&gt; O&#39;Neil');
    expect(mail?.body.html).not.toContain('<script>');
    expect(mail?.body.html).not.toContain('<b>Ann');

    const reference = /Reference: ([0-9a-f-]{36})/.exec(mail?.body.text ?? '')?.[1] as string;
    const stored = await getItem(`CONTACT#${reference}`, 'MESSAGE');
    expect(stored).toMatchObject({ name: "<b>Ann</b> O'Neil", email: email.toUpperCase(), message: text.trim() });
    const ninetyDays = 90 * 24 * 60 * 60;
    const nowSeconds = (await stackClock()) / 1000;
    expect(Number(stored?.expiresAt) - nowSeconds).toBeGreaterThan(ninetyDays - 60);
    expect(Number(stored?.expiresAt) - nowSeconds).toBeLessThanOrEqual(ninetyDays);
  });

  it.each([
    [{ email: 'a@example.com', message: 'Hi' }, messages.nameRequired],
    [{ name: '   ', email: 'a@example.com', message: 'Hi' }, messages.nameRequired],
    [{ name: 'Ann', message: 'Hi' }, emailMessages.required],
    [{ name: 'Ann', email: 'not-an-address', message: 'Hi' }, emailMessages.invalid],
    [{ name: 'Ann', email: 'a@example.com' }, messages.messageRequired],
    [{ name: 'Ann', email: 'a@example.com', message: ' \n ' }, messages.messageRequired],
    [{ name: 'x'.repeat(CONTACT_LIMITS.name + 1), email: 'a@example.com', message: 'Hi' }, messages.nameTooLong],
    [{ name: 'Ann', email: 'a@example.com', message: 'x'.repeat(CONTACT_LIMITS.message + 1) }, messages.messageTooLong],
    [{ name: 'Ann\u202e', email: 'a@example.com', message: 'Hi' }, 'Name contains characters that are not allowed'],
  ])('refuses %o with "%s" and sends nothing', async (body, expected) => {
    const before = (await mailsTo(LOCAL_SUPPORT_EMAIL)).length;
    expect(await send(body)).toMatchObject({ status: 400, body: { message: expected } });
    expect((await mailsTo(LOCAL_SUPPORT_EMAIL)).length).toBe(before);
  });

  it(`answers 429 with Retry-After after ${CONTACT_BY_EMAIL.limit} messages from one sender address in a window`, async () => {
    const email = `${uniqueName('often')}@example.com`;
    const { accepted, refused } = await sendUntilRefused(() => message(email), CONTACT_BY_EMAIL.limit);
    expect(accepted).toBeLessThanOrEqual(CONTACT_BY_EMAIL.limit);
    expect(refused.body).toEqual({ message: messages.tooMany });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(CONTACT_BY_EMAIL.windowSeconds);
    // The same address in other letters, or with a +tag (one mailbox at most providers), is the same sender.
    expect((await send(message(email.toUpperCase()))).status).toBe(429);
    expect((await send(message(email.replace('@', '+again@')))).status).toBe(429);
    expect((await send(message(email.replace('@', '+Other@').toUpperCase()))).status).toBe(429);
  });

  it('keeps encoded words (=?…?=) in a name as the text written, never decoded into the subject', async () => {
    const email = `${uniqueName('encoded')}@example.com`;
    // "Admin" and "Your account is locked" as RFC 2047 encoded words.
    const name = '=?UTF-8?B?QWRtaW4=?= =?UTF-8?Q?Your_account_is_locked?=';
    expect((await send({ name, email, message: 'Hello' })).status).toBe(201);
    const mail = (await mailsTo(LOCAL_SUPPORT_EMAIL)).find((m) => m.body.text?.includes(email));
    expect(mail?.subject).toBe(`Contact message from ${name}`);
  });

  it(`answers 429 after ${CONTACT_BY_ADDRESS.limit} messages from one client address, whatever the sender`, async () => {
    const { accepted, refused } = await sendUntilRefused(() => message(`${uniqueName('crowd')}@example.com`), CONTACT_BY_ADDRESS.limit);
    expect(accepted).toBeLessThanOrEqual(CONTACT_BY_ADDRESS.limit);
    expect(refused.body).toEqual({ message: messages.tooMany });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await send(message(`${uniqueName('fresh')}@example.com`))).status).toBe(429);
  });
});
