import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleOptionsFor, functionEntries } from '../../infra/bundling.js';
import { PASSWORD, signedInUser, stack } from './helpers.js';

/**
 * Session tokens name the key that signed them (`kid`, functions/lib/auth/jwt.ts): the bundled auth
 * function, with a signing key this test knows, against the local stack's DynamoDB. Rotation itself
 * (the previous key accepted, an older one refused, the cache) is in test/unit/signing-keys.test.ts.
 */
const JWT_SECRET = 'the-signing-key-of-the-signing-key-id-test';
let dir: string;
const bundleOf = (area: string) => join(dir, area, 'index.mjs');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'signing-key-id-'));
  // Login is in the auth area; the session check (GET /api/auth/me) has its own function.
  for (const area of ['auth', 'session'] as const) {
    const entry = functionEntries().find((fn) => fn.name === area)?.entry ?? '';
    await build({ ...bundleOptionsFor(area), entryPoints: [entry], outfile: bundleOf(area), logLevel: 'error' });
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Request {
  method: string;
  route: string;
  body?: unknown;
  token?: string;
}

/** Runs requests one after another in one fresh Node process holding the bundle, as API Gateway hands them over; their statuses and bodies. */
function invoke(requests: Request[], area: 'auth' | 'session' = 'auth'): Array<{ status: number; body: Record<string, any> }> {
  const events = requests.map((request) => ({
    version: '2.0',
    routeKey: `${request.method} ${request.route}`,
    rawPath: request.route,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...(request.token ? { authorization: `Bearer ${request.token}` } : {}) },
    requestContext: { requestId: 'kid', http: { method: request.method, path: request.route, sourceIp: '127.0.0.1', userAgent: 'test' } },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    isBase64Encoded: false,
  }));
  const script = `const { handler } = await import(${JSON.stringify(bundleOf(area))});
    const answers = [];
    for (const event of ${JSON.stringify(events)}) answers.push(await handler(event, { awsRequestId: 'kid' }));
    console.log(JSON.stringify(answers));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: stack.dynamoEndpoint,
      AWS_ENDPOINT_URL_SES: stack.mailboxUrl,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      TABLE_NAME: stack.tableName,
      PUBLIC_URL: 'http://localhost:3000',
      SENDER_EMAIL: 'reminders@example.com',
      SES_CONFIGURATION_SET: 'local',
      JWT_SECRET,
      LOG_LEVEL: 'error',
    },
  });
  const answers = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '[]') as Array<{ statusCode: number; body: string }>;
  expect(answers, run.stderr).toHaveLength(requests.length);
  return answers.map((answer) => ({ status: answer.statusCode, body: JSON.parse(answer.body) as Record<string, any> }));
}

describe('the key id in session tokens', () => {
  it('names the signing key, accepts a token signed before keys had ids, and refuses one naming a key it does not hold', async () => {
    const user = await signedInUser();
    const [signedIn] = invoke([{ method: 'POST', route: '/api/auth/login', body: { username: user.username, password: PASSWORD } }]);
    expect(signedIn.status).toBe(200);
    const token: string = signedIn.body.token;
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', kid: 'local' });

    const claims = decodeJwt(token);
    const resigned = (header: { alg: 'HS256'; kid?: string }, secret = JWT_SECRET) =>
      new SignJWT(claims).setProtectedHeader(header).sign(new TextEncoder().encode(secret));
    const me = (token: string): Request => ({ method: 'GET', route: '/api/auth/me', token });
    const answers = invoke(
      [
        me(token),
        me(await resigned({ alg: 'HS256' })),
        me(await resigned({ alg: 'HS256', kid: 'an-older-key' })),
        me(await resigned({ alg: 'HS256', kid: 'local' }, 'another-key-of-at-least-thirty-two-characters')),
      ],
      'session',
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 401]);
    expect(answers[0].body.username).toBe(user.username);
  });
});
