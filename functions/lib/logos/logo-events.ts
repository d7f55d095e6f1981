import type { DynamoDBRecord } from 'aws-lambda';
import { SUBSCRIPTION_PREFIX } from '../subscriptions/keys.js';

/**
 * The table stream records the logo function is given (infra/logos.ts's event source mapping; the local stack's
 * stream poller applies the same test): a subscription written (created, edited, imported, moved to a new
 * renewal), whose website's icon the function then settles. The stream carries keys only: the function reads the
 * subscription. Imported by the CDK stack, the function and the local stack.
 */
export const SUBSCRIPTION_SAVED_PATTERN = {
  eventName: ['INSERT', 'MODIFY'],
  dynamodb: { Keys: { sk: { S: [{ prefix: SUBSCRIPTION_PREFIX }] } } },
} as const;

export function isSubscriptionSaved(record: DynamoDBRecord): boolean {
  return (
    (record.eventName === 'INSERT' || record.eventName === 'MODIFY') &&
    Boolean(record.dynamodb?.Keys?.sk?.S?.startsWith(SUBSCRIPTION_PREFIX))
  );
}
