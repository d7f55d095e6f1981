import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { authMessages } from '../../../shared/api/auth-messages.js';
import { dynamo } from '../chassis/aws.js';
import { HttpError, isConditionFailure } from '../chassis/errors.js';
import { nowIso, tableName } from '../chassis/table.js';
import { userKeys } from './keys.js';
import { cancellationCodes, withConflictRetries } from './user-counters.js';

/**
 * The tombstone of an account being deleted (issue 34 §4, docs/decisions/0099-what-ends-with-an-account-and-its-sessions.md):
 * the deletion sets `closingSince` on the profile before it deletes anything, and the writes that
 * create the account's items (subscriptions with their reminder index entries, their transitions,
 * activity, sessions, remembered devices) are transactions that check the profile exists without it.
 * Once the tombstone is written, none of them can land, so the deletion's sweep finds everything.
 */
export const CLOSING_ATTRIBUTE = 'closingSince';

/** The condition on the profile under which the account's items may be written. */
export const ACCOUNT_OPEN = `attribute_exists(pk) AND attribute_not_exists(${CLOSING_ATTRIBUTE})`;

/** A transaction's check that the account is neither deleted nor being deleted. */
export const accountOpenCheck = (userId: string) => ({
  ConditionCheck: { TableName: tableName(), Key: userKeys.user(userId), ConditionExpression: ACCOUNT_OPEN },
});

/** The answer to a write of an account deleted meanwhile: its session has ended (401, as the next request would get). */
export const accountClosed = () => new HttpError(401, authMessages.sessionExpired);

/**
 * Writes `items` in one transaction with the check that the account is open, retried while it only met
 * another transaction; throws accountClosed() when the account is deleted or being deleted.
 */
export async function writeWhileOpen(userId: string, items: NonNullable<TransactWriteCommandInput['TransactItems']>): Promise<void> {
  try {
    await withConflictRetries(() => dynamo().send(new TransactWriteCommand({ TransactItems: [...items, accountOpenCheck(userId)] })));
  } catch (error) {
    if (cancellationCodes(error)?.at(-1) === 'ConditionalCheckFailed') throw accountClosed();
    throw error;
  }
}

/** True when the profile is gone or carries the tombstone. */
export async function isAccountClosed(userId: string): Promise<boolean> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: userKeys.user(userId),
      ConsistentRead: true,
      ProjectionExpression: `pk, ${CLOSING_ATTRIBUTE}`,
    }),
  );
  return !Item || Item[CLOSING_ATTRIBUTE] !== undefined;
}

/** Sets the tombstone; false when the profile is already gone. */
export async function closeAccount(userId: string): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKeys.user(userId),
        UpdateExpression: `SET ${CLOSING_ATTRIBUTE} = if_not_exists(${CLOSING_ATTRIBUTE}, :now)`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': nowIso() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Removes the tombstone of a deletion that failed part-way: the account works again and can be deleted again. */
export async function reopenAccount(userId: string): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKeys.user(userId),
        UpdateExpression: `REMOVE ${CLOSING_ATTRIBUTE}`,
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
