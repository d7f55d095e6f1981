import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { jwtVerify } from 'jose';
import { dynamo } from '../functions/lib/chassis/aws.js';
import { type SubscriptionItem, toSubscription } from '../functions/lib/subscriptions/subscriptions.js';
import { toPublicUser } from '../functions/lib/users/public-user.js';
import type { UserItem } from '../functions/lib/users/user-item.js';
import { authMessages } from '../shared/api/auth.js';
import { addDays } from '../shared/domain/dates.js';
import { CONNECTIONS, DURATION, FLOOR_RUN, json, load, ROUNDS, table, WARM_UP } from './common.js';

type Answer = { status: number; body: unknown };

async function listen(answer: (req: IncomingMessage) => Promise<Answer>) {
  const server = createServer(async (req, res) => {
    const { status, body } = await answer(req).catch((error: Error) => ({ status: 500, body: { message: error.message } }));
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  });
  // Listening and reached like the local stack (every interface, `localhost`).
  await new Promise<void>((r) => server.listen(0, r));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** A bare Node HTTP server answering fixed JSON: what Node alone costs, no data at all. */
const fixedJsonServer = (body: unknown) => listen(async () => ({ status: 200, body }));

/**
 * The API's real floor: a bare Node HTTP server (no middy, no router, no API Gateway event, no log
 * line) that gives the same answer as our handlers from the same DynamoDB calls — the same client
 * (`dynamo()` of functions/lib/chassis/aws.ts, so the same endpoint, DocumentClient and HTTP agent), the
 * same count and kind of calls, counted by the bench. "Same calls" means what any correct server
 * for these routes has to do: verify the Bearer token (jose, HS256, the stack's JWT_SECRET) to
 * know whose data to read, read the session's user (its token version) and the session item (a
 * logged-out session must fail at once) in one consistent BatchGet, and for the list one Query of
 * the user's partition; then the same public JSON (toPublicUser, toSubscription).
 */
async function floorServer() {
  const key = new TextEncoder().encode(process.env.JWT_SECRET);
  const TableName = process.env.TABLE_NAME;
  return listen(async (req) => {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    const pk = `USER#${payload.sub}`;
    const { Responses } = await dynamo().send(
      new BatchGetCommand({
        RequestItems: {
          [TableName as string]: {
            Keys: [
              { pk, sk: 'PROFILE' },
              { pk, sk: `SESSION#${payload.sid}` },
            ],
            ConsistentRead: true,
          },
        },
      }),
    );
    const items = Responses?.[TableName as string] ?? [];
    const user = items.find((item) => item.sk === 'PROFILE') as UserItem | undefined;
    const session = items.find((item) => item.sk === `SESSION#${payload.sid}`);
    if (!user || !session || user.tokenVersion !== payload.ver) {
      return { status: 401, body: { message: authMessages.sessionExpired } };
    }
    if (req.url === '/api/auth/me') return { status: 200, body: toPublicUser(user) };
    const subscriptions: SubscriptionItem[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await dynamo().send(
        new QueryCommand({
          TableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': pk, ':prefix': 'SUB#' },
          ExclusiveStartKey,
        }),
      );
      subscriptions.push(...((page.Items ?? []) as SubscriptionItem[]));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return { status: 200, body: subscriptions.map(toSubscription) };
  });
}

type LoadResult = Awaited<ReturnType<typeof load>>;
/**
 * The mean of one side's runs. The rounds alternate the order (ours, floor, floor, ours, …), so
 * DynamoDB Local still warming up, or the machine's other work changing, favours neither side.
 */
function mean(results: LoadResult[]): LoadResult {
  const of = (field: 'p50 ms' | 'p99 ms' | 'req/s') => results.reduce((sum, r) => sum + r[field], 0) / results.length;
  return {
    'p50 ms': Number(of('p50 ms').toFixed(1)),
    'p99 ms': Number(of('p99 ms').toFixed(1)),
    'req/s': Math.round(of('req/s')),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  };
}

/** The goal of issue 8: the handlers through the local stack within 1.3× of the floor, in p50 and in req/s. */
const FLOOR_GOAL = 1.3;

/**
 * API latency and throughput of our handlers through the local stack next to the real floor (same
 * DynamoDB calls, bare Node) and, for context, a bare Node server answering fixed JSON; DynamoDB
 * calls per request. Ours and the floor share DynamoDB Local and the two cores, so they run one
 * after the other: an unreported warm-up of each, then ROUNDS rounds in alternating order; each
 * side reports the mean of its runs.
 */
const LOGIN_CONNECTIONS = 4;

export async function apiSection(api: (path: string) => string, dynamoCalls: { count: number }) {
  const login = await json(api('/api/auth/login'), { method: 'POST', body: JSON.stringify({ username: 'owner', password: 'Owner123!' }) });
  const auth = { authorization: `Bearer ${login.token}` };
  const subscriptions = Array.from({ length: 100 }, (_, i) => ({
    name: `Subscription ${i}`,
    amount: 5 + (i % 20),
    category: ['streaming', 'software', 'music', 'cloud'][i % 4],
    dueDate: addDays('2031-01-01', i),
    billingCycle: 'monthly',
  }));
  for (const s of subscriptions) await json(api('/api/subscriptions'), { method: 'POST', headers: auth, body: JSON.stringify(s) });

  const floor = await floorServer();
  const callsPer = async (url: string, init: RequestInit = {}) => {
    dynamoCalls.count = 0;
    await fetch(url, init);
    return dynamoCalls.count;
  };
  const endpoints = [
    { endpoint: 'GET /api/auth/me', path: '/api/auth/me' },
    { endpoint: 'GET /api/subscriptions (100)', path: '/api/subscriptions' },
  ];
  const rows: Record<string, string | number>[] = [];
  const verdicts: Record<string, string | number>[] = [];
  for (const { endpoint, path } of endpoints) {
    const urls = { ours: api(path), floor: `${floor.url}${path}` };
    const answer = await json(urls.ours, { headers: auth });
    if (!isDeepStrictEqual(answer, await json(urls.floor, { headers: auth })))
      throw new Error(`The floor's answer to ${path} differs from the API's`);
    // Counted one request at a time, before the load, so no queued request is counted.
    const calls = { ours: await callsPer(urls.ours, { headers: auth }), floor: await callsPer(urls.floor, { headers: auth }) };
    if (calls.ours !== calls.floor) throw new Error(`The floor makes ${calls.floor} DynamoDB calls for ${path}, the API ${calls.ours}`);
    // DynamoDB Local's JIT and ours warm up first: a load run on each side that is not reported.
    for (const url of Object.values(urls)) await load(url, { headers: auth }, WARM_UP);
    const runs = { ours: [] as LoadResult[], floor: [] as LoadResult[] };
    for (let round = 0; round < ROUNDS; round++) {
      // Ours first in even rounds, the floor first in odd ones (see mean).
      const order = round % 2 === 0 ? (['ours', 'floor'] as const) : (['floor', 'ours'] as const);
      for (const side of order) runs[side].push(await load(urls[side], { headers: auth }, FLOOR_RUN));
    }
    const ours = mean(runs.ours);
    const floorResult = mean(runs.floor);
    const fixed = await fixedJsonServer(answer);
    rows.push(
      { endpoint, ...ours, 'DynamoDB calls': calls.ours },
      { endpoint: '  floor: bare Node, same DynamoDB calls', ...floorResult, 'DynamoDB calls': calls.floor },
      { endpoint: '  bare Node, fixed JSON', ...(await load(fixed.url)), 'DynamoDB calls': 0 },
    );
    fixed.close();
    const p50 = ours['p50 ms'] / Math.max(floorResult['p50 ms'], 1);
    const throughput = floorResult['req/s'] / ours['req/s'];
    verdicts.push({
      endpoint,
      'p50 × floor': p50.toFixed(2),
      'floor req/s ÷ ours': throughput.toFixed(2),
      // Answers that failed would make any speed meaningless.
      [`within ${FLOOR_GOAL}×`]: p50 <= FLOOR_GOAL && throughput <= FLOOR_GOAL && ours.errors + floorResult.errors === 0 ? 'pass' : 'FAIL',
    });
  }
  floor.close();

  const loginInit = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'owner', password: 'Owner123!' }),
  };
  const loginCalls = await callsPer(api('/api/auth/login'), loginInit);
  // One account from one address: more than 5 sign-ins at once would meet the login throttle
  // (docs/decisions/0009-login-throttle.md), and bcrypt is CPU-bound, so 4 connections use both cores.
  rows.push({
    endpoint: `POST /api/auth/login (bcrypt 10, ${LOGIN_CONNECTIONS} connections)`,
    ...(await load(api('/api/auth/login'), loginInit, DURATION, LOGIN_CONNECTIONS)),
    'DynamoDB calls': loginCalls,
  });
  table(
    `API on the local stack (${CONNECTIONS} connections, ${DURATION} s each; the API and its floor: mean of ${ROUNDS} runs of ${FLOOR_RUN} s in ABBA order after a warm-up)`,
    rows,
  );
  table(`API against its floor (goal: within ${FLOOR_GOAL}× in p50 and req/s)`, verdicts);
}
