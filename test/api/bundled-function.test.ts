import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_THROUGH_THE_SITE } from '../../functions/lib/chassis/origin.js';
import { MAIL_REQUESTS_BY_CLIENT } from '../../functions/lib/throttles/throttle.js';
import { bundleOptionsFor, functionEntries } from '../../infra/bundling.js';
import { authMessages } from '../../shared/api/auth-messages.js';
import { EDGE_HEADERS } from '../../shared/api/edge.js';
import { apiUrl, call, linkToken, mailsTo, PASSWORD, postToBucket, setAttributes, signedInUser, stack, uniqueName } from './helpers.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==', 'base64');

/**
 * Functions as deployed: bundled with the stack's options (the SDK modules BUNDLE_ALIASES replaces
 * swapped for ours), each call run in a fresh Node process whose only credentials are Lambda's
 * environment variables, against the local stack's DynamoDB and SES emulator.
 */
let dir: string;
const bundles: Record<string, string> = {};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bundled-function-'));
  // The five builds at once: esbuild's work of one overlaps the others' reading of files.
  await Promise.all(
    functionEntries()
      .filter((fn) => ['stats', 'auth', 'session', 'account', 'avatars'].includes(fn.name))
      .map(({ name, entry }) => {
        bundles[name] = join(dir, name, 'index.mjs');
        return build({ ...bundleOptionsFor(name), entryPoints: [entry], outfile: bundles[name], logLevel: 'error' });
      }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LAMBDA_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local', AWS_SESSION_TOKEN: 'session' };

interface Request {
  method: string;
  /** The contract's path template, e.g. `/api/auth/verify-email/{token}`. */
  route: string;
  path: string;
  body?: unknown;
  token?: string;
  ifNoneMatch?: string;
  headers?: Record<string, string>;
}

/** Runs a script in a new Node process with only the given environment; its output once it exits. */
function runNode(script: string, env: Record<string, string | undefined>): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', () => resolve({ stdout, stderr }));
  });
}

/** Invokes a bundle's handler with one request as API Gateway (HTTP API, payload 2.0) hands it over; its answer and log lines. */
async function invoke(
  fn: string,
  request: Request,
  credentials: Record<string, string> = LAMBDA_CREDENTIALS,
  settings: Record<string, string> = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...request.headers };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  const event = apiEvent(request, headers);
  const run = await runBundle(fn, event, credentials, settings);
  const lines = run.stdout.trim().split('\n');
  const answer = JSON.parse(lines.at(-1) ?? '{}') as { statusCode: number; headers?: Record<string, string>; body: string };
  return {
    status: answer.statusCode,
    headers: answer.headers ?? {},
    raw: answer.body,
    body: JSON.parse(answer.body || '{}') as Record<string, any>,
    log: run.stderr,
  };
}

function apiEvent(request: Request, headers: Record<string, string>) {
  if (request.ifNoneMatch) headers['if-none-match'] = request.ifNoneMatch;
  const routeKey = `${request.method} ${request.route}`;
  const event = {
    version: '2.0',
    routeKey,
    rawPath: request.path,
    rawQueryString: '',
    headers,
    requestContext: {
      requestId: 'bundled',
      routeKey,
      http: { method: request.method, path: request.path, sourceIp: '127.0.0.1', userAgent: 'test' },
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    isBase64Encoded: false,
  };
  return event;
}

/** Runs a bundle's handler on one event in a fresh Node process with Lambda's environment only. */
async function runBundle(
  fn: string,
  event: unknown,
  credentials: Record<string, string> = LAMBDA_CREDENTIALS,
  settings: Record<string, string> = {},
) {
  const script = `const { handler } = await import(${JSON.stringify(bundles[fn])});
    console.log(JSON.stringify(await handler(${JSON.stringify(event)}, { awsRequestId: 'bundled' })));`;
  // Run without blocking this process: the local stack's keep-alive connections stay served meanwhile.
  // Nothing from this machine: no ~/.aws files, no inherited AWS variables.
  const run = await runNode(script, {
    PATH: process.env.PATH,
    HOME: dir,
    AWS_REGION: 'us-east-1',
    AWS_ENDPOINT_URL_DYNAMODB: stack.dynamoEndpoint,
    AWS_ENDPOINT_URL_SES: stack.mailboxUrl,
    AWS_ENDPOINT_URL_S3: stack.s3Endpoint,
    AVATARS_BUCKET: 'avatars',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    TABLE_NAME: stack.tableName,
    PUBLIC_URL: 'http://localhost:3000',
    SENDER_EMAIL: 'reminders@example.com',
    SES_CONFIGURATION_SET: 'local',
    JWT_SECRET: 'a-secret-of-the-bundled-function-test',
    LOG_LEVEL: 'error',
    // As the local stack it answers like (test/api/global-setup.ts): the landing counters from the first account.
    LANDING_COUNTERS_MIN_USERS: '0',
    ...credentials,
    ...settings,
  });
  return run;
}

const stats = { method: 'GET', route: '/api/stats', path: '/api/stats' };

describe('a bundled function', () => {
  it('reads the table with the credentials Lambda puts in the environment', async () => {
    const answer = await invoke('stats', stats);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual((await call('GET', '/api/stats')).body);
  });

  it('says that the environment credentials are missing, and looks nowhere else', async () => {
    const { status, log } = await invoke('stats', stats, {});
    expect(status).toBe(500);
    expect(log).toContain('No AWS credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set');
  });

  it('registers a user, mails the verification link through SES, verifies it and signs the user in', async () => {
    const username = uniqueName('bundled');
    const email = `${username}@example.com`;
    const registered = await invoke('auth', {
      method: 'POST',
      route: '/api/auth/register',
      path: '/api/auth/register',
      body: { username, email, password: PASSWORD },
    });
    expect(registered.status).toBe(201);

    const [mail] = await mailsTo(email);
    expect(mail?.body.text).toContain('http://localhost:3000/verify-email?token=');
    const token = await linkToken(email, 'verify-email');
    const verifyPath = `/api/auth/verify-email/${token}`;
    const verified = await invoke('auth', { method: 'GET', route: '/api/auth/verify-email/{token}', path: verifyPath });
    expect(verified).toMatchObject({ status: 200, body: { message: authMessages.emailVerified } });

    const signedIn = await invoke('auth', {
      method: 'POST',
      route: '/api/auth/login',
      path: '/api/auth/login',
      body: { username, password: PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ username, email, emailVerified: true });

    // The session check runs in its own small function, and answers an unchanged user 304.
    const me = await invoke('session', { method: 'GET', route: '/api/auth/me', path: '/api/auth/me', token: signedIn.body.token });
    expect(me).toMatchObject({ status: 200, body: { username, email } });
    const again = await invoke('session', {
      method: 'GET',
      route: '/api/auth/me',
      path: '/api/auth/me',
      token: signedIn.body.token,
      ifNoneMatch: me.headers.etag,
    });
    expect(again, again.log).toMatchObject({ status: 304, raw: '' });

    const wrongPassword = await invoke('auth', {
      method: 'POST',
      route: '/api/auth/login',
      path: '/api/auth/login',
      body: { username, password: `${PASSWORD}x` },
    });
    expect(wrongPassword.status).toBe(401);
  });

  it("signs an avatar upload with Lambda's credentials that the S3 emulator's POST checks accept", async () => {
    const user = await signedInUser();
    const signedIn = await invoke('auth', {
      method: 'POST',
      route: '/api/auth/login',
      path: '/api/auth/login',
      body: { username: user.username, password: PASSWORD },
    });
    const ticket = await invoke(
      'account',
      {
        method: 'POST',
        route: '/api/auth/avatar/upload',
        path: '/api/auth/avatar/upload',
        body: { contentType: 'image/png' },
        token: signedIn.body.token,
      },
      LAMBDA_CREDENTIALS,
      { AVATARS_UPLOAD_URL: stack.avatarUploadUrl },
    );
    expect(ticket, ticket.log).toMatchObject({ status: 200, body: { fields: { 'x-amz-security-token': 'session' } } });
    expect(await postToBucket(ticket.body as { url: string; fields: Record<string, string> }, PNG, 'image/png')).toEqual({ status: 204 });
  });

  it("deletes a deleted user's avatars with the S3 client and checksum module the avatar bundle keeps", async () => {
    const userId = crypto.randomUUID();
    const key = `avatars/${userId}/${crypto.randomUUID()}.png`;
    const s3 = new S3Client({
      endpoint: stack.s3Endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await s3.send(new PutObjectCommand({ Bucket: 'avatars', Key: key, Body: PNG, ContentType: 'image/png' }));
    expect((await fetch(`${apiUrl()}/${key}`)).status).toBe(200);
    const removal = { Records: [{ eventName: 'REMOVE', dynamodb: { Keys: { pk: { S: `USER#${userId}` }, sk: { S: 'PROFILE' } } } }] };
    const run = await runBundle('avatars', removal);
    expect(JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}'), run.stderr).toEqual({ usersCleaned: 1 });
    expect((await fetch(`${apiUrl()}/${key}`)).status).toBe(404);
  });
});

describe('a bundled function in the cloud, behind CloudFront', () => {
  const ORIGIN_SECRET = 'the-origin-secret-cloudfront-sends-in-this-test';
  const cloud = (fn: string, request: Request) => invoke(fn, request, LAMBDA_CREDENTIALS, { ORIGIN_SECRET });
  const throughCloudFront = (headers: Record<string, string> = {}) => ({ [EDGE_HEADERS.originSecret]: ORIGIN_SECRET, ...headers });

  it('refuses a request without the origin secret with 403, so CloudFront and its WAF cannot be bypassed', async () => {
    const refused = { status: 403, body: { message: NOT_THROUGH_THE_SITE } };
    expect(await cloud('stats', stats)).toMatchObject(refused);
    expect(await cloud('stats', { ...stats, headers: { [EDGE_HEADERS.originSecret]: `${ORIGIN_SECRET}x` } })).toMatchObject(refused);
    expect(await cloud('stats', { ...stats, headers: { [EDGE_HEADERS.originSecret]: '' } })).toMatchObject(refused);
    const served = await cloud('stats', { ...stats, headers: throughCloudFront() });
    expect(served.status).toBe(200);
    expect(served.body).toEqual((await call('GET', '/api/stats')).body);
  });

  it("counts a request by CloudFront's viewer address once the secret matched (an IPv6 viewer by its /64), never by the header alone", async () => {
    // Two viewers that have used up the hour's sign-ups and mail requests (functions/lib/throttles/throttle.ts),
    // in this hour's window and the next one: the test holds if the hour ends while it runs (the bundle
    // runs on the system clock, not the stack's, so nothing is waited for and nothing is advanced).
    const { windowSeconds } = MAIL_REQUESTS_BY_CLIENT;
    const windowStart = Math.floor(Date.now() / 1000 / windowSeconds) * windowSeconds;
    const usedUp = async (key: string) => {
      for (const start of [windowStart, windowStart + windowSeconds]) {
        await setAttributes(`THROTTLE#${MAIL_REQUESTS_BY_CLIENT.scope}#${key}#${start}`, 'THROTTLE', {
          count: MAIL_REQUESTS_BY_CLIENT.limit,
          expiresAt: start + windowSeconds,
        });
      }
    };
    await usedUp('198.51.100.77');
    await usedUp('2001:db8:77:0::/64');

    const forgot = (headers: Record<string, string>) =>
      cloud('auth', {
        method: 'POST',
        route: '/api/auth/forgot-password',
        path: '/api/auth/forgot-password',
        body: { email: `${uniqueName('nobody')}@example.com` },
        headers,
      });
    const throttled = { status: 429, body: { message: authMessages.tooManyRequestsFromAddress } };
    expect(await forgot(throughCloudFront({ [EDGE_HEADERS.viewerAddress]: '198.51.100.77:50123' }))).toMatchObject(throttled);
    expect(await forgot(throughCloudFront({ [EDGE_HEADERS.viewerAddress]: '2001:db8:77::abcd:443' }))).toMatchObject(throttled);
    expect(await forgot(throughCloudFront({ [EDGE_HEADERS.viewerAddress]: '[2001:db8:77:0:1::2]:443' }))).toMatchObject(throttled);
    expect((await forgot(throughCloudFront({ [EDGE_HEADERS.viewerAddress]: '198.51.100.78:50123' }))).status).toBe(200);
    // Without the secret there is no answer at all, whatever viewer address the request names.
    expect((await forgot({ [EDGE_HEADERS.viewerAddress]: '198.51.100.78:50123' })).status).toBe(403);
  });
});
