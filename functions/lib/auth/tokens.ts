import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../chassis/aws.js';
import { isConditionFailure } from '../chassis/errors.js';
import { epochSeconds, nowIso, tableName } from '../chassis/table.js';
import { pendingEmailOf } from '../users/public-user.js';
import type { UserItem } from '../users/user-item.js';
import { getUser } from '../users/users.js';
import { authKeys } from './keys.js';

/** One-time tokens sent by e-mail: only their SHA-256 is stored (DESIGN §4). */
export type TokenKind = 'verify-email' | 'reset-password' | 'sign-in';

/**
 * Verification links are valid 24 h, reset links 1 h (SPEC §9); a sign-in confirmation link, sent when
 * an account is under a password attack, 15 minutes (issue 21).
 */
export const TOKEN_LIFETIME_SECONDS: Record<TokenKind, number> = {
  'verify-email': 24 * 60 * 60,
  'reset-password': 60 * 60,
  'sign-in': 15 * 60,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issues a token for a user, stamped with what it was sent under: the address it goes to and the
 * user's `tokenVersion`, which every new password bumps (`setPassword`). A link is honoured only while
 * the user still has that address — verification and reset links alike — and a reset link only while
 * the user still has that version, so a used reset link or a changed password ends all the others
 * without reading them (docs/decisions/0018-email-links-stamped.md).
 */
export async function issueToken(kind: TokenKind, user: Pick<UserItem, 'id' | 'email' | 'tokenVersion'>): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...authKeys.token(hashToken(token)),
        kind,
        userId: user.id,
        email: user.email,
        tokenVersion: user.tokenVersion,
        createdAt: nowIso(),
        expiresAt: epochSeconds() + TOKEN_LIFETIME_SECONDS[kind],
      },
    }),
  );
  return token;
}

/** A valid token's user; `newAddress` when it is the link of a pending new address (verify-email only). */
export type ConsumedToken = { status: 'valid'; user: UserItem; newAddress?: string } | { status: 'expired' } | { status: 'invalid' };

/** Deletes the token's item if it exists and is of `kind`, answering what it held. */
async function deleteToken(kind: TokenKind, token: string): Promise<Record<string, unknown> | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: authKeys.token(hashToken(token)),
        ConditionExpression: 'attribute_exists(pk) AND kind = :kind',
        ExpressionAttributeValues: { ':kind': kind },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Uses a token once: a conditional delete, so two concurrent uses cannot both succeed. An expired
 * token is consumed too (and reported as expired); DynamoDB's TTL removes the ones nobody uses. A
 * token whose stamps no longer match its user (see `issueToken`) is invalid.
 */
export async function consumeToken(kind: TokenKind, token: string): Promise<ConsumedToken> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { status: 'invalid' };
  const stored = await deleteToken(kind, token);
  if (!stored) return { status: 'invalid' };
  if ((stored.expiresAt as number) <= epochSeconds()) return { status: 'expired' };
  const user = await getUser(stored.userId as string);
  if (!user) return { status: 'invalid' };
  const sentTo = (stored.email as string | undefined)?.toLowerCase();
  const sameVersion = user.tokenVersion === stored.tokenVersion;
  if (sentTo && user.email?.toLowerCase() === sentTo && (kind === 'verify-email' || sameVersion)) return { status: 'valid', user };
  // A pending new address (Settings): only the link of the latest one, and a new password since drops it.
  const pending = pendingEmailOf(user);
  if (kind === 'verify-email' && sentTo && pending?.toLowerCase() === sentTo && sameVersion) {
    return { status: 'valid', user, newAddress: pending };
  }
  return { status: 'invalid' };
}
