import { createHmac, timingSafeEqual } from 'node:crypto';
import { key } from '../auth/jwt.js';

/**
 * The token of a reminder e-mail's unsubscribe links (List-Unsubscribe, RFC 8058): names the user
 * without a sign-in, `<user id>.<HMAC-SHA256 of it>` with the session key under its own label, so it
 * is never a session token nor a ticket. node:crypto, not jose: the reminder bundle stays small. No
 * expiry, since turning reminders off is all it can do.
 */
const LABEL = 'subscription-tracker unsubscribe\n';

const signatureOf = async (userId: string) =>
  createHmac('sha256', await key())
    .update(LABEL + userId)
    .digest('base64url');

export async function signUnsubscribeToken(userId: string): Promise<string> {
  return `${userId}.${await signatureOf(userId)}`;
}

/** The user id a valid unsubscribe token names, or null. */
export async function verifyUnsubscribeToken(token: string): Promise<string | null> {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const userId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(await signatureOf(userId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
