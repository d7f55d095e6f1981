import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { jwtVerify, SignJWT } from 'jose';
import { secretsClient } from '../chassis/aws.js';
import { now, nowSeconds } from '../chassis/clock.js';
import { config } from '../chassis/config.js';
import type { Identity } from './sso-links.js';

/**
 * Sessions last 7 days; every request also checks the user's token version and session item (DESIGN §5).
 * Shorter than the signing key's rotation interval (infra/secrets.ts), so the previous key covers every live token.
 */
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 3600;

/** A key that signs tokens, and its id: the `kid` in the header of every token it signs. */
export interface SigningKey {
  kid: string;
  key: Uint8Array;
}

/** The key that signs, and the one before it (tokens it signed stay valid until they expire). */
export interface SigningKeys {
  current: SigningKey;
  previous?: SigningKey;
}

/**
 * How long a function keeps the keys it read: a rotated key is in use everywhere within this long.
 * A token naming a key the function does not know yet (signed by a function that read the keys
 * after a rotation) makes it read them again at once, at most once per KEY_RELOAD_MIN_MS.
 */
export const SIGNING_KEYS_CACHE_MS = 5 * 60 * 1000;
export const KEY_RELOAD_MIN_MS = 30 * 1000;

/** The Secrets Manager stages of the key that signs and of the one before it. */
const CURRENT_STAGE = 'AWSCURRENT';
const PREVIOUS_STAGE = 'AWSPREVIOUS';

const encodeKey = (value: string) => new TextEncoder().encode(value);

/** The locally configured key (the local stack's data folder): it never rotates. */
export const LOCAL_KEY_ID = 'local';

async function secretVersion(secretId: string, stage: string): Promise<SigningKey | undefined> {
  try {
    const { SecretString, VersionId } = await secretsClient().send(new GetSecretValueCommand({ SecretId: secretId, VersionStage: stage }));
    if (!SecretString || SecretString.length < 32 || !VersionId)
      throw new Error(`JWT secret (${stage}) is missing or shorter than 32 characters`);
    return { kid: VersionId, key: encodeKey(SecretString) };
  } catch (error) {
    // Before the first rotation there is no previous version.
    if (stage === PREVIOUS_STAGE && (error as { name?: string }).name === 'ResourceNotFoundException') return undefined;
    throw error;
  }
}

/**
 * The HS256 keys: JWT_SECRET locally; in the cloud the Secrets Manager secret's current and previous
 * versions, each known by its version id (the rotation function, functions/rotation, makes a new one
 * every JWT_KEY_ROTATION_DAYS, infra/secrets.ts).
 */
async function configuredKeys(): Promise<SigningKeys> {
  const { JWT_SECRET, JWT_SECRET_ARN } = config();
  if (JWT_SECRET) return { current: { kid: LOCAL_KEY_ID, key: encodeKey(JWT_SECRET) } };
  if (!JWT_SECRET_ARN) throw new Error('Invalid function configuration: JWT_SECRET or JWT_SECRET_ARN must be set');
  const [current, previous] = await Promise.all([
    secretVersion(JWT_SECRET_ARN, CURRENT_STAGE),
    secretVersion(JWT_SECRET_ARN, PREVIOUS_STAGE),
  ]);
  return { current: current as SigningKey, previous };
}

/**
 * The keys, read from `load` and kept for SIGNING_KEYS_CACHE_MS. If reading them again fails, the
 * keys in hand stay in use (and are read again after another period) rather than failing requests.
 */
export function signingKeyRing(load: () => Promise<SigningKeys>, now: () => number = Date.now) {
  let cached: { keys: Promise<SigningKeys>; loadedAt: number } | undefined;

  const reload = () => {
    const inHand = cached?.keys;
    const keys = load().catch((error: unknown) => {
      if (inHand !== undefined) return inHand;
      cached = undefined;
      throw error;
    });
    cached = { keys, loadedAt: now() };
    return keys;
  };

  const keys = () => (cached && now() - cached.loadedAt < SIGNING_KEYS_CACHE_MS ? cached.keys : reload());

  return {
    /** The key that signs new tokens. */
    async signing(): Promise<SigningKey> {
      return (await keys()).current;
    },
    /**
     * The key that verifies a token whose header names `kid`: the current or the previous key, never
     * an older one. A token without `kid` (signed before keys had ids) is checked with the current key.
     */
    async verifying(kid: string | undefined): Promise<Uint8Array | undefined> {
      const find = ({ current, previous }: SigningKeys) =>
        kid === undefined ? current.key : [current, previous].find((candidate) => candidate?.kid === kid)?.key;
      const found = find(await keys());
      if (found || kid === undefined || !cached || now() - cached.loadedAt < KEY_RELOAD_MIN_MS) return found;
      return find(await reload());
    },
  };
}

const keyRing = signingKeyRing(configuredKeys);

async function sign(token: SignJWT): Promise<string> {
  const { kid, key } = await keyRing.signing();
  return token.setProtectedHeader({ alg: 'HS256', kid }).sign(key);
}

/** Verifies with the key the token's `kid` names; throws on any invalid token (callers answer null). */
async function verify(token: string) {
  return jwtVerify(
    token,
    async (header) => {
      const key = await keyRing.verifying(header.kid);
      if (!key) throw new Error('unknown signing key');
      return key;
    },
    { algorithms: ['HS256'], currentDate: now() },
  );
}

export interface SessionClaims {
  userId: string;
  tokenVersion: number;
  /** The session item (`USER#<id>` / `SESSION#<sessionId>`) that logout deletes. */
  sessionId: string;
}

export async function signSession(claims: SessionClaims): Promise<string> {
  return sign(
    new SignJWT({ ver: claims.tokenVersion, sid: claims.sessionId })
      .setSubject(claims.userId)
      .setIssuedAt(nowSeconds())
      .setExpirationTime(nowSeconds() + SESSION_LIFETIME_SECONDS),
  );
}

/** The claims of a valid, unexpired session token, or null. */
export async function verifySession(token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await verify(token);
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
  return sign(
    new SignJWT({ typ: TICKET_TYPE, ver: claims.tokenVersion, ...(claims.timeZone ? { tz: claims.timeZone } : {}) })
      .setSubject(claims.userId)
      .setJti(crypto.randomUUID())
      .setIssuedAt(nowSeconds())
      .setExpirationTime(nowSeconds() + TWO_FACTOR_TICKET_SECONDS),
  );
}

/** The claims of a valid, unexpired ticket, or null. */
export async function verifyTwoFactorTicket(ticket: string): Promise<TwoFactorTicketClaims | null> {
  try {
    const { payload } = await verify(ticket);
    const { sub, ver, jti, exp, typ, tz } = payload;
    if (typ !== TICKET_TYPE || typeof sub !== 'string' || typeof ver !== 'number' || typeof jti !== 'string' || typeof exp !== 'number') {
      return null;
    }
    return { userId: sub, tokenVersion: ver, ticketId: jti, expiresAt: exp, timeZone: typeof tz === 'string' ? tz : undefined };
  } catch {
    return null;
  }
}

/** A passkey ceremony's ticket lasts 5 minutes (issue 38 §1; shared/api/passkeys.ts PASSKEY_CHALLENGE_SECONDS). */
export const PASSKEY_TICKET_SECONDS = 5 * 60;
const PASSKEY_TICKET_TYPE = 'passkey-ticket';

export interface PasskeyTicketClaims {
  purpose: 'register' | 'sign-in';
  /** The WebAuthn challenge the ceremony's options carried (base64url). */
  challenge: string;
  /** Keys its single use (functions/lib/auth/passkeys.ts `spendTicket`). */
  ticketId: string;
  /** Seconds since the epoch when the ticket ends. */
  expiresAt: number;
  /** A registration's: the user and the session that asked, the only ones its answer is taken from. */
  userId?: string;
  sessionId?: string;
}

/** The ticket a passkey ceremony's options come with: signed with the session key, typed, never taken for a session. */
export async function signPasskeyTicket(claims: Omit<PasskeyTicketClaims, 'ticketId' | 'expiresAt'>): Promise<string> {
  const jwt = new SignJWT({
    typ: PASSKEY_TICKET_TYPE,
    pur: claims.purpose,
    chl: claims.challenge,
    ...(claims.sessionId ? { sid: claims.sessionId } : {}),
  })
    .setJti(crypto.randomUUID())
    .setIssuedAt(nowSeconds())
    .setExpirationTime(nowSeconds() + PASSKEY_TICKET_SECONDS);
  return sign(claims.userId ? jwt.setSubject(claims.userId) : jwt);
}

/** The claims of a valid, unexpired passkey ticket, or null. */
export async function verifyPasskeyTicket(ticket: string): Promise<PasskeyTicketClaims | null> {
  try {
    const { payload } = await verify(ticket);
    const { typ, pur, chl, jti, exp, sub, sid } = payload;
    if (typ !== PASSKEY_TICKET_TYPE || (pur !== 'register' && pur !== 'sign-in') || typeof chl !== 'string' || typeof jti !== 'string') {
      return null;
    }
    if (typeof exp !== 'number') return null;
    return {
      purpose: pur,
      challenge: chl,
      ticketId: jti,
      expiresAt: exp,
      ...(typeof sub === 'string' ? { userId: sub } : {}),
      ...(typeof sid === 'string' ? { sessionId: sid } : {}),
    };
  } catch {
    return null;
  }
}

/** How long a provider's identity that no account has yet waits for its sign-up or its link (issue 38 §2). */
export const SSO_IDENTITY_TICKET_SECONDS = 10 * 60;
const SSO_IDENTITY_TYPE = 'sso-identity';

/** The ticket a provider's new identity waits in while its owner makes an account or links one: signed, typed, 10 minutes. */
export async function signSsoIdentityTicket(identity: Identity): Promise<string> {
  return sign(
    new SignJWT({ typ: SSO_IDENTITY_TYPE, idt: identity })
      .setJti(crypto.randomUUID())
      .setIssuedAt(nowSeconds())
      .setExpirationTime(nowSeconds() + SSO_IDENTITY_TICKET_SECONDS),
  );
}

/** The identity of a valid, unexpired ticket, or null. */
export async function verifySsoIdentityTicket(ticket: string): Promise<Identity | null> {
  try {
    const { payload } = await verify(ticket);
    const identity = payload.idt as Identity | undefined;
    if (payload.typ !== SSO_IDENTITY_TYPE || typeof identity?.issuer !== 'string' || typeof identity.subject !== 'string') return null;
    return identity;
  } catch {
    return null;
  }
}

/** How long a fresh sign-in at the provider stands for the password of an account without one (issue 38 §2). */
export const SSO_CONFIRMATION_SECONDS = 5 * 60;
const SSO_CONFIRMATION_TYPE = 'sso-confirmation';

/** A signed-in user signed in at their provider again: their id, for 5 minutes. */
export async function signSsoConfirmation(userId: string): Promise<string> {
  return sign(
    new SignJWT({ typ: SSO_CONFIRMATION_TYPE })
      .setSubject(userId)
      .setIssuedAt(nowSeconds())
      .setExpirationTime(nowSeconds() + SSO_CONFIRMATION_SECONDS),
  );
}

/** The user a valid, unexpired confirmation names, or null. */
export async function verifySsoConfirmation(confirmation: string): Promise<string | null> {
  try {
    const { payload } = await verify(confirmation);
    return payload.typ === SSO_CONFIRMATION_TYPE && typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

/** The current signing key, for HMACs kept under the session key (the reminder e-mails' unsubscribe links). */
export async function key(): Promise<Uint8Array> {
  return (await keyRing.signing()).key;
}
