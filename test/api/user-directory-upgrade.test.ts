import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../local/emulators.js';
import { runFunctionsInThisProcess, stack } from './helpers.js';

/**
 * A table written before the admin console (issue 10): users without search-directory entries and a
 * STATS item without the role counters. The upgrade runs on its own table in the stack's DynamoDB
 * Local, so the other test files' counters are not touched.
 */
const TABLE = `pre-admin-console-${Date.now()}`;
let upgradeUserDirectory: typeof import('../../functions/lib/users/user-directory-upgrade.js').upgradeUserDirectory;
let documents: DynamoDBDocumentClient;
let restoreEnvironment = () => {};
afterAll(() => restoreEnvironment());

const oldUser = (id: string, role: string, extra: Record<string, unknown> = {}) => ({
  pk: `USER#${id}`,
  sk: 'PROFILE',
  gsi1pk: 'USERS',
  gsi1sk: `2025-01-0${id.length}T00:00:00.000Z#${id}`,
  id,
  username: `User-${id}`,
  email: `${id}@Example.com`,
  createdAt: `2025-01-0${id.length}T00:00:00.000Z`,
  role,
  accountStatus: 'active',
  ...extra,
});

beforeAll(async () => {
  restoreEnvironment = runFunctionsInThisProcess({
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: stack.dynamoEndpoint,
    TABLE_NAME: TABLE,
  });
  const client = new DynamoDBClient({});
  await ensureTable(client, TABLE);
  documents = DynamoDBDocumentClient.from(client);
  for (const item of [
    oldUser('a', 'owner'),
    oldUser('bb', 'owner', { accountStatus: 'deactivated' }),
    oldUser('ccc', 'premium', { subscriptionType: 'premium', isForever: true }),
    oldUser('dddd', 'member'),
    { pk: 'STATS', sk: 'GLOBAL', totalUsers: 7, totalSubscriptions: 3 },
  ]) {
    await documents.send(new PutCommand({ TableName: TABLE, Item: item }));
  }
  ({ upgradeUserDirectory } = await import('../../functions/lib/users/user-directory-upgrade.js'));
});

describe('upgrading a table from before the admin console', () => {
  it('counts the users into the role, active-owner and membership counters and writes their search entries, once', async () => {
    expect(await upgradeUserDirectory()).toEqual({ usersCounted: 4 });
    const { Item: stats } = await documents.send(new GetCommand({ TableName: TABLE, Key: { pk: 'STATS', sk: 'GLOBAL' } }));
    expect(stats).toMatchObject({
      totalUsers: 7,
      totalSubscriptions: 3,
      usersOwner: 2,
      usersDeveloper: 0,
      usersPremium: 1,
      usersVip: 0,
      usersMember: 1,
      ownersActive: 1,
      membershipPremium: 1,
      membershipVip: 0,
      membershipForever: 1,
    });
    const { Items: directory } = await documents.send(
      new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :dir', ExpressionAttributeValues: { ':dir': 'USERDIR' } }),
    );
    expect(directory?.map((entry) => [entry.userId, entry.s])).toEqual([
      ['a', 'user-a\na@example.com'],
      ['bb', 'user-bb\nbb@example.com'],
      ['ccc', 'user-ccc\nccc@example.com'],
      ['dddd', 'user-dddd\ndddd@example.com'],
    ]);
    expect(await upgradeUserDirectory()).toBe('current');
  });
});
