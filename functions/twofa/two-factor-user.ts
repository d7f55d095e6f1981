import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/chassis/aws.js';
import { isConditionFailure } from '../lib/chassis/errors.js';
import { AGAIN, RetriesExhaustedError, retryUntil } from '../lib/chassis/retry.js';
import { tableName } from '../lib/chassis/table.js';
import { userKeys } from '../lib/users/keys.js';
import type { UserItem } from '../lib/users/user-item.js';
import { getUser } from '../lib/users/users.js';

/**
 * The two-factor attributes of the user item, each change one conditional update: a code's time
 * step is accepted only above `lastTotpStep` and a backup code only while its hash is still in the
 * list, so of two concurrent uses of one code at most one passes (DESIGN §5).
 */

interface Update {
  expression: string;
  condition: string;
  values?: Record<string, unknown>;
}

/** Applies the update and answers the updated user, or null when its condition no longer holds. */
async function conditionalUpdate(userId: string, update: Update): Promise<UserItem | null> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKeys.user(userId),
        UpdateExpression: update.expression,
        ConditionExpression: `attribute_exists(pk) AND ${update.condition}`,
        ...(update.values ? { ExpressionAttributeValues: update.values } : {}),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes as UserItem;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

const IS_ENABLED = 'twoFactorEnabled = :true';
const IS_NOT_ENABLED = '(attribute_not_exists(twoFactorEnabled) OR twoFactorEnabled = :false)';
const STEP_UNUSED = '(attribute_not_exists(lastTotpStep) OR lastTotpStep < :step)';

/** Keeps a new, not yet confirmed secret; null when two-factor sign-in is already on. */
export const savePendingSecret = (userId: string, sealedSecret: string) =>
  conditionalUpdate(userId, {
    expression: 'SET twoFactorPendingSecret = :secret',
    condition: IS_NOT_ENABLED,
    values: { ':secret': sealedSecret, ':false': false },
  });

/**
 * Turns two-factor sign-in on with the pending secret the code was checked against (unless another
 * setup replaced it meanwhile), the backup codes' hashes and the code's step as used.
 */
export const enableWithPendingSecret = (userId: string, sealedSecret: string, step: number, backupCodeHashes: string[]) =>
  conditionalUpdate(userId, {
    expression:
      'SET twoFactorSecret = :secret, twoFactorEnabled = :true, backupCodeHashes = :hashes, lastTotpStep = :step REMOVE twoFactorPendingSecret',
    condition: `twoFactorPendingSecret = :secret AND ${IS_NOT_ENABLED}`,
    values: { ':secret': sealedSecret, ':true': true, ':false': false, ':hashes': backupCodeHashes, ':step': step },
  });

/** Records a code's step as used (sign-in); null when this step or a later one was used already, or 2FA is off. */
export const consumeCodeStep = (userId: string, step: number) =>
  conditionalUpdate(userId, {
    expression: 'SET lastTotpStep = :step',
    condition: `${IS_ENABLED} AND ${STEP_UNUSED}`,
    values: { ':step': step, ':true': true },
  });

/** Turns two-factor sign-in off with a code's step, dropping the secret and codes and ending remembered devices. */
export const disableWithCodeStep = (userId: string, step: number) =>
  conditionalUpdate(userId, {
    expression:
      'SET twoFactorEnabled = :false, lastTotpStep = :step REMOVE twoFactorSecret, twoFactorPendingSecret, backupCodeHashes ADD deviceVersion :one',
    condition: `${IS_ENABLED} AND ${STEP_UNUSED}`,
    values: { ':step': step, ':true': true, ':false': false, ':one': 1 },
  });

/** Replaces every backup code, with a code's step. */
export const replaceBackupCodesWithCodeStep = (userId: string, step: number, backupCodeHashes: string[]) =>
  conditionalUpdate(userId, {
    expression: 'SET backupCodeHashes = :hashes, lastTotpStep = :step',
    condition: `${IS_ENABLED} AND ${STEP_UNUSED}`,
    values: { ':step': step, ':true': true, ':hashes': backupCodeHashes },
  });

/**
 * Consumes a backup code by its hash: removes it from the list on the condition that it is still at
 * the index it was read at. A concurrent change to the list (another code used) is retried against a
 * fresh read; a code already gone answers null.
 */
export function consumeBackupCode(user: UserItem, codeHash: string): Promise<UserItem | null> {
  let current: UserItem | undefined = user;
  return retryUntil('changed', 'a backup code', async () => {
    const index = current?.twoFactorEnabled ? (current.backupCodeHashes ?? []).indexOf(codeHash) : -1;
    if (index < 0) return null;
    const updated = await conditionalUpdate(user.id, {
      expression: `REMOVE backupCodeHashes[${index}]`,
      condition: `${IS_ENABLED} AND backupCodeHashes[${index}] = :hash`,
      values: { ':true': true, ':hash': codeHash },
    });
    if (updated) return updated;
    current = await getUser(user.id);
    return AGAIN;
  }).catch((error: unknown) => {
    // Still changing after the last attempt: the code is not consumed.
    if (error instanceof RetriesExhaustedError) return null;
    throw error;
  });
}
