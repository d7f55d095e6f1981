import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StoredLogoChoice } from '../../../shared/domain/logos/site-logo.js';
import { dynamo } from '../chassis/aws.js';
import { isConditionFailure } from '../chassis/errors.js';
import { tableName } from '../chassis/table.js';
import { subscriptionKeys } from './keys.js';
import type { SubscriptionItem } from './subscriptions.js';

/**
 * The owner's choice of logo, kept on the subscription's item (issue 36 §4; docs/decisions/0140-the-users-logo.md).
 * Neither write is an edit of the subscription: `updatedAt` and its revision stay, so an edit under way is not
 * refused for it, and the calendar feed does not see a change.
 */

/** Keeps the choice (none: automatic); the item as it is now, or undefined when it is gone. */
export async function saveLogoChoice(
  userId: string,
  subscriptionId: string,
  choice: StoredLogoChoice | undefined,
): Promise<SubscriptionItem | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: subscriptionKeys.subscription(userId, subscriptionId),
        UpdateExpression: choice ? 'SET logoChoice = :choice' : 'REMOVE logoChoice',
        ConditionExpression: 'attribute_exists(pk)',
        ...(choice ? { ExpressionAttributeValues: { ':choice': choice } } : {}),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes as SubscriptionItem;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Makes an uploaded picture the subscription's logo, and the choice `upload`; the picture it replaces (to be
 * deleted), or undefined when the subscription is gone (`gone: true`).
 */
export async function saveUploadedLogo(
  userId: string,
  subscriptionId: string,
  src: string,
): Promise<{ gone: true } | { gone: false; replaced: string | undefined }> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: subscriptionKeys.subscription(userId, subscriptionId),
        UpdateExpression: 'SET uploadedLogo = :src, logoChoice = :choice',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':src': src, ':choice': { kind: 'upload' } satisfies StoredLogoChoice },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return { gone: false, replaced: (Attributes as SubscriptionItem | undefined)?.uploadedLogo };
  } catch (error) {
    if (isConditionFailure(error)) return { gone: true };
    throw error;
  }
}
