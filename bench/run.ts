/**
 * `npm run bench` (DESIGN §8): the product's speed, measured on the local stack as ratios in one run.
 * Prints tables; not a test. Sections: API latency and throughput next to a bare Node server returning
 * the same JSON, DynamoDB calls per request, Lambda bundle sizes and module-init times, the reminder job
 * at 10,000 and 100,000 subscriptions, and the web bundles and the dashboard with 1,000 subscriptions.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { bundleOptions, functionEntries, projectRoot } from '../infra/bundling.js';
import { addDays } from '../shared/domain/dates.js';
import { startLocalStack } from '../local/stack.js';

const quick = process.argv.includes('--quick');
/** `--only=api,lambda,reminders,web` runs just those sections. */
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');
const runs = (section: 'api' | 'lambda' | 'reminders' | 'web') => !only || only.includes(section);
const DURATION = quick ? 3 : 8;
const CONNECTIONS = 16;

const table = (title: string, rows: Record<string, string | number>[]) => {
  console.log(`\n## ${title}\n`);
  console.table(rows);
};

async function load(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...init });
  return {
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'req/s': Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
  };
}

/** A bare Node HTTP server answering `body`: the floor the API is compared with. */
async function bareServer(body: string) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

async function json(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  return (await response.json()) as Record<string, any>;
}

async function main() {
  const stack = await startLocalStack({ port: 0, sesPort: 0, dataDir: ':memory:', quiet: true, dailyReminders: false });
  const api = (path: string) => `${stack.url}${path}`;
  const { dynamo } = await import('../functions/lib/aws.js');
  const dynamoCalls = { count: 0 };
  dynamo().middlewareStack.add((next) => async (args) => {
    dynamoCalls.count++;
    return next(args);
  }, { step: 'initialize', name: 'benchCallCounter' });

  try {
    if (runs('api')) await apiSection(api, dynamoCalls);
    if (runs('lambda')) await lambdaSection();
    if (runs('reminders')) await reminderSection(stack);
    if (runs('web')) await webSection(stack.url);
  } finally {
    await stack.stop();
  }
}

/** API latency and throughput next to a bare Node server returning the same JSON; DynamoDB calls per request. */
async function apiSection(api: (path: string) => string, dynamoCalls: { count: number }) {
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

/** Minified bundle size and module-init time of each function, bundled with the stack's options. */
async function lambdaSection() {
  const outDir = join(projectRoot, '.bench', 'bundles');
  mkdirSync(outDir, { recursive: true });
  const bundles = [];
  for (const { name, entry } of functionEntries()) {
    const outfile = join(outDir, name, 'index.mjs');
    await build({ ...bundleOptions, sourcemap: false, entryPoints: [entry], outfile, logLevel: 'error' });
    const size = statSync(outfile).size;
    const init = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', `const t = performance.now(); await import(${JSON.stringify(outfile)}); console.log((performance.now() - t).toFixed(1));`],
      { env: { ...process.env, AWS_REGION: 'us-east-1' }, encoding: 'utf8' },
    );
    bundles.push({
      function: name,
      'minified KB': (size / 1024).toFixed(1),
      'gzip KB': (gzipSync(readFileSync(outfile)).length / 1024).toFixed(1),
      'module init ms': init.status === 0 ? Number(init.stdout.trim()) : 'failed',
    });
  }
  table('Lambda bundles (esbuild, the stack\'s options)', bundles);
}

/** The reminder job with 1,000 due among 10,000 and 100,000 subscriptions: items read per reminder and run time. */
async function reminderSection(stack: { url: string; tableName: string }) {
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const users = Array.from({ length: 100 }, (_, i) => ({
    pk: `USER#bench-${i}`,
    sk: 'PROFILE',
    id: `bench-${i}`,
    username: `bench${i}`,
    displayName: `Bench ${i}`,
    email: `bench${i}@example.com`,
    emailVerified: true,
    role: 'member',
    accountStatus: 'active',
    timeZone: 'UTC',
    currencyPreference: 'USD',
    tokenVersion: 1,
  }));
  let serial = 0;
  const subscription = (dueDate: string, userIndex: number, active: boolean) => {
    const id = `bench-sub-${serial++}`;
    const userId = `bench-${userIndex}`;
    return {
      pk: `USER#${userId}`,
      sk: `SUB#${id}`,
      id,
      userId,
      name: `Bench ${id}`,
      description: '',
      amount: 9.99,
      category: 'software',
      dueDate,
      billingCycle: 'monthly',
      autoRenew: false,
      status: active ? 'active' : 'canceled',
      deletedAt: null,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      ...(active ? { gsi1pk: `DUE#${dueDate}`, gsi1sk: `USER#${userId}#SUB#${id}` } : {}),
    };
  };
  const write = async (items: Record<string, unknown>[]) => {
    const batches = [];
    for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
    for (let i = 0; i < batches.length; i += 16) {
      await Promise.all(
        batches.slice(i, i + 16).map((batch) =>
          documents.send(new BatchWriteCommand({ RequestItems: { [stack.tableName]: batch.map((Item) => ({ PutRequest: { Item } })) } })),
        ),
      );
    }
  };
  await write(users);
  const reminderRows = [];
  let total = 0;
  const scenarios: Array<[number, string]> = quick ? [[10_000, '2040-01-10']] : [[10_000, '2040-01-10'], [100_000, '2041-01-10']];
  for (const [size, runDate] of scenarios) {
    const due = Array.from({ length: 1000 }, (_, i) => subscription(addDays(runDate, i % 2 ? 10 : 3), i % 100, true));
    const notDue = Array.from({ length: size - total - 1000 }, (_, i) =>
      subscription(addDays('2045-01-01', i % 3000), i % 100, i % 5 !== 0),
    );
    await write([...due, ...notDue]);
    total = size;
    const summary = await json(`${stack.url}/_local/reminders?date=${runDate}`, { method: 'POST' });
    reminderRows.push({
      subscriptions: size.toLocaleString('en-US'),
      due: summary.due,
      sent: summary.sent,
      'items read': summary.itemsRead,
      'items read / sent': (summary.itemsRead / Math.max(1, summary.sent)).toFixed(2),
      'run ms': summary.durationMs,
    });
  }
  table('Reminder job (1,000 due; DynamoDB Local + SES emulator)', reminderRows);
}

/** Gzipped JS of the landing page and the dashboard, and the dashboard with 1,000 subscriptions in Chromium. */
async function webSection(url: string) {
  const dist = join(projectRoot, 'web', 'dist');
  if (existsSync(join(dist, 'index.html'))) {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    const gz = (files: string[]) => (files.reduce((n, f) => n + gzipSync(readFileSync(join(dist, f))).length, 0) / 1024).toFixed(1);
    const assets = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    const dashboard = assets.filter((f) => /dashboard|subscriptions|recharts|chart/i.test(f)).map((f) => `assets/${f}`);
    table('Web bundles (gzip)', [
      { page: 'landing page (initial JS)', 'gzip KB': gz(initial), files: initial.length },
      { page: 'dashboard (its lazy chunks)', 'gzip KB': gz(dashboard), files: dashboard.length },
    ]);
    const browser = await dashboardTiming(url);
    if (browser) table('Dashboard with 1,000 subscriptions (Chromium, headless)', [browser]);
  } else {
    console.log('\n(web/dist missing: run `npm run build:web` for the web figures)');
  }
}

/** Loads /dashboard for a user with 1,000 subscriptions and times the first render, a search keystroke and paging. */
async function dashboardTiming(url: string) {
  const chromium = process.env.PLAYWRIGHT_CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromium)) return undefined;
  const username = `dash${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  await json(`${url}/api/auth/register`, { method: 'POST', body: JSON.stringify({ username, email, password: 'Secret123!' }) });
  const mailbox = (await json(`${process.env.AWS_ENDPOINT_URL_SES?.replace('127.0.0.1', 'localhost')}/store`)) as {
    emails: Array<{ destination: { to: string[] }; body: { text: string } }>;
  };
  const mail = mailbox.emails.find((m) => m.destination.to.includes(email));
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.body.text ?? '')?.[1];
  await fetch(`${url}/api/auth/verify-email/${token}`);
  const login = await json(`${url}/api/auth/login`, { method: 'POST', body: JSON.stringify({ username, password: 'Secret123!' }) });
  const headers = { authorization: `Bearer ${login.token}` };
  let created = 0;
  for (let i = 0; i < 1000; i += 50) {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, j) =>
        fetch(`${url}/api/subscriptions`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Service ${i + j}`, amount: 1 + ((i + j) % 40), category: 'software', dueDate: addDays('2031-01-01', (i + j) % 365) }),
        }),
      ),
    );
    created += answers.filter((answer) => answer.status === 201).length;
  }
  if (created !== 1000) throw new Error(`only ${created} of 1,000 subscriptions were created for the dashboard timing`);
  const { chromium: playwright } = await import('@playwright/test');
  const browser = await playwright.launch({
    executablePath: chromium,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${url}/login`);
    await page.evaluate(
      ([t, u]) => {
        const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
        storage.setItem('token', t);
        storage.setItem('user', u);
      },
      [login.token, JSON.stringify(login.user)],
    );
    const started = Date.now();
    await page.goto(`${url}/dashboard`);
    await page.getByText('Service 0', { exact: true }).first().waitFor({ timeout: 30_000 });
    const firstRender = Date.now() - started;
    const search = page.getByRole('searchbox').first();
    const t1 = Date.now();
    await search.fill('Service 99');
    // Service 99 and 990–999.
    await page.getByText('Showing 1–8 of 11').waitFor();
    const searchMs = Date.now() - t1;
    await search.fill('');
    await page.getByText('Showing 1–8 of 1000').waitFor();
    const pages = page.getByRole('navigation', { name: 'Subscription pages' });
    const t2 = Date.now();
    await pages.getByRole('button', { name: 'Next' }).click();
    await pages.getByText('Page 2 of 125').waitFor();
    const pagingMs = Date.now() - t2;
    return { 'first render ms': firstRender, 'search keystroke → result ms': searchMs, 'next page ms': pagingMs };
  } catch (error) {
    const screenshot = join(projectRoot, '.bench', 'dashboard-failure.png');
    await browser.contexts()[0]?.pages()[0]?.screenshot({ path: screenshot }).catch(() => undefined);
    console.log(`(dashboard timing failed: ${(error as Error).message.split('\n')[0]}; screenshot: ${screenshot})`);
    return undefined;
  } finally {
    await browser.close();
  }
}

await main();
