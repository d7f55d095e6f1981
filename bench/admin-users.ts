import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SEARCH_READ_BUDGET } from '../functions/admin/user-list.js';
import { dynamo } from '../functions/lib/chassis/aws.js';
import { statsKeys } from '../functions/lib/stats/keys.js';
import { counterDeltas } from '../functions/lib/users/user-counters.js';
import { directoryEntry } from '../functions/lib/users/user-directory.js';
import type { UserItem } from '../functions/lib/users/user-item.js';
import { newUserItem } from '../functions/lib/users/users.js';
import type { Role } from '../shared/domain/roles.js';
import { DURATION, json, load, table } from './common.js';

/**
 * Issue 10 'Scale': the admin's All Users table with 10,000 users. The users are written straight
 * into the local table with BatchWrite (with the per-role counters, as createUser counts them), then
 * the list's first page and searches are measured through the local stack: latency under load, and
 * the items DynamoDB read per request (ScannedCount of the users-index and directory Queries, and
 * the items of the BatchGets).
 */
const USERS = 10_000;
/** One load for every case, so the rows compare (the list alone would take more). */
const SEARCH_CONNECTIONS = 4;
const ROLE_MIX: Role[] = ['member', 'member', 'member', 'member', 'member', 'member', 'vip', 'vip', 'premium', 'developer'];
const HASH = `$2b$10$${'x'.repeat(53)}`;

async function seedUsers(): Promise<void> {
  const TableName = process.env.TABLE_NAME as string;
  const start = Date.UTC(2024, 0, 1);
  const items: UserItem[] = Array.from({ length: USERS }, (_, i) =>
    newUserItem(
      {
        username: `bench${String(i).padStart(5, '0')}`,
        email: `person${i}@mail${i % 50}.example.com`,
        passwordHash: HASH,
        role: ROLE_MIX[i % ROLE_MIX.length],
        emailVerified: true,
      },
      crypto.randomUUID(),
      new Date(start + i * 60_000).toISOString(),
    ),
  );
  // Each user with its search-directory entry, as createUser writes them.
  const writes = items.flatMap((item): Record<string, unknown>[] => [{ ...item }, directoryEntry(item)]);
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < writes.length; i += 25) batches.push(writes.slice(i, i + 25));
  const worker = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      let requests: unknown[] = batch.map((Item) => ({ PutRequest: { Item } }));
      while (requests.length > 0) {
        const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [TableName]: requests as never } }));
        requests = UnprocessedItems?.[TableName] ?? [];
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const totals: Record<string, number> = {};
  for (const item of items) {
    for (const [name, delta] of Object.entries(counterDeltas(null, item))) totals[name] = (totals[name] ?? 0) + (delta as number);
  }
  const names = Object.keys(totals);
  await dynamo().send(
    new UpdateCommand({
      TableName,
      Key: statsKeys.counters(),
      UpdateExpression: `ADD ${names.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#c${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:c${i}`, totals[name]])),
    }),
  );
}

export async function adminUsersSection(api: (path: string) => string): Promise<void> {
  const seeding = Date.now();
  await seedUsers();
  const seededIn = ((Date.now() - seeding) / 1000).toFixed(1);
  const login = await json(api('/api/auth/login'), { method: 'POST', body: JSON.stringify({ username: 'owner', password: 'Owner123!' }) });
  const headers = { authorization: `Bearer ${login.token}` };

  // Items read by one request: the users-index or search-directory Queries, and the BatchGet of a search's matches.
  // (The session's own BatchGet of the admin's user and session adds 2 to every row.)
  const read = { items: 0 };
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const input = args.input as { IndexName?: string; ExpressionAttributeValues?: Record<string, unknown> };
      const output = result.output as { ScannedCount?: number; Responses?: Record<string, unknown[]> };
      const pk = input.ExpressionAttributeValues?.[':directory'];
      if (context.commandName === 'QueryCommand' && (input.IndexName === 'gsi1' || pk === 'USERDIR'))
        read.items += output.ScannedCount ?? 0;
      if (context.commandName === 'BatchGetCommand') read.items += Object.values(output.Responses ?? {}).flat().length;
      return result;
    },
    { step: 'initialize', name: 'benchUsersIndexReads' },
  );

  const cases = [
    { case: 'first page (25), no search', query: '', connections: SEARCH_CONNECTIONS },
    { case: 'first page of 100', query: '?limit=100', connections: SEARCH_CONNECTIONS },
    { case: 'search, common text ("bench0")', query: '?search=bench0', connections: SEARCH_CONNECTIONS },
    { case: 'search, one user by e-mail part ("person4242@")', query: '?search=person4242%40', connections: SEARCH_CONNECTIONS },
    { case: 'search, one user by username part ("ch00017")', query: '?search=ch00017', connections: SEARCH_CONNECTIONS },
    { case: 'search, no match ("nobody")', query: '?search=nobody', connections: SEARCH_CONNECTIONS },
  ];
  const rows: Record<string, string | number>[] = [];
  for (const { case: name, query, connections } of cases) {
    read.items = 0;
    const answer = await json(api(`/api/auth/users${query}`), { headers });
    const itemsRead = read.items;
    const result = await load(api(`/api/auth/users${query}`), { headers }, DURATION, connections);
    rows.push({
      case: name,
      ...result,
      connections,
      'users answered': (answer.users as unknown[]).length,
      'items read': itemsRead,
      'next cursor': answer.nextCursor ? 'yes' : 'no',
    });
  }
  table(
    `Admin users list with ${USERS.toLocaleString('en')} users (seeded in ${seededIn} s; a search reads at most ${SEARCH_READ_BUDGET.toLocaleString('en')} directory entries per request)`,
    rows,
  );
}
