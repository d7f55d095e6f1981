import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AccountStatus } from '../../../shared/api/user.js';
import { dynamo } from '../chassis/aws.js';
import { tableName } from '../chassis/table.js';
import { type MembershipItem, membershipCondition } from '../membership/membership.js';
import { userKeys } from './keys.js';
import { cancellationCodes, counterDeltas, counterUpdate, LastOwnerError, withConflictRetries } from './user-counters.js';

/**
 * Sets a user's account status on the condition that the user is still as read (role, membership,
 * status), with the active-owner counter in the same transaction: deactivating the last active owner
 * throws {@link LastOwnerError} and changes nothing. Undefined when the user changed meanwhile.
 * The chassis answers a deactivated user's next request 401 `accountDeactivated`.
 */
export async function writeAccountStatus(stored: MembershipItem, status: AccountStatus): Promise<MembershipItem | undefined> {
  const condition = membershipCondition(stored);
  const counters = counterUpdate(counterDeltas(stored, { ...stored, accountStatus: status }));
  try {
    await withConflictRetries(() =>
      dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: userKeys.user(stored.id),
                // Deactivation ends every session and remembered device for good: a reactivation does not revive them.
                UpdateExpression:
                  status === 'deactivated'
                    ? 'SET #status = :status, sessionEndReason = :admin ADD tokenVersion :one, deviceVersion :one'
                    : 'SET #status = :status',
                ConditionExpression: condition.ConditionExpression,
                ExpressionAttributeNames: condition.ExpressionAttributeNames,
                ExpressionAttributeValues: {
                  ...condition.ExpressionAttributeValues,
                  ':status': status,
                  ...(status === 'deactivated' ? { ':admin': 'admin', ':one': 1 } : {}),
                },
              },
            },
            ...(counters ? [counters] : []),
          ],
        }),
      ),
    );
  } catch (error) {
    const codes = cancellationCodes(error);
    if (counters && codes?.[1] === 'ConditionalCheckFailed') throw new LastOwnerError();
    if (codes?.[0] === 'ConditionalCheckFailed') return undefined;
    throw error;
  }
  return status === 'deactivated'
    ? { ...stored, accountStatus: status, tokenVersion: stored.tokenVersion + 1, deviceVersion: (stored.deviceVersion ?? 0) + 1 }
    : { ...stored, accountStatus: status };
}
