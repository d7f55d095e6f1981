import { createHash, randomBytes } from 'node:crypto';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  ACCESS_TOKEN_PREFIX,
  ACCESS_TOKEN_SHOWN_CHARACTERS,
  type AccessTokenScope,
  accessTokenMessages,
  MAX_ACCESS_TOKENS,
} from '../../../shared/api/access-token-rules.js';
import type { AccessToken } from '../../../shared/api/access-tokens.js';
import { dynamo } from '../chassis/aws.js';
import { now } from '../chassis/clock.js';
import { HttpError, isConditionFailure } from '../chassis/errors.js';
import { getMany, queryPrefix } from '../chassis/query.js';
import { epochSeconds, nowIso, tableName } from '../chassis/table.js';
import { ACCOUNT_OPEN, accountClosed, isAccountClosed } from '../users/account-closing.js';
import { userKeys } from '../users/keys.js';
import { cancellationCodes, withConflictRetries } from '../users/user-counters.js';
import type { UserItem } from '../users/user-item.js';

/**
 * Personal access tokens (issue 37 §1; docs/decisions/0141-personal-access-tokens.md). A token is `st_` and 32 random
 * bytes in base64url, shown once. Two items keep it:
 * - the owner's (`USER#<id>` / `ACCESSTOKEN#<tokenId>`): its name, scope, first characters, creation, the hash;
 * - the lookup (`ACCESSTOKEN#<sha256 of the token>` / `ACCESSTOKEN`): whose it is, its scope and name, the owner's
 *   token version when it was made, and its last use (when, from where), which every request reads.
 * Both carry `expiresAt` (DynamoDB's TTL) when the token expires. The profile counts them (`accessTokenCount`, at most
 * MAX_ACCESS_TOKENS, kept in each create's and revoke's transaction). A password reset, 'Sign out of all devices'
 * and an admin's termination bump the owner's token version, which ends every token as it ends every session;
 * deactivation refuses them too. The list drops the ended ones.
 */

const OWNER_PREFIX = 'ACCESSTOKEN#';
const lookupKey = (hash: string) => ({ pk: `ACCESSTOKEN#${hash}`, sk: 'ACCESSTOKEN' });
const ownerKey = (userId: string, tokenId: string) => ({ pk: userKeys.user(userId).pk, sk: `${OWNER_PREFIX}${tokenId}` });
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

interface OwnerItem {
  pk: string;
  sk: string;
  id: string;
  name: string;
  scope: AccessTokenScope;
  start: string;
  hash: string;
  createdAt: string;
  tokenVersion: number;
  expiresAt?: number;
}

interface LookupItem {
  pk: string;
  sk: string;
  userId: string;
  tokenId: string;
  name: string;
  scope: AccessTokenScope;
  tokenVersion: number;
  expiresAt?: number;
  lastUsedAt?: string;
  lastUsedFrom?: string;
}

/** The token as its owner sees it, with its last use from its lookup item. */
function view(owner: OwnerItem, lookup: LookupItem | undefined): AccessToken {
  return {
    id: owner.id,
    name: owner.name,
    scope: owner.scope,
    start: owner.start,
    createdAt: owner.createdAt,
    expiresAt: owner.expiresAt ? new Date(owner.expiresAt * 1000).toISOString() : null,
    lastUsedAt: lookup?.lastUsedAt ?? null,
    lastUsedFrom: lookup?.lastUsedFrom ?? null,
  };
}

/** A token still in force: not expired (TTL removes an item some time after), made under the owner's token version. */
const inForce = (item: { expiresAt?: number; tokenVersion: number }, user: Pick<UserItem, 'tokenVersion'>) =>
  (item.expiresAt === undefined || item.expiresAt > epochSeconds()) && item.tokenVersion === user.tokenVersion;

/** The user's tokens in force, newest first; ended ones (expired, or from before a token version's bump) are deleted. */
export async function listAccessTokens(user: Pick<UserItem, 'id' | 'tokenVersion'>): Promise<AccessToken[]> {
  const owned = await queryPrefix<OwnerItem>(userKeys.user(user.id).pk, OWNER_PREFIX, { consistent: true });
  const ended = owned.filter((item) => !inForce(item, user));
  await Promise.all(ended.map((item) => deleteToken(user.id, item)));
  const live = owned.filter((item) => inForce(item, user));
  const lookups = await getMany<LookupItem>(live.map((item) => lookupKey(item.hash)));
  return live
    .map((item) =>
      view(
        item,
        lookups.find((lookup) => lookup.tokenId === item.id),
      ),
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Deletes a token's two items and takes it off the count; false when it was gone already. */
async function deleteToken(userId: string, item: OwnerItem): Promise<boolean> {
  try {
    await withConflictRetries(() =>
      dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: tableName(), Key: ownerKey(userId, item.id), ConditionExpression: 'attribute_exists(pk)' } },
            { Delete: { TableName: tableName(), Key: lookupKey(item.hash) } },
            {
              Update: {
                TableName: tableName(),
                Key: userKeys.user(userId),
                UpdateExpression: 'ADD accessTokenCount :minusOne',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeValues: { ':minusOne': -1 },
              },
            },
          ],
        }),
      ),
    );
    return true;
  } catch (error) {
    if (cancellationCodes(error)?.some((code) => code === 'ConditionalCheckFailed')) return false;
    throw error;
  }
}

/**
 * Makes a token: its two items and the count's increment in one transaction, on the condition that the count stays
 * within MAX_ACCESS_TOKENS and the account is open. A count the ended tokens left too high is corrected first, by
 * the list. Answers the token, shown this once, and its view.
 */
export async function createAccessToken(
  user: Pick<UserItem, 'id' | 'tokenVersion'>,
  input: { name: string; scope: AccessTokenScope; expiresInDays: number | null },
): Promise<{ token: string; accessToken: AccessToken }> {
  const live = await listAccessTokens(user);
  if (live.length >= MAX_ACCESS_TOKENS) throw new HttpError(409, accessTokenMessages.tooMany);
  const token = `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = crypto.randomUUID();
  const hash = hashOf(token);
  const expiresAt = input.expiresInDays === null ? undefined : epochSeconds() + input.expiresInDays * 24 * 60 * 60;
  const owner: OwnerItem = {
    ...ownerKey(user.id, id),
    id,
    name: input.name,
    scope: input.scope,
    start: token.slice(0, ACCESS_TOKEN_SHOWN_CHARACTERS),
    hash,
    createdAt: nowIso(),
    tokenVersion: user.tokenVersion,
    ...(expiresAt ? { expiresAt } : {}),
  };
  const lookup: LookupItem = {
    ...lookupKey(hash),
    userId: user.id,
    tokenId: id,
    name: input.name,
    scope: input.scope,
    tokenVersion: user.tokenVersion,
    ...(expiresAt ? { expiresAt } : {}),
  };
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: owner } },
          { Put: { TableName: tableName(), Item: lookup, ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Update: {
              TableName: tableName(),
              Key: userKeys.user(user.id),
              UpdateExpression: 'SET accessTokenCount = if_not_exists(accessTokenCount, :zero) + :one',
              // Only while the account is open (issue 34 §4), and within the most a user keeps.
              ConditionExpression: `${ACCOUNT_OPEN} AND (attribute_not_exists(accessTokenCount) OR accessTokenCount < :max)`,
              ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':max': MAX_ACCESS_TOKENS },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (cancellationCodes(error)?.[2] !== 'ConditionalCheckFailed') throw error;
    if (await isAccountClosed(user.id)) throw accountClosed();
    throw new HttpError(409, accessTokenMessages.tooMany);
  }
  return { token, accessToken: view(owner, undefined) };
}

/** Revokes one of the user's tokens; false when they have none of that id. */
export async function revokeAccessToken(userId: string, tokenId: string): Promise<boolean> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: ownerKey(userId, tokenId), ConsistentRead: true }));
  return Item ? deleteToken(userId, Item as OwnerItem) : false;
}

/** Revokes every token of the user (the ended ones too); how many went. */
export async function revokeAllAccessTokens(userId: string): Promise<number> {
  const owned = await queryPrefix<OwnerItem>(userKeys.user(userId).pk, OWNER_PREFIX, { consistent: true });
  const deleted = await Promise.all(owned.map((item) => deleteToken(userId, item)));
  return deleted.filter(Boolean).length;
}

/** What a token sent with a request names: its owner as stored (undefined when gone), and the token as the request uses it. */
export interface TokenLookup {
  owner: UserItem | undefined;
  token: { id: string; name: string; scope: AccessTokenScope };
  tokenVersion: number;
}

/** Looks a token up by its hash, then its owner; undefined when it names no token, or one that has expired. */
export async function lookUpAccessToken(token: string): Promise<TokenLookup | undefined> {
  if (!token.startsWith(ACCESS_TOKEN_PREFIX) || token.length > 100) return undefined;
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: lookupKey(hashOf(token)) }));
  const lookup = Item as LookupItem | undefined;
  if (!lookup || (lookup.expiresAt !== undefined && lookup.expiresAt <= epochSeconds())) return undefined;
  const owner = await dynamo().send(new GetCommand({ TableName: tableName(), Key: userKeys.user(lookup.userId), ConsistentRead: true }));
  return {
    owner: owner.Item as UserItem | undefined,
    token: { id: lookup.tokenId, name: lookup.name, scope: lookup.scope },
    tokenVersion: lookup.tokenVersion,
  };
}

/** How often a token's last use is written: once a minute at most, so a busy script costs no write a request. */
const LAST_USE_EVERY_SECONDS = 60;

/** Records the token's use (when, from where), at most once a minute; a token revoked meanwhile is left gone. */
export async function recordAccessTokenUse(token: string, clientAddress: string): Promise<void> {
  const at = now();
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: lookupKey(hashOf(token)),
        UpdateExpression: 'SET lastUsedAt = :at, lastUsedFrom = :from',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :before)',
        ExpressionAttributeValues: {
          ':at': at.toISOString(),
          ':from': clientAddress,
          ':before': new Date(at.getTime() - LAST_USE_EVERY_SECONDS * 1000).toISOString(),
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
