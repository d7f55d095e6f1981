import { now } from './clock.js';
import { config } from './config.js';

/**
 * The partition of everything a user owns: `USER#<id>`. Each domain spells its own item keys in its
 * `keys.ts` (functions/lib/<domain>/keys.ts; docs/decisions/0123-each-domain-owns-its-keys.md) and builds
 * a user's partition with this; the README's 'The DynamoDB table' lists the final layout.
 */
export const USER_PREFIX = 'USER#';
export const userPartition = (userId: string) => `${USER_PREFIX}${userId}`;

export function tableName(): string {
  return config().TABLE_NAME;
}

export const nowIso = () => now().toISOString();
export const epochSeconds = (date = now()) => Math.floor(date.getTime() / 1000);

/**
 * The table's definition for the local stack's CreateTable; the CDK stack declares the same
 * keys, indexes and TTL attribute in infra/data.ts.
 */
export const TABLE_DEFINITION = {
  AttributeDefinitions: [
    { AttributeName: 'pk', AttributeType: 'S' },
    { AttributeName: 'sk', AttributeType: 'S' },
    { AttributeName: 'gsi1pk', AttributeType: 'S' },
    { AttributeName: 'gsi1sk', AttributeType: 'S' },
    { AttributeName: 'gsi2pk', AttributeType: 'S' },
    { AttributeName: 'gsi2sk', AttributeType: 'S' },
  ],
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' },
    { AttributeName: 'sk', KeyType: 'RANGE' },
  ],
  GlobalSecondaryIndexes: [
    {
      IndexName: 'gsi1',
      KeySchema: [
        { AttributeName: 'gsi1pk', KeyType: 'HASH' },
        { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    },
    {
      IndexName: 'gsi2',
      KeySchema: [
        { AttributeName: 'gsi2pk', KeyType: 'HASH' },
        { AttributeName: 'gsi2sk', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    },
  ],
  BillingMode: 'PAY_PER_REQUEST',
} as const;

export const TTL_ATTRIBUTE = 'expiresAt';
