import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { adminMessages, type UserCounts, type UserPage } from '../../shared/api/admin.js';
import { ROLES } from '../../shared/domain/roles.js';
import { dynamo } from '../lib/aws.js';
import { badRequest } from '../lib/errors.js';
import { keys, tableName, USER_PREFIX, USERS_PARTITION } from '../lib/table.js';
import { ROLE_COUNTERS } from '../lib/user-counters.js';
import { toPublicUser, type UserItem } from '../lib/users.js';

/**
 * GET /auth/users: the admin list, newest first, read with a Query on gsi1 `USERS` (never a Scan).
 *
 * Search looks for the lowercased text in each user's `searchText` (username and e-mail, kept by
 * every write of either) with a FilterExpression `contains` over the same Query: DynamoDB reads the
 * index items in order and returns the matches. A request reads at most SEARCH_READ_BUDGET items;
 * when that budget ends before the page is full, the page comes back with what matched and a cursor
 * to go on from, so no request reads the whole table, however rare the text is (bench/: 10,000 users).
 */

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;
/** Index items one search request reads at most (about 1 KB each). */
export const SEARCH_READ_BUDGET = 2_000;
/** Items one Query call of a search reads (DynamoDB also stops at 1 MB). */
const SEARCH_PAGE = 500;
const MAX_SEARCH_LENGTH = 100;

/** The key of an item of the users index: where a page starts or ends. */
interface IndexKey {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
}

export function encodeCursor(key: IndexKey): string {
  const { pk, sk, gsi1pk, gsi1sk } = key;
  return Buffer.from(JSON.stringify({ pk, sk, gsi1pk, gsi1sk }), 'utf8').toString('base64url');
}

/** The key a cursor names; anything but a cursor this function made is a 400, never a DynamoDB error. */
export function decodeCursor(cursor: string): IndexKey {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,1000}$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(adminMessages.invalidCursor);
  }
  const key = parsed as Record<string, unknown>;
  const valid =
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.keys(key).length === 4 &&
    typeof key.pk === 'string' &&
    key.pk.startsWith(USER_PREFIX) &&
    key.pk.length <= 200 &&
    key.sk === 'PROFILE' &&
    key.gsi1pk === USERS_PARTITION &&
    typeof key.gsi1sk === 'string' &&
    key.gsi1sk.length > 0 &&
    key.gsi1sk.length <= 200;
  if (!valid) throw badRequest(adminMessages.invalidCursor);
  return key as unknown as IndexKey;
}

export interface ListQuery {
  limit: number;
  search: string;
  cursor: IndexKey | undefined;
}

/** Reads and checks the query parameters (`limit` 1–100, default 25; `search`; `cursor`). */
export function parseListQuery(query: Record<string, string>): ListQuery {
  let limit = DEFAULT_LIMIT;
  if (query.limit !== undefined) {
    if (!/^\d{1,3}$/.test(query.limit)) throw badRequest(adminMessages.invalidLimit);
    limit = Number(query.limit);
    if (limit < 1 || limit > MAX_LIMIT) throw badRequest(adminMessages.invalidLimit);
  }
  const search = (query.search ?? '').trim().toLowerCase();
  if (search.length > MAX_SEARCH_LENGTH) throw badRequest(adminMessages.invalidSearch);
  return { limit, search, cursor: query.cursor ? decodeCursor(query.cursor) : undefined };
}

export interface ListResult {
  users: UserItem[];
  next: IndexKey | undefined;
  /** Index items DynamoDB read for this page (what a search costs). */
  itemsRead: number;
}

/** One page of users, newest first, optionally only those whose username or e-mail contains `search`. */
export async function listUserItems({ limit, search, cursor }: ListQuery): Promise<ListResult> {
  const users: UserItem[] = [];
  let itemsRead = 0;
  let start: Record<string, unknown> | undefined = cursor as Record<string, unknown> | undefined;
  for (;;) {
    const budget = search ? Math.min(SEARCH_PAGE, SEARCH_READ_BUDGET - itemsRead) : limit - users.length;
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :users',
        ScanIndexForward: false,
        Limit: budget,
        ExclusiveStartKey: start,
        ...(search
          ? {
              FilterExpression: 'contains(searchText, :search)',
              ExpressionAttributeValues: { ':users': USERS_PARTITION, ':search': search },
            }
          : { ExpressionAttributeValues: { ':users': USERS_PARTITION } }),
      }),
    );
    itemsRead += page.ScannedCount ?? 0;
    const items = (page.Items ?? []) as UserItem[];
    const room = limit - users.length;
    if (items.length >= room) {
      // The page fills inside this read: the next one starts after the last user shown.
      users.push(...items.slice(0, room));
      const last = users[users.length - 1] as unknown as IndexKey;
      const more = items.length > room || page.LastEvaluatedKey !== undefined;
      return { users, next: more ? last : undefined, itemsRead };
    }
    users.push(...items);
    start = page.LastEvaluatedKey;
    if (!start) return { users, next: undefined, itemsRead };
    if (search && itemsRead >= SEARCH_READ_BUDGET) return { users, next: start as unknown as IndexKey, itemsRead };
  }
}

/** The four counters of the User Management tab, from the per-role counters (one GetItem). */
export async function userCounts(): Promise<UserCounts> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.stats(), ConsistentRead: true }));
  const count = (name: string) => Math.max(0, Number(Item?.[name] ?? 0) || 0);
  return {
    totalUsers: ROLES.reduce((sum, role) => sum + count(ROLE_COUNTERS[role]), 0),
    developers: count(ROLE_COUNTERS.developer),
    premium: count(ROLE_COUNTERS.premium),
    vip: count(ROLE_COUNTERS.vip),
  };
}

/** The page the API answers, and what reading it cost (logged). */
export async function listUsers(query: Record<string, string>): Promise<{ page: UserPage; itemsRead: number }> {
  const parsed = parseListQuery(query);
  const [result, counts] = await Promise.all([listUserItems(parsed), userCounts()]);
  return {
    page: { users: result.users.map(toPublicUser), nextCursor: result.next ? encodeCursor(result.next) : null, counts },
    itemsRead: result.itemsRead,
  };
}
