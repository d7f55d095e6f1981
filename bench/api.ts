import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays } from '../shared/domain/dates.js';
import { CONNECTIONS, DURATION, json, load, table } from './common.js';

/** A bare Node HTTP server answering `body`: the floor the API is compared with. */
async function bareServer(body: string) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}


/** API latency and throughput next to a bare Node server returning the same JSON; DynamoDB calls per request. */
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

  const me = JSON.stringify(await json(api('/api/auth/me'), { headers: auth }));
  const list = JSON.stringify(await json(api('/api/subscriptions'), { headers: auth }));
  const bareMe = await bareServer(me);
  const bareList = await bareServer(list);
  const loginBody = JSON.stringify({ username: 'owner', password: 'Owner123!' });

  const callsPer = async (path: string, init: RequestInit = {}) => {
    dynamoCalls.count = 0;
    await fetch(api(path), init);
    return dynamoCalls.count;
  };
  // Counted one request at a time, before the load, so no queued request is counted.
  const meCalls = await callsPer('/api/auth/me', { headers: auth });
  const listCalls = await callsPer('/api/subscriptions', { headers: auth });
  const loginInit = { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody };
  const loginCalls = await callsPer('/api/auth/login', loginInit);
  const rows = [
    { endpoint: 'GET /api/auth/me', ...(await load(api('/api/auth/me'), { headers: auth })), 'DynamoDB calls': meCalls },
    { endpoint: '  bare Node, same JSON', ...(await load(bareMe.url)), 'DynamoDB calls': 0 },
    { endpoint: 'GET /api/subscriptions (100)', ...(await load(api('/api/subscriptions'), { headers: auth })), 'DynamoDB calls': listCalls },
    { endpoint: '  bare Node, same JSON', ...(await load(bareList.url)), 'DynamoDB calls': 0 },
    { endpoint: 'POST /api/auth/login (bcrypt 10)', ...(await load(api('/api/auth/login'), loginInit)), 'DynamoDB calls': loginCalls },
  ];
  bareMe.close();
  bareList.close();
  table(`API on the local stack (${CONNECTIONS} connections, ${DURATION} s each)`, rows);
}
