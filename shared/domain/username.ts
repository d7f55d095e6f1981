import { EMAIL_ADDRESS_MAX_LENGTH, isMailableAddress } from './email-address.js';
import { hasForbiddenCharacters } from './text.js';

/** Username and e-mail rules (SPEC §5 Registration, §9 'Username: at least 3'). */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const EMAIL_MAX_LENGTH = EMAIL_ADDRESS_MAX_LENGTH;
/** The "basic pattern" of SPEC §5: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+$/;

export const usernameMessages = {
  required: 'Username is required',
  tooShort: 'Username must be at least 3 characters long',
  tooLong: 'Username must be at most 30 characters long',
  pattern: 'Username may only contain letters, numbers, dots, underscores and hyphens',
} as const;

export const emailMessages = {
  required: 'Email is required',
  invalid: 'Please enter a valid email address',
  /** An address stored before the rule of shared/domain/email-address.ts that the mailer cannot send to. */
  undeliverable: 'This email address cannot receive mail. Please change it to a valid email address.',
} as const;

export function usernameProblem(username: string): string | null {
  const u = username.trim();
  if (!u) return usernameMessages.required;
  if (u.length < USERNAME_MIN_LENGTH) return usernameMessages.tooShort;
  if (u.length > USERNAME_MAX_LENGTH) return usernameMessages.tooLong;
  if (!USERNAME_PATTERN.test(u)) return usernameMessages.pattern;
  return null;
}

export function emailProblem(email: string): string | null {
  const e = email.trim();
  if (!e) return emailMessages.required;
  // SPEC §5's basic pattern, and an address the mailer can send to (shared/domain/email-address.ts).
  if (!EMAIL_PATTERN.test(e) || hasForbiddenCharacters(e) || !isMailableAddress(e)) return emailMessages.invalid;
  return null;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
