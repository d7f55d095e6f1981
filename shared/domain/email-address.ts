/**
 * The e-mail addresses the product can send to
 * (docs/decisions/0023-mailable-addresses.md): plain ASCII `local@domain` as RFC 5321 paths carry them, no more. The sign-up and settings
 * forms, every body schema and the mailer (functions/lib/email/email.ts) use this one rule, so an address
 * that passes validation is one the MIME writer and SES take.
 *
 * - at most 254 characters in all, and a local part of at most 64 (RFC 5321 §4.5.3.1);
 * - the local part a dot-atom of letters, digits and ``!#$%&*+/=?^_`{|}~-`` (no quotes, no
 *   apostrophe or comma of SPEC §5's basic pattern, no empty part between dots);
 * - the domain a host name: two labels or more of letters, digits and inner hyphens, at most 63
 *   characters each, the last one not all digits. An internationalized domain is written in its
 *   ASCII form (`xn--…`); unicode, quoted local parts and IP literals are refused.
 */
export const EMAIL_ADDRESS_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

const LOCAL_PART = /^[A-Za-z0-9!#$%&*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** True when the mailer can send to the address exactly as written (no trimming here). */
export function isMailableAddress(address: string): boolean {
  if (address.length > EMAIL_ADDRESS_MAX_LENGTH) return false;
  const at = address.lastIndexOf('@');
  if (at < 1) return false;
  const local = address.slice(0, at);
  const labels = address.slice(at + 1).split('.');
  return (
    local.length <= EMAIL_LOCAL_PART_MAX_LENGTH &&
    LOCAL_PART.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    !/^[0-9]+$/.test(labels[labels.length - 1])
  );
}
