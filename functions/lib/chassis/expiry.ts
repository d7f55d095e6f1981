import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws.js';
import { isConditionFailure } from './errors.js';
import { TTL_ATTRIBUTE, tableName } from './table.js';

/** How many items are written at once. */
const WRITES_AT_ONCE = 25;

/**
 * Gives each item the expiry `expiresAt` (epoch seconds), so DynamoDB's TTL removes it then, or takes the
 * expiry off again (null). An item deleted meanwhile stays deleted: the write is conditional on the item.
 * What goes into the trash with a subscription (its payments, its sharing items) uses this.
 */
export async function setExpiry(items: readonly { pk: string; sk: string }[], expiresAt: number | null): Promise<void> {
  const write = async ({ pk, sk }: { pk: string; sk: string }) => {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk, sk },
          UpdateExpression: expiresAt === null ? 'REMOVE #expiresAt' : 'SET #expiresAt = :expiresAt',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#expiresAt': TTL_ATTRIBUTE },
          ...(expiresAt === null ? {} : { ExpressionAttributeValues: { ':expiresAt': expiresAt } }),
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  };
  for (let start = 0; start < items.length; start += WRITES_AT_ONCE) {
    await Promise.all(items.slice(start, start + WRITES_AT_ONCE).map(write));
  }
}
