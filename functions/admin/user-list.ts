import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { adminMessages, type UserCounts, type UserPage } from '../../shared/api/admin.js';
import { ROLES } from '../../shared/domain/roles.js';
import { dynamo } from '../lib/chassis/aws.js';
import { badRequest } from '../lib/chassis/errors.js';
import { retryLeftovers } from '../lib/chassis/retry.js';
import { tableName, USER_PREFIX } from '../lib/chassis/table.js';
import { statsKeys } from '../lib/stats/keys.js';
import { USER_DIRECTORY, USERS_PARTITION, userKeys } from '../lib/users/keys.js';
import { toPublicUser } from '../lib/users/public-user.js';
import { ROLE_COUNTERS } from '../lib/users/user-counters.js';
import type { UserItem } from '../lib/users/user-item.js';

/**
 * GET /auth/users: the admin list, newest first, read with a Query on gsi1 `USERS` (never a Scan).
 *
 * Search Queries the search directory instead (`USERDIR`, one ~100-byte item per user with the
 * lowercased username and e-mail, functions/lib/users/user-directory.ts `directoryEntry`), newest first, with a
 * FilterExpression `contains`, then reads the matching users' items with one BatchGet. 10,000 users
 * are one or two 1 MB Query pages, so one request usually answers a search over everyone; a request
 * still reads at most SEARCH_READ_BUDGET entries and otherwise answers with a cursor to go on from.
 */

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;
/** Directory entries one search request reads at most (about 100 bytes each: ~2.5 MB). */
export const SEARCH_READ_BUDGET = 25_000;
/**
 * Entries the first directory read takes, per user asked for (at least 200); each further read
 * takes four times as many. A common text fills the page from a small first read (DynamoDB would
 * otherwise read a whole 1 MB page, ~7,000 entries, for 25 users); a rare one reads 10,000 entries
 * in four calls.
 */
const SEARCH_FIRST_READ_PER_USER = 8;
const SEARCH_FIRST_READ_MIN = 200;
const MAX_SEARCH_LENGTH = 100;

/** The key of an item of the users index: where a page of the list starts or ends. */
interface IndexKey {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
}

/** The key of a search-directory entry: where a page of a search starts or ends. */
interface DirectoryKey {
  pk: string;
  sk: string;
}

type Cursor = { list: IndexKey } | { search: DirectoryKey };

export function encodeCursor(cursor: Cursor): string {
  const key =
    'list' in cursor
      ? { pk: cursor.list.pk, sk: cursor.list.sk, gsi1pk: cursor.list.gsi1pk, gsi1sk: cursor.list.gsi1sk }
      : { pk: cursor.search.pk, sk: cursor.search.sk };
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

const boundedString = (value: unknown) => typeof value === 'string' && value.length > 0 && value.length <= 200;

/**
 * The key a cursor names, for the list (a users-index key) or a search (a directory key); anything
 * but a cursor this function made, or a cursor of the other kind, is a 400, never a DynamoDB error.
 */
export function decodeCursor(cursor: string, forSearch: boolean): Cursor {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,1000}$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(adminMessages.invalidCursor);
  }
  const key = parsed as Record<string, unknown>;
  const isObject = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  if (isObject && forSearch) {
    if (Object.keys(key).length === 2 && key.pk === USER_DIRECTORY && boundedString(key.sk)) {
      return { search: { pk: key.pk, sk: key.sk as string } };
    }
  } else if (isObject) {
    const valid =
      Object.keys(key).length === 4 &&
      boundedString(key.pk) &&
      (key.pk as string).startsWith(USER_PREFIX) &&
      key.sk === 'PROFILE' &&
      key.gsi1pk === USERS_PARTITION &&
      boundedString(key.gsi1sk);
    if (valid) return { list: key as unknown as IndexKey };
  }
  throw badRequest(adminMessages.invalidCursor);
}

export interface ListQuery {
  limit: number;
  search: string;
  cursor: Cursor | undefined;
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
  return { limit, search, cursor: query.cursor ? decodeCursor(query.cursor, search !== '') : undefined };
}

export interface ListResult {
  users: UserItem[];
  next: Cursor | undefined;
  /** Items DynamoDB read for this page: users-index items, or directory entries and the matches' items. */
  itemsRead: number;
}

/** One page of users, newest first, optionally only those whose username or e-mail contains `search`. */
export function listUserItems(query: ListQuery): Promise<ListResult> {
  return query.search ? searchUsers(query) : listPage(query);
}

async function listPage({ limit, cursor }: ListQuery): Promise<ListResult> {
  const page = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :users',
      ExpressionAttributeValues: { ':users': USERS_PARTITION },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor && 'list' in cursor ? cursor.list : undefined,
    }),
  );
  const users = (page.Items ?? []) as UserItem[];
  const last = users.at(-1) as unknown as IndexKey | undefined;
  return { users, next: page.LastEvaluatedKey && last ? { list: last } : undefined, itemsRead: page.ScannedCount ?? 0 };
}

interface DirectoryEntry extends DirectoryKey {
  userId: string;
}

async function searchUsers({ limit, search, cursor }: ListQuery): Promise<ListResult> {
  const matches: DirectoryEntry[] = [];
  let itemsRead = 0;
  let start: Record<string, unknown> | undefined = cursor && 'search' in cursor ? { ...cursor.search } : undefined;
  let next: Cursor | undefined;
  let readSize = Math.max(SEARCH_FIRST_READ_MIN, limit * SEARCH_FIRST_READ_PER_USER);
  for (;;) {
    const size = Math.min(readSize, SEARCH_READ_BUDGET - itemsRead);
    readSize *= 4;
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :directory',
        FilterExpression: 'contains(#text, :search)',
        ExpressionAttributeNames: { '#text': 's' },
        ProjectionExpression: 'pk, sk, userId',
        ExpressionAttributeValues: { ':directory': USER_DIRECTORY, ':search': search },
        ScanIndexForward: false,
        Limit: size,
        ExclusiveStartKey: start,
      }),
    );
    itemsRead += page.ScannedCount ?? 0;
    const found = (page.Items ?? []) as DirectoryEntry[];
    const room = limit - matches.length;
    if (found.length >= room) {
      // The page fills inside this read: the next one starts after the last match shown.
      matches.push(...found.slice(0, room));
      const last = matches[matches.length - 1];
      if (found.length > room || page.LastEvaluatedKey) next = { search: { pk: last.pk, sk: last.sk } };
      break;
    }
    matches.push(...found);
    start = page.LastEvaluatedKey;
    if (!start) break;
    if (itemsRead >= SEARCH_READ_BUDGET) {
      next = { search: { pk: USER_DIRECTORY, sk: start.sk as string } };
      break;
    }
  }
  const users = await usersById(matches.map((entry) => entry.userId));
  return { users, next, itemsRead: itemsRead + users.length };
}

/** The users' items in the given order, with one BatchGet (at most 100 ids); one deleted meanwhile is left out. */
async function usersById(ids: string[]): Promise<UserItem[]> {
  if (ids.length === 0) return [];
  const TableName = tableName();
  const found = new Map<string, UserItem>();
  await retryLeftovers(
    'unprocessed',
    'BatchGet of listed users',
    ids.map((id) => userKeys.user(id)) as Record<string, unknown>[],
    async (pending) => {
      const { Responses, UnprocessedKeys } = await dynamo().send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: pending } } }));
      for (const item of (Responses?.[TableName] ?? []) as UserItem[]) found.set(item.id, item);
      return UnprocessedKeys?.[TableName]?.Keys ?? [];
    },
  );
  return ids.map((id) => found.get(id)).filter((user): user is UserItem => user !== undefined);
}

/** The four counters of the User Management tab, from the per-role counters (one GetItem). */
export async function userCounts(): Promise<UserCounts> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: statsKeys.counters(), ConsistentRead: true }));
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
