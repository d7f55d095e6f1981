import type { DynamoDBRecord } from 'aws-lambda';

/**
 * The table stream records the avatar function is given (infra/avatars.ts's event source mapping;
 * the local stack's stream poller applies the same test): removals of a user's profile item, whose
 * avatar objects are then deleted. No CDK here: the local stack imports it.
 */
export const PROFILE_REMOVAL_PATTERN = {
  eventName: ['REMOVE'],
  dynamodb: { Keys: { pk: { S: [{ prefix: 'USER#' }] }, sk: { S: ['PROFILE'] } } },
} as const;

export function isProfileRemoval(record: DynamoDBRecord): boolean {
  return (
    record.eventName === 'REMOVE' && record.dynamodb?.Keys?.sk?.S === 'PROFILE' && Boolean(record.dynamodb.Keys.pk?.S?.startsWith('USER#'))
  );
}
