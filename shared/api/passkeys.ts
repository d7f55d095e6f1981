import * as z from 'zod/mini';
import { type SignedIn, timeZoneField } from './auth.js';
import { type MessageResponse, route } from './contract.js';

/**
 * Passkeys (issue 38 §1; docs/decisions/0144-passkeys.md): WebAuthn credentials that sign a user in without a
 * password or a code. Added in Settings after the password is confirmed, discoverable (no username to type), always
 * with user verification, which makes a passkey both factors. The relying party is the site of PUBLIC_URL.
 */

export const MAX_PASSKEYS = 10;
export const MAX_PASSKEY_NAME = 60;
/** How long a passkey ceremony's challenge lasts, once. */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;

export const passkeyMessages = {
  passwordRequired: 'Enter your password to add a passkey',
  confirmationInvalid: 'Confirming with your sign-in provider has expired. Confirm again.',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${MAX_PASSKEY_NAME} characters`,
  tooMany: `You have ${MAX_PASSKEYS} passkeys: remove one to add another`,
  added: 'Passkey added',
  renamed: 'Passkey renamed',
  removed: 'Passkey removed',
  notFound: 'Passkey not found',
  lastWayIn: 'This passkey is your only way to sign in: add another passkey or a password first',
  credentialRequired: 'The passkey’s answer is missing',
  ticketInvalid: 'This passkey request has expired or was used. Try again.',
  notVerified: 'The passkey could not be verified. Try again.',
  alreadyAdded: 'This passkey is already on your account',
  userVerificationRequired: 'Your passkey must confirm it is you (a PIN, a fingerprint or your face), and this one did not',
  signInFailed: 'This passkey did not sign you in. Use another one, or your password.',
} as const;

const m = passkeyMessages;

/** A passkey as its owner sees it in Settings. */
export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  /** Its last sign-in; null before its first. */
  lastUsedAt: string | null;
  /** Synced by its provider to the user's other devices (a backed-up, multi-device credential). */
  synced: boolean;
}

const passkeyName = z
  .string({ error: m.nameRequired })
  .check(z.trim(), z.minLength(1, { error: m.nameRequired }), z.maxLength(MAX_PASSKEY_NAME, { error: m.nameTooLong }));

/** What the browser's WebAuthn call answered (its JSON form), checked in full by the server's WebAuthn library. */
const credential = z.record(z.string(), z.unknown(), { error: m.credentialRequired });

/** The signed ticket a ceremony's options came with: it holds the challenge, for 5 minutes, once. */
const ticket = z
  .string({ error: m.ticketInvalid })
  .check(z.minLength(1, { error: m.ticketInvalid }), z.maxLength(2000, { error: m.ticketInvalid }));

/** A passkey added or renamed, and what to tell the user. */
export interface PasskeySaved {
  message: string;
  passkey: Passkey;
}

/** The options of a ceremony (as @simplewebauthn's JSON) and the ticket that goes back with its answer. */
export interface PasskeyCeremony {
  ticket: string;
  options: Record<string, unknown>;
}

const noSuchPasskey = { status: 404, message: m.notFound } as const;

export const passkeyRoutes = {
  listPasskeys: route<Passkey[]>()({ method: 'GET', path: '/api/passkeys', area: 'passkeys', access: 'user', body: undefined }),
  /**
   * The registration's options, once it is proven to be the account's owner: the password, or for an account without
   * one, a fresh sign-in at its single sign-on provider (`confirmation`, from POST /api/auth/sso/finish). A stolen
   * session alone cannot add a passkey.
   */
  passkeyRegistrationOptions: route<PasskeyCeremony>()({
    method: 'POST',
    path: '/api/passkeys/options',
    area: 'passkeys',
    access: 'user',
    body: z.object({
      password: z.optional(z.string({ error: m.passwordRequired })),
      confirmation: z.optional(z.string({ error: m.confirmationInvalid }).check(z.maxLength(2000, { error: m.confirmationInvalid }))),
    }),
  }),
  addPasskey: route<PasskeySaved>()({
    method: 'POST',
    path: '/api/passkeys',
    area: 'passkeys',
    access: 'user',
    body: z.object({ ticket, name: passkeyName, credential }),
    successStatus: 201,
  }),
  renamePasskey: route<PasskeySaved>()({
    method: 'PUT',
    path: '/api/passkeys/{id}',
    area: 'passkeys',
    access: 'user',
    body: z.object({ name: passkeyName }),
    badParameter: noSuchPasskey,
  }),
  removePasskey: route<MessageResponse>()({
    method: 'DELETE',
    path: '/api/passkeys/{id}',
    area: 'passkeys',
    access: 'user',
    body: undefined,
    badParameter: noSuchPasskey,
  }),
  /** A sign-in's options: no username, any of the user's discoverable passkeys. */
  passkeySignInOptions: route<PasskeyCeremony>()({
    method: 'POST',
    path: '/api/auth/passkey/options',
    area: 'passkeys',
    access: 'public',
    body: undefined,
  }),
  passkeySignIn: route<SignedIn>()({
    method: 'POST',
    path: '/api/auth/passkey',
    area: 'passkeys',
    access: 'public',
    body: z.object({ ticket, credential, timeZone: timeZoneField }),
  }),
} as const;
