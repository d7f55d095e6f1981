import { describe, expect, it } from 'vitest';
import { mimeMessage } from '../../functions/lib/email/mime.js';
import { isMailableAddress } from '../../shared/domain/email-address.js';
import { emailMessages, emailProblem } from '../../shared/domain/username.js';

const local64 = 'l'.repeat(64);
const domain189 = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(57)}.com`;

const MAILABLE = [
  'ann@example.com',
  'Ann.O-Neil+tag@mail.example.co.uk',
  'x_y=z!#$%&*/?^`{|}~@example.com',
  'x@xn--bcher-kva.example',
  'x@1example.com',
  `${local64}@${domain189}`,
];

const NOT_MAILABLE = [
  'x@exämple.com',
  'ünicode@example.com',
  'x@例え.jp',
  '"quoted"@example.com',
  '"a b"@example.com',
  'x@[127.0.0.1]',
  'x@[IPv6:::1]',
  'x@127.0.0.1',
  'a..b@example.com',
  '.a@example.com',
  'a.@example.com',
  'x@-example.com',
  'x@example-.com',
  'x@example..com',
  'x@example',
  '@example.com',
  'x@',
  `${local64}l@example.com`,
  `x@${'a'.repeat(64)}.com`,
  `${local64}@${domain189}m`,
];

describe('isMailableAddress (the one e-mail address rule)', () => {
  it.each(MAILABLE)('accepts %s, and the MIME writer takes it', (address) => {
    expect(isMailableAddress(address)).toBe(true);
    expect(emailProblem(address)).toBeNull();
    expect(() =>
      mimeMessage({ from: 'a@example.com', to: address, subject: 's', text: 't', html: 'h', headers: { 'Reply-To': address } }),
    ).not.toThrow();
  });

  it.each(NOT_MAILABLE)('refuses %s with the validation message', (address) => {
    expect(isMailableAddress(address)).toBe(false);
    expect(emailProblem(address)).toBe(emailMessages.invalid);
  });

  it('counts 254 characters as the longest address', () => {
    expect(`${local64}@${domain189}`).toHaveLength(254);
  });
});
