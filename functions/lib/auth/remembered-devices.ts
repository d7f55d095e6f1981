import { createHash, randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { REMEMBERED_DEVICE_DAYS } from '../../../shared/domain/two-factor.js';
import { dynamo } from '../chassis/aws.js';
import { epochSeconds, nowIso, tableName } from '../chassis/table.js';
import { writeWhileOpen } from '../users/account-closing.js';
import { userKeys } from '../users/keys.js';
import type { UserItem } from '../users/user-item.js';
import { authKeys } from './keys.js';

/**
 * 'Remember this device for 30 days' (SPEC §2, DESIGN §5): a random token the browser keeps and
 * sends with its next logins, which then skip the two-factor code. Only its SHA-256 is stored, with
 * the user and the user's `deviceVersion`; disabling two-factor sign-in bumps that version, which
 * ends every remembered device at once. DynamoDB's TTL removes the item after 30 days.
 */

const KIND = 'remembered-device';
export const REMEMBERED_DEVICE_SECONDS = REMEMBERED_DEVICE_DAYS * 24 * 3600;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Each remembered device also has an entry `DEVICE#<hash>` on its user's partition, written with it,
 * so that deleting the account finds and deletes the device's token item too (issue 34 §4).
 */
export const DEVICE_PREFIX = 'DEVICE#';
const deviceEntryKey = (userId: string, hash: string) => ({ pk: userKeys.user(userId).pk, sk: `${DEVICE_PREFIX}${hash}` });
/** The token item a `DEVICE#<hash>` entry stands for. */
export const deviceTokenKey = (entrySk: string) => authKeys.token(entrySk.slice(DEVICE_PREFIX.length));

export async function rememberDevice(user: Pick<UserItem, 'id' | 'deviceVersion'>): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const hash = hashToken(token);
  const TableName = tableName();
  const expiresAt = epochSeconds() + REMEMBERED_DEVICE_SECONDS;
  await writeWhileOpen(user.id, [
    {
      Put: {
        TableName,
        Item: {
          ...authKeys.token(hash),
          kind: KIND,
          userId: user.id,
          deviceVersion: user.deviceVersion ?? 0,
          createdAt: nowIso(),
          expiresAt,
        },
      },
    },
    { Put: { TableName, Item: { ...deviceEntryKey(user.id, hash), expiresAt } } },
  ]);
  return token;
}

/** True when the token is a remembered device of this user, unexpired and issued under the user's current device version. */
export async function isRememberedDevice(token: string, user: Pick<UserItem, 'id' | 'deviceVersion'>): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: authKeys.token(hashToken(token)) }));
  return (
    Item?.kind === KIND &&
    Item.userId === user.id &&
    Item.deviceVersion === (user.deviceVersion ?? 0) &&
    typeof Item.expiresAt === 'number' &&
    Item.expiresAt > epochSeconds()
  );
}
