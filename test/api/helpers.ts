import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect, inject, vi } from 'vitest';
import type { LandingCounts, LandingStats } from '../../shared/api/stats.js';
import type { StackAddresses } from '../stacks/index.js';

/** Test helpers that talk to the local stack the way an API client does: over HTTP. */

/**
 * This file's local stack: the one of its vitest worker (VITEST_POOL_ID), which no other file uses while
 * this one runs (test/api/global-setup.ts starts it the first time a file of that worker asks).
 */
export const stack: StackAddresses = await (async () => {
  const worker = process.env.VITEST_POOL_ID;
  if (!worker) throw new Error('VITEST_POOL_ID is not set: the API tests run in vitest workers (npx vitest run --project api).');
  const answer = await fetch(`${inject('stackLender')}/stacks/${worker}`);
  if (!answer.ok) throw new Error(`No local stack for this worker: ${await answer.text()}`);
  return (await answer.json()) as StackAddresses;
})();

export const apiUrl = () => stack.url;

/**
 * For a file that runs functions in its own process (the reminder pipeline, the directory upgrade): sets their
 * environment (the stack's, then `variables`) and has the file's next imports load the functions' modules afresh.
 * The files of a worker share its process and module graph (vitest.config.ts, `isolate: false`), and the functions
 * keep their configuration, clients and caches in their modules from the first call. Answers the function that
 * puts the environment back, for the file's afterAll.
 */
export function runFunctionsInThisProcess(variables: Record<string, string>): () => void {
  const before = { ...process.env };
  Object.assign(process.env, stack.functionsEnvironment, variables);
  vi.resetModules();
  return () => {
    for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
    Object.assign(process.env, before);
  };
}

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = Record<string, any>>(
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(apiUrl() + path, {
    method,
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = { raw: text };
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

/**
 * Like `call`, but from a given loopback address: every 127.x.y.z reaches the local stack on Linux,
 * and binding the client side to one gives the request that client address.
 */
export function callFrom<T = Record<string, any>>(
  address: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const url = new URL(path, apiUrl());
  const payload = options.body === undefined ? '' : JSON.stringify(options.body);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(payload)),
    ...options.headers,
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: url.port, path: url.pathname, method, localAddress: address, agent: false, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') answerHeaders.set(name, value);
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as T, headers: answerHeaders });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The functions' clock on the local stack (local/clock.ts), in milliseconds since the epoch. */
export async function stackClock(): Promise<number> {
  const answer = await call<{ nowMs: number }>('GET', '/_local/clock');
  expect(answer.status).toBe(200);
  return answer.body.nowMs;
}

/**
 * Moves the local stack's clock `ms` forward (what fell due meanwhile runs before the answer): a TOTP
 * step or a throttle window is advanced, not waited for. Answers the new time. A stack serves one
 * file at a time, but the files before it on that stack moved its clock too: the clock only moves
 * forward, and tests read it (stackClock) rather than assume it.
 */
export async function moveStackClock(ms: number): Promise<number> {
  const answer = await call<{ nowMs: number }>('POST', `/_local/clock?ms=${Math.ceil(ms)}`);
  expect(answer.status).toBe(200);
  return answer.body.nowMs;
}

let counter = 0;
/** A username no other test uses. */
export const uniqueName = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;
export const PASSWORD = 'Secret123!';

export interface Mail {
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

export async function mailsTo(address: string): Promise<Mail[]> {
  const response = await fetch(`${stack.mailboxUrl}/store`);
  const { emails } = (await response.json()) as { emails: Mail[] };
  return emails.filter((m) => m.destination.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

/** The token of the last link of `kind` ('verify-email' | 'reset-password') mailed to the address. */
export async function linkToken(address: string, kind: 'verify-email' | 'reset-password'): Promise<string> {
  const mails = await mailsTo(address);
  const last = mails.at(-1);
  expect(last, `a mail to ${address}`).toBeDefined();
  const match = new RegExp(`(https?://[^\\s"<]+)/${kind}\\?token=([A-Za-z0-9_-]+)`).exec(last?.body.text ?? '');
  expect(match, `a ${kind} link in the mail`).not.toBeNull();
  return (match as RegExpExecArray)[2];
}

let client: DynamoDBDocumentClient | undefined;
/** Direct table access, for what no API can do yet: setting roles, ageing tokens and deletions. */
export function table() {
  client ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack.dynamoEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  return { client, name: stack.tableName };
}

export async function getItem(pk: string, sk: string) {
  const { client, name } = table();
  const { Item } = await client.send(new GetCommand({ TableName: name, Key: { pk, sk } }));
  return Item;
}

export async function setAttributes(pk: string, sk: string, attributes: Record<string, unknown>) {
  const { client, name } = table();
  const entries = Object.entries(attributes);
  await client.send(
    new UpdateCommand({
      TableName: name,
      Key: { pk, sk },
      UpdateExpression: `SET ${entries.map((_, i) => `#a${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#a${i}`, k])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
    }),
  );
}

export const tokenKey = (token: string) => ({ pk: `TOKEN#${createHash('sha256').update(token).digest('hex')}`, sk: 'TOKEN' });

export interface SignedInUser {
  id: string;
  username: string;
  email: string;
  token: string;
}

/** POST /api/auth/login as a client signs in (`extra` adds fields, e.g. a remembered device's token): the answer. */
export const login = (username: string, password = PASSWORD, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/auth/login', { body: { username, password, ...extra } });

/** GET /api/auth/me, the session check, with a token (and `headers`, e.g. If-None-Match): the answer. */
export const me = (token: string, headers: Record<string, string> = {}) => call('GET', '/api/auth/me', { token, headers });

let ownerToken: string | undefined;
/**
 * Forgets the seeded owner's token: each file signs the owner in again (test/api/setup.ts), since the files
 * before it on its worker's stack may have moved the clock past the token's life or ended its sessions.
 */
export function forgetOwnerSession(): void {
  ownerToken = undefined;
}
/** The seeded owner's token (signed in once per file, again if a test ended its sessions). */
export async function ownerSession(fresh = false): Promise<string> {
  if (!ownerToken || fresh) {
    const answer = await login('owner', 'Owner123!');
    expect(answer.status).toBe(200);
    ownerToken = answer.body.token as string;
  }
  return ownerToken;
}

/** Sets a role the way the product does (the admin console), so the per-role counters stay exact. */
export async function setRoleAsOwner(userId: string, role: string): Promise<void> {
  let answer = await call('PUT', `/api/auth/users/${userId}/role`, { token: await ownerSession(), body: { role } });
  if (answer.status === 401)
    answer = await call('PUT', `/api/auth/users/${userId}/role`, { token: await ownerSession(true), body: { role } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** Registers, verifies by the mailed link and signs in: a ready member (with `role` set by the owner). */
export async function signedInUser(role?: string): Promise<SignedInUser> {
  const username = uniqueName();
  const email = `${username}@example.com`;
  const registered = await call('POST', '/api/auth/register', { body: { username, email, password: PASSWORD } });
  expect(registered.status).toBe(201);
  const verified = await call('GET', `/api/auth/verify-email/${await linkToken(email, 'verify-email')}`);
  expect(verified.status).toBe(200);
  if (role) await setRoleAsOwner(registered.body.userId, role);
  const signedIn = await login(username);
  expect(signedIn.status).toBe(200);
  return { id: registered.body.userId, username, email, token: signedIn.body.token };
}

/**
 * GET /api/stats's counters: the API test stack shows them from the first account
 * (test/api/global-setup.ts `landingCountersMinUsers: 0`), so an answer without figures fails here.
 */
export async function landingCounts(): Promise<LandingCounts> {
  const answer = await call<LandingStats>('GET', '/api/stats');
  expect(answer.status).toBe(200);
  if (!answer.body.showFigures) throw new Error(`GET /api/stats gave no figures: ${JSON.stringify(answer.body)}`);
  const { showFigures: _shown, ...counts } = answer.body;
  return counts;
}

/** Asks `check` until it answers something other than undefined, for at most `ms`: a wait for a condition, never for time. */
export async function eventually<T>(check: () => Promise<T | undefined>, what: string, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Still waiting after ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** What a browser gets from S3 for its POST: the status and, for a refusal, S3's error code. */
export interface PostedUpload {
  status: number;
  code?: string;
}

/** Posts a picture the way the browser does: the ticket's fields first, the file last. */
export async function postToBucket(
  ticket: { url: string; fields: Record<string, string> },
  bytes: Uint8Array,
  type: string,
): Promise<PostedUpload> {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', new Blob([bytes], { type }), 'avatar');
  const response = await fetch(ticket.url, { method: 'POST', body: form });
  const text = await response.text();
  return { status: response.status, code: /<Code>([^<]+)<\/Code>/.exec(text)?.[1] };
}

/**
 * The whole avatar upload of the browser (POST /auth/avatar/upload, the POST to the bucket, then the
 * outcome until it is settled): the ticket's answer when it was refused, S3's when it refused the
 * file, else the outcome.
 */
export async function uploadAvatar(
  token: string,
  bytes: Uint8Array,
  contentType: string,
): Promise<{ ticket: ApiAnswer<Record<string, any>>; posted?: PostedUpload; outcome?: Record<string, any> }> {
  const ticket = await call('POST', '/api/auth/avatar/upload', { token, body: { contentType } });
  if (ticket.status !== 200) return { ticket };
  const posted = await postToBucket(ticket.body as { url: string; fields: Record<string, string> }, bytes, contentType);
  if (posted.status >= 300) return { ticket, posted };
  const outcome = await eventually(async () => {
    const answer = await call('GET', `/api/auth/avatar/uploads/${ticket.body.uploadId}`, { token });
    expect(answer.status).toBe(200);
    return answer.body.status === 'pending' ? undefined : answer.body;
  }, 'the upload to be checked');
  return { ticket, posted, outcome };
}
