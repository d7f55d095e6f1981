import { PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { MAX_PASSKEYS, type Passkey, type PasskeyCeremony, passkeyMessages } from '../../../shared/api/passkeys.js';
import { dynamo } from '../chassis/aws.js';
import { config } from '../chassis/config.js';
import { HttpError, isConditionFailure } from '../chassis/errors.js';
import { queryPrefix } from '../chassis/query.js';
import { nowIso, tableName } from '../chassis/table.js';
import { ACCOUNT_OPEN, accountClosed, isAccountClosed } from '../users/account-closing.js';
import { userKeys } from '../users/keys.js';
import { cancellationCodes, withConflictRetries } from '../users/user-counters.js';
import type { UserItem } from '../users/user-item.js';
import { type PasskeyTicketClaims, signPasskeyTicket, verifyPasskeyTicket } from './jwt.js';
import { authKeys, PASSKEY_PREFIX } from './keys.js';
import { waysIn } from './ways-in.js';

/**
 * Passkeys (issue 38 §1; docs/decisions/0144-passkeys.md), with @simplewebauthn/server.
 *
 * - The relying party is PUBLIC_URL's: its host name is the RP id, its origin the only origin accepted.
 * - Each passkey is one item, `USER#<id>` / `PASSKEY#<passkeyId>`: its name, the credential's id, public key, signature
 *   counter and transports, when it was added and last used. The profile counts them (`passkeyCount`, at most
 *   MAX_PASSKEYS, kept in each add's and remove's transaction). Credentials are discoverable and name the user
 *   (`userHandle` is the user's id), so a sign-in finds its passkey among that user's few without an index.
 * - A ceremony's challenge travels in a signed ticket (functions/lib/auth/jwt.ts) for 5 minutes and is used once:
 *   its id is written on use, on the condition that it was not before (`PASSKEYTICKET#<id>`, gone by TTL). A
 *   registration's ticket names the session that asked; an answer from another session is refused.
 * - User verification is required on both ceremonies: a passkey is then both factors, and two-factor sign-in asks
 *   no code after it. The signature counter must grow when the authenticator keeps one (a clone's does not).
 */

const passkeyKey = authKeys.passkey;
const ticketKey = authKeys.passkeyTicket;

interface PasskeyItem {
  pk: string;
  sk: string;
  id: string;
  name: string;
  /** The credential's id, base64url, as the browser names it. */
  credentialId: string;
  /** The credential's public key (COSE), base64url. */
  publicKey: string;
  counter: number;
  transports: AuthenticatorTransport[];
  synced: boolean;
  createdAt: string;
  lastUsedAt?: string;
}

/** The relying party: PUBLIC_URL's host name and origin. */
function relyingParty(): { id: string; origin: string } {
  const url = new URL(config().PUBLIC_URL);
  return { id: url.hostname, origin: url.origin };
}

const view = (item: PasskeyItem): Passkey => ({
  id: item.id,
  name: item.name,
  createdAt: item.createdAt,
  lastUsedAt: item.lastUsedAt ?? null,
  synced: item.synced,
});

function passkeysOf(userId: string): Promise<PasskeyItem[]> {
  return queryPrefix<PasskeyItem>(userKeys.user(userId).pk, PASSKEY_PREFIX, { consistent: true });
}

/** The user's passkeys, newest first. */
export async function listPasskeys(userId: string): Promise<Passkey[]> {
  return (await passkeysOf(userId)).map(view).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * Uses a ticket: its claims when it is valid, of this purpose, unexpired and not used before (its id is written now,
 * on that condition); else the 400 that tells the user to start again.
 */
async function spendTicket(ticket: string, purpose: PasskeyTicketClaims['purpose']): Promise<PasskeyTicketClaims> {
  const claims = await verifyPasskeyTicket(ticket);
  if (!claims || claims.purpose !== purpose) throw new HttpError(400, passkeyMessages.ticketInvalid);
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...ticketKey(claims.ticketId), expiresAt: claims.expiresAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new HttpError(400, passkeyMessages.ticketInvalid);
    throw error;
  }
  return claims;
}

/** A registration's options for the signed-in user, excluding the passkeys they have, and its ticket, bound to this session. */
export async function registrationCeremony(user: UserItem, sessionId: string): Promise<PasskeyCeremony> {
  const rp = relyingParty();
  const existing = await passkeysOf(user.id);
  const options = await generateRegistrationOptions({
    rpName: 'Subscription Tracker',
    rpID: rp.id,
    userID: new TextEncoder().encode(user.id),
    userName: user.username,
    userDisplayName: user.displayName || user.username,
    attestationType: 'none',
    excludeCredentials: existing.map((item) => ({ id: item.credentialId, transports: item.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const ticket = await signPasskeyTicket({ purpose: 'register', challenge: options.challenge, userId: user.id, sessionId });
  return { ticket, options: options as unknown as Record<string, unknown> };
}

/**
 * Verifies a registration's answer against its ticket (this user, this session, once, within 5 minutes), with user
 * verification, and keeps the passkey: its item and the count's increment in one transaction, while the account is
 * open and has fewer than MAX_PASSKEYS.
 */
export async function addPasskey(
  user: UserItem,
  sessionId: string,
  input: { ticket: string; name: string; credential: Record<string, unknown> },
): Promise<Passkey> {
  const claims = await spendTicket(input.ticket, 'register');
  if (claims.userId !== user.id || claims.sessionId !== sessionId) throw new HttpError(400, passkeyMessages.ticketInvalid);
  const rp = relyingParty();
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.credential as unknown as RegistrationResponseJSON,
      expectedChallenge: claims.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    throw new HttpError(400, refusalOf(error, passkeyMessages.notVerified));
  }
  if (!verified.verified) throw new HttpError(400, passkeyMessages.notVerified);
  const { credential, credentialBackedUp } = verified.registrationInfo;
  if ((await passkeysOf(user.id)).some((item) => item.credentialId === credential.id)) {
    throw new HttpError(409, passkeyMessages.alreadyAdded);
  }
  const id = crypto.randomUUID();
  const item: PasskeyItem = {
    ...passkeyKey(user.id, id),
    id,
    name: input.name,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: (credential.transports ?? []) as AuthenticatorTransport[],
    synced: credentialBackedUp,
    createdAt: nowIso(),
  };
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Update: {
              TableName: tableName(),
              Key: userKeys.user(user.id),
              UpdateExpression: 'SET passkeyCount = if_not_exists(passkeyCount, :zero) + :one',
              ConditionExpression: `${ACCOUNT_OPEN} AND (attribute_not_exists(passkeyCount) OR passkeyCount < :max)`,
              ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':max': MAX_PASSKEYS },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (cancellationCodes(error)?.[1] !== 'ConditionalCheckFailed') throw error;
    if (await isAccountClosed(user.id)) throw accountClosed();
    throw new HttpError(409, passkeyMessages.tooMany);
  }
  return view(item);
}

/** Renames one of the user's passkeys; undefined when they have none of that id. */
export async function renamePasskey(userId: string, passkeyId: string, name: string): Promise<Passkey | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: passkeyKey(userId, passkeyId),
        UpdateExpression: 'SET #name = :name',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': name },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return view(Attributes as PasskeyItem);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Removes one of the user's passkeys and takes it off the count: its name when it went, undefined when they have
 * none of that id. The last way to sign in is refused (409).
 */
export async function removePasskey(user: UserItem, passkeyId: string): Promise<string | undefined> {
  const passkeys = await passkeysOf(user.id);
  const item = passkeys.find((candidate) => candidate.id === passkeyId);
  if (!item) return undefined;
  if ((await waysIn(user)) <= 1) throw new HttpError(409, passkeyMessages.lastWayIn);
  try {
    await withConflictRetries(() =>
      dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: tableName(), Key: passkeyKey(user.id, passkeyId), ConditionExpression: 'attribute_exists(pk)' } },
            {
              Update: {
                TableName: tableName(),
                Key: userKeys.user(user.id),
                UpdateExpression: 'ADD passkeyCount :minusOne',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeValues: { ':minusOne': -1 },
              },
            },
          ],
        }),
      ),
    );
  } catch (error) {
    if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') return undefined;
    throw error;
  }
  return item.name;
}

/** A sign-in's options: any discoverable passkey of this site, with user verification, and its ticket. */
export async function signInCeremony(): Promise<PasskeyCeremony> {
  const options = await generateAuthenticationOptions({ rpID: relyingParty().id, userVerification: 'required', allowCredentials: [] });
  const ticket = await signPasskeyTicket({ purpose: 'sign-in', challenge: options.challenge });
  return { ticket, options: options as unknown as Record<string, unknown> };
}

/** What @simplewebauthn's refusal says, in the product's words: a missing user verification is told as such. */
function refusalOf(error: unknown, otherwise: string): string {
  return /user could not be verified|user verification/i.test((error as Error)?.message ?? '')
    ? passkeyMessages.userVerificationRequired
    : otherwise;
}

/**
 * Verifies a sign-in's answer against its ticket (once, within 5 minutes): the passkey it names among its user's,
 * its signature by the stored public key, user verification, and a counter that grew (when the authenticator keeps
 * one). Records the use (the new counter, when). Answers the user's id and the passkey's name; any refusal is a 401
 * that tells nothing of which check failed, but a missing user verification.
 */
export async function verifyPasskeySignIn(input: {
  ticket: string;
  credential: Record<string, unknown>;
}): Promise<{ userId: string; name: string }> {
  const claims = await spendTicket(input.ticket, 'sign-in');
  const answer = input.credential as unknown as AuthenticationResponseJSON;
  const userHandle =
    typeof answer.response?.userHandle === 'string' ? Buffer.from(answer.response.userHandle, 'base64url').toString('utf8') : '';
  const refused = () => new HttpError(401, passkeyMessages.signInFailed);
  if (!/^[0-9a-f-]{36}$/.test(userHandle) || typeof answer.id !== 'string') throw refused();
  const item = (await passkeysOf(userHandle)).find((candidate) => candidate.credentialId === answer.id);
  if (!item) throw refused();
  const rp = relyingParty();
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: claims.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: item.credentialId,
        publicKey: Buffer.from(item.publicKey, 'base64url'),
        counter: item.counter,
        transports: item.transports,
      },
      requireUserVerification: true,
    });
  } catch (error) {
    const message = refusalOf(error, passkeyMessages.signInFailed);
    throw new HttpError(message === passkeyMessages.signInFailed ? 401 : 400, message);
  }
  if (!verified.verified) throw refused();
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: passkeyKey(userHandle, item.id),
      UpdateExpression: 'SET #counter = :counter, lastUsedAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#counter': 'counter' },
      ExpressionAttributeValues: { ':counter': verified.authenticationInfo.newCounter, ':at': nowIso() },
    }),
  );
  return { userId: userHandle, name: item.name };
}
