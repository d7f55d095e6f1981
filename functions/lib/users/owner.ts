import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { passwordProblem } from '../../../shared/domain/password.js';
import { emailProblem, usernameProblem } from '../../../shared/domain/username.js';
import { hashPassword } from '../auth/passwords.js';
import { dynamo } from '../chassis/aws.js';
import { HttpError, isConditionFailure } from '../chassis/errors.js';
import { nowIso, tableName } from '../chassis/table.js';
import { userKeys } from './keys.js';
import { createUser, findUserByUsername } from './users.js';

export interface OwnerSeed {
  username: string;
  password: string;
  email: string;
}

/**
 * Creates the first owner if none was ever created (DESIGN §5). A marker item records the bootstrap,
 * so restarts, redeploys and concurrent starts create at most one owner.
 */
export async function ensureOwner(seed: OwnerSeed): Promise<'created' | 'exists'> {
  const problem = usernameProblem(seed.username) ?? passwordProblem(seed.password) ?? emailProblem(seed.email);
  if (problem) throw new Error(`Owner bootstrap: ${problem}`);
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: userKeys.ownerBootstrap() }));
  if (Item) return 'exists';
  const existing = await findUserByUsername(seed.username);
  let userId = existing?.id;
  if (!existing) {
    try {
      const owner = await createUser({
        username: seed.username,
        email: seed.email,
        passwordHash: await hashPassword(seed.password),
        role: 'owner',
        emailVerified: true,
      });
      userId = owner.id;
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) return 'exists';
      throw error;
    }
  }
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...userKeys.ownerBootstrap(), userId, createdAt: nowIso() },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return existing ? 'exists' : 'created';
}
