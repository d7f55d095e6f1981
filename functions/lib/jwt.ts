import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { jwtVerify, SignJWT } from 'jose';
import { secretsClient } from './aws.js';
import { config } from './config.js';

/** Sessions last 7 days; every request also checks the user's token version and session item (DESIGN §5). */
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 3600;

let signingKey: Promise<Uint8Array> | undefined;

/** The HS256 key: JWT_SECRET locally, the Secrets Manager secret in the cloud (read once per cold start). */
export function key(): Promise<Uint8Array> {
  signingKey ??= (async () => {
    const { JWT_SECRET, JWT_SECRET_ARN } = config();
    if (JWT_SECRET) return new TextEncoder().encode(JWT_SECRET);
    if (!JWT_SECRET_ARN) throw new Error('Invalid function configuration: JWT_SECRET or JWT_SECRET_ARN must be set');
    const { SecretString } = await secretsClient().send(new GetSecretValueCommand({ SecretId: JWT_SECRET_ARN }));
    if (!SecretString || SecretString.length < 32) throw new Error('JWT secret is missing or shorter than 32 characters');
    return new TextEncoder().encode(SecretString);
  })();
  return signingKey;
}

export interface SessionClaims {
  userId: string;
  tokenVersion: number;
  /** The session item (`USER#<id>` / `SESSION#<sessionId>`) that logout deletes. */
  sessionId: string;
}

export async function signSession(claims: SessionClaims): Promise<string> {
  return new SignJWT({ ver: claims.tokenVersion, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_LIFETIME_SECONDS}s`)
    .sign(await key());
}

/** The claims of a valid, unexpired session token, or null. */
export async function verifySession(token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await key(), { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number' || typeof payload.sid !== 'string' || payload.typ !== undefined)
      return null;
    return { userId: payload.sub, tokenVersion: payload.ver, sessionId: payload.sid };
  } catch {
    return null;
  }
}

/** A two-factor sign-in ticket lasts 5 minutes (DESIGN §5). */
export const TWO_FACTOR_TICKET_SECONDS = 5 * 60;
const TICKET_TYPE = '2fa-ticket';

export interface TwoFactorTicketClaims {
  userId: string;
  /** The user's token version at login: a password change or 'sign out everywhere' ends the ticket. */
  tokenVersion: number;
  /** Keys the ticket's attempt counter. */
  ticketId: string;
  /** Seconds since the epoch when the ticket ends. */
  expiresAt: number;
  /** The browser's time zone sent with the password, applied when the sign-in completes. */
  timeZone?: string;
}

/**
 * The ticket login answers for an account with two-factor sign-in: signed with the session key, but
 * typed, so it is never taken for a session token (which needs a session id) nor the other way round.
 */
export async function signTwoFactorTicket(claims: Omit<TwoFactorTicketClaims, 'ticketId' | 'expiresAt'>): Promise<string> {
  return new SignJWT({ typ: TICKET_TYPE, ver: claims.tokenVersion, ...(claims.timeZone ? { tz: claims.timeZone } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setJti(crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${TWO_FACTOR_TICKET_SECONDS}s`)
    .sign(await key());
}

/** The claims of a valid, unexpired ticket, or null. */
export async function verifyTwoFactorTicket(ticket: string): Promise<TwoFactorTicketClaims | null> {
  try {
    const { payload } = await jwtVerify(ticket, await key(), { algorithms: ['HS256'] });
    const { sub, ver, jti, exp, typ, tz } = payload;
    if (typ !== TICKET_TYPE || typeof sub !== 'string' || typeof ver !== 'number' || typeof jti !== 'string' || typeof exp !== 'number') {
      return null;
    }
    return { userId: sub, tokenVersion: ver, ticketId: jti, expiresAt: exp, timeZone: typeof tz === 'string' ? tz : undefined };
  } catch {
    return null;
  }
}
