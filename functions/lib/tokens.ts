import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws.js';
import { isConditionFailure } from './errors.js';
import { epochSeconds, keys, nowIso, tableName } from './table.js';

/** One-time tokens sent by e-mail: only their SHA-256 is stored (DESIGN §4). */
export type TokenKind = 'verify-email' | 'reset-password';

/** Verification links are valid 24 h, reset links 1 h (SPEC §9). */
export const TOKEN_LIFETIME_SECONDS: Record<TokenKind, number> = {
  'verify-email': 24 * 60 * 60,
  'reset-password': 60 * 60,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a token for a user; `email` records which address a verification link proves. */
export async function issueToken(kind: TokenKind, userId: string, email?: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.token(hashToken(token)),
        kind,
        userId,
        email,
        createdAt: nowIso(),
        expiresAt: epochSeconds() + TOKEN_LIFETIME_SECONDS[kind],
      },
    }),
  );
  return token;
}

export type ConsumedToken =
  | { status: 'valid'; userId: string; email?: string }
  | { status: 'expired' }
  | { status: 'invalid' };

/**
 * Uses a token once: a conditional delete, so two concurrent uses cannot both succeed. An expired
 * token is consumed too (and reported as expired); DynamoDB's TTL removes the ones nobody uses.
 */
export async function consumeToken(kind: TokenKind, token: string): Promise<ConsumedToken> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { status: 'invalid' };
  try {
    const { Attributes } = await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.token(hashToken(token)),
        ConditionExpression: 'attribute_exists(pk) AND kind = :kind',
        ExpressionAttributeValues: { ':kind': kind },
        ReturnValues: 'ALL_OLD',
      }),
    );
    if (!Attributes) return { status: 'invalid' };
    if ((Attributes.expiresAt as number) <= epochSeconds()) return { status: 'expired' };
    return { status: 'valid', userId: Attributes.userId as string, email: Attributes.email as string | undefined };
  } catch (error) {
    if (isConditionFailure(error)) return { status: 'invalid' };
    throw error;
  }
}
