import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../chassis/aws.js';
import { nowIso, tableName } from '../chassis/table.js';
import { userKeys } from '../users/keys.js';
import { emailKeys } from './keys.js';

/** Why SES's feedback stopped mail to an address: a permanent bounce, or the recipient marked it as spam. */
export type SuppressionReason = 'bounce' | 'complaint';

/** Kept on the user item of the address's owner, so the settings screen can say why mail stopped. */
export interface EmailSuppression {
  /** The suppressed address, lowercased: the notice shows only while the user still has it. */
  address: string;
  reason: SuppressionReason;
  at: string;
}

/** Whether optional mail to this address is stopped: one GetItem on `SUPPRESSED#<address>`. */
export async function isSuppressed(address: string): Promise<boolean> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: emailKeys.suppressedEmail(address), ProjectionExpression: 'pk' }),
  );
  return Item !== undefined;
}

/**
 * Stops optional mail to an address and tells its owner, if a user has it: the address item (kept
 * until the owner changes address — a new address is not suppressed), then the reason on the owner's
 * user item, found by the e-mail guard. Idempotent: SES may deliver one notification more than once.
 */
export async function suppressEmail(address: string, reason: SuppressionReason, detail: string): Promise<{ userId?: string }> {
  const TableName = tableName();
  const at = nowIso();
  const lowercased = address.trim().toLowerCase();
  await dynamo().send(
    new PutCommand({ TableName, Item: { ...emailKeys.suppressedEmail(lowercased), address: lowercased, reason, detail, at } }),
  );
  const { Item: guard } = await dynamo().send(new GetCommand({ TableName, Key: userKeys.emailGuard(lowercased) }));
  const userId = guard?.userId as string | undefined;
  if (!userId) return {};
  const suppression: EmailSuppression = { address: lowercased, reason, at };
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName,
        Key: userKeys.user(userId),
        UpdateExpression: 'SET emailSuppression = :suppression',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':suppression': suppression },
      }),
    );
  } catch (error) {
    // The user was deleted since the guard was read: nobody to tell.
    if ((error as Error).name === 'ConditionalCheckFailedException') return {};
    throw error;
  }
  return { userId };
}
