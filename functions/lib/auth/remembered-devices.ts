import { createHash, randomBytes } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { REMEMBERED_DEVICE_DAYS } from '../../../shared/domain/two-factor.js';
import { dynamo } from '../chassis/aws.js';
import { epochSeconds, keys, nowIso, tableName } from '../chassis/table.js';
import type { UserItem } from '../users/user-item.js';

/**
 * 'Remember this device for 30 days' (SPEC §2, DESIGN §5): a random token the browser keeps and
 * sends with its next logins, which then skip the two-factor code. Only its SHA-256 is stored, with
 * the user and the user's `deviceVersion`; disabling two-factor sign-in bumps that version, which
 * ends every remembered device at once. DynamoDB's TTL removes the item after 30 days.
 */

const KIND = 'remembered-device';
export const REMEMBERED_DEVICE_SECONDS = REMEMBERED_DEVICE_DAYS * 24 * 3600;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function rememberDevice(user: Pick<UserItem, 'id' | 'deviceVersion'>): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.token(hashToken(token)),
        kind: KIND,
        userId: user.id,
        deviceVersion: user.deviceVersion ?? 0,
        createdAt: nowIso(),
        expiresAt: epochSeconds() + REMEMBERED_DEVICE_SECONDS,
      },
    }),
  );
  return token;
}

/** True when the token is a remembered device of this user, unexpired and issued under the user's current device version. */
export async function isRememberedDevice(token: string, user: Pick<UserItem, 'id' | 'deviceVersion'>): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.token(hashToken(token)) }));
  return (
    Item?.kind === KIND &&
    Item.userId === user.id &&
    Item.deviceVersion === (user.deviceVersion ?? 0) &&
    typeof Item.expiresAt === 'number' &&
    Item.expiresAt > epochSeconds()
  );
}
