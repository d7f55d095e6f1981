import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { encodeHeaderText, mimeMessage } from '../../functions/lib/email/mime.js';
import { rawHeaders } from '../../local/emulators.js';

/** The raw e-mail the functions hand to SES SendRawEmail, read back by mailparser (the SES emulator's parser). */
describe('the MIME message', () => {
  const message = {
    from: 'Subscription Tracker <reminders@example.com>',
    to: 'ann@example.com',
    subject: 'Reminder: Café Crème renews in 3 days (12,50 €) — a subject long enough to need several encoded words',
    text: `Hi Ann,\nYour Café Crème subscription is due. ${'Long line. '.repeat(20)}`,
    html: '<p>Hi Ann, your <b>Café Crème</b> subscription is due — 12,50 €.</p>',
    headers: {
      'List-Unsubscribe': '<https://tracker.example/api/auth/unsubscribe/u1.sig>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };

  it('round-trips the subject, both parts and the extra headers, in lines of at most 78 characters', async () => {
    const raw = mimeMessage(message);
    for (const line of raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
    expect(raw).not.toMatch(/[^\r]\n/);
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.text?.trimEnd()).toBe(message.text.trimEnd());
    expect(parsed.html).toBe(message.html);
    expect(parsed.from?.value).toEqual([{ name: 'Subscription Tracker', address: 'reminders@example.com' }]);
    expect(parsed.headerLines.find((header) => header.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(rawHeaders(raw)).toEqual(expect.arrayContaining([{ name: 'List-Unsubscribe', value: message.headers['List-Unsubscribe'] }]));
  });

  it('leaves an ASCII subject as it is and never splits a character across encoded words', () => {
    expect(encodeHeaderText('Verify your email')).toBe('Verify your email');
    const words = encodeHeaderText('€'.repeat(40)).split('\r\n ');
    expect(words.length).toBeGreaterThan(1);
    for (const word of words) {
      expect(word.length).toBeLessThanOrEqual(75);
      expect(Buffer.from(word.slice(10, -2), 'base64').toString('utf8')).toMatch(/^€+$/);
    }
  });

  it('encodes ASCII text that looks like an encoded word, so it reads back as written', async () => {
    const subject = 'Contact message from =?UTF-8?B?QWRtaW4=?=';
    expect(encodeHeaderText(subject)).not.toBe(subject);
    expect((await simpleParser(mimeMessage({ ...message, subject }))).subject).toBe(subject);
  });

  it('refuses a header that would break the message', () => {
    expect(() => mimeMessage({ ...message, headers: { 'X-Bad': 'one\r\nBcc: someone@example.com' } })).toThrow(
      /printable ASCII on one line/,
    );
  });
});
