import type { Context } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { configProblems } from '../../functions/lib/chassis/config.js';
import { HttpError } from '../../functions/lib/chassis/errors.js';
import { withETag } from '../../functions/lib/chassis/etag.js';
import { type ApiEvent, type ApiResult, corsHeaders, createApiHandler, signedInApi } from '../../functions/lib/chassis/http.js';
import type { Logger } from '../../functions/lib/chassis/log.js';
import {
  AGAIN,
  backoffMs,
  RETRY_POLICIES,
  RetriesExhaustedError,
  type RetryKind,
  retryLeftovers,
  retryOnError,
  retryUntil,
} from '../../functions/lib/chassis/retry.js';
import { authMessages } from '../../shared/api/auth.js';
import { sessionRoutes } from '../../shared/api/session.js';
import { setFunctionEnv } from './function-env.js';

/**
 * The chassis accepts both API Gateway payload formats (HTTP API 2.0 in AWS and the local stack,
 * REST API 1.0 on LocalStack). These requests are answered before any AWS call, so no emulator is needed.
 */
let handler: (event: ApiEvent, context: Context) => Promise<ApiResult>;
/** The LocalStack deployment's S3 website, on another origin than the API. */
const SITE_ORIGIN = 'http://site-bucket.s3-website.localhost.localstack.cloud:4566';

beforeAll(async () => {
  setFunctionEnv({
    CORS_ALLOWED_ORIGIN: SITE_ORIGIN,
  });
  ({ handler } = await import('../../functions/auth/handler.js'));
});

const context = { awsRequestId: 'unit-request' } as Context;

const v2 = (method: string, path: string, body?: string): ApiEvent => ({
  version: '2.0',
  rawPath: path,
  requestContext: { requestId: 'r2', http: { method, path, sourceIp: '127.0.0.1' } },
  headers: { 'content-type': 'application/json' },
  body,
  isBase64Encoded: false,
});

const v1 = (method: string, path: string, body?: string): ApiEvent => ({
  httpMethod: method,
  path,
  requestContext: { requestId: 'r1', identity: { sourceIp: '127.0.0.1' } },
  headers: { 'Content-Type': 'application/json' },
  body: body ?? null,
  isBase64Encoded: false,
});

describe.each([
  ['HTTP API payload 2.0', v2],
  ['REST API payload 1.0', v1],
])('%s', (_name, event) => {
  it('routes by method and path and validates the body with the contract schema', async () => {
    const result = await handler(event('POST', '/api/auth/register', JSON.stringify({ email: 'a@b.co', password: 'x' })), context);
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body)).toEqual({ message: 'Username is required' });
    expect(result.headers['content-type']).toContain('application/json');
    expect(result.headers['x-content-type-options']).toBe('nosniff');
  });

  it('fills path parameters', async () => {
    const result = await handler(event('GET', '/api/auth/verify-email/short'), context);
    expect(JSON.parse(result.body)).toEqual({ message: authMessages.verificationInvalid });
  });

  it('answers 401 without a session on a user route, and 404 for an unknown route', async () => {
    expect((await handler(event('POST', '/api/auth/logout-all'), context)).statusCode).toBe(401);
    // Logout needs no live session: it ends the one its token names, if any (issue 21 §6).
    const logout = await handler(event('POST', '/api/auth/logout'), context);
    expect(logout).toMatchObject({ statusCode: 204, body: '' });
    expect(logout.headers).not.toHaveProperty('content-type');
    const missing = await handler(event('GET', '/api/auth/nothing-here'), context);
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.body)).toEqual({ message: 'Not found' });
  });

  it("lets the site's origin read every answer, refusals included (CORS_ALLOWED_ORIGIN)", async () => {
    for (const result of [
      await handler(event('POST', '/api/auth/register', '{}'), context),
      await handler(event('POST', '/api/auth/logout'), context),
      await handler(event('GET', '/api/auth/nothing-here'), context),
    ]) {
      expect(result.headers['access-control-allow-origin']).toBe(SITE_ORIGIN);
      // The session check's ETag is readable there, so the SPA can send it back as If-None-Match.
      expect(result.headers['access-control-expose-headers']).toBe('ETag');
      expect(result.headers.vary).toBe('Origin');
    }
  });

  it('decodes a base64 body', async () => {
    const body = Buffer.from('{"username":"ab"}').toString('base64');
    const result = await handler({ ...event('POST', '/api/auth/register', body), isBase64Encoded: true }, context);
    expect(JSON.parse(result.body)).toEqual({ message: 'Username must be at least 3 characters long' });
  });
});

describe('an etag route', () => {
  it('needs withETag: a function serving one without it stops at cold start', () => {
    expect(() => createApiHandler(sessionRoutes, { me: async () => ({}) as never })).toThrow(/needs withETag/);
  });

  it('adds the ETag of the exact body, and answers 304 with no body when If-None-Match names it', () => {
    const answer = () => ({
      statusCode: 200,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
      body: '{"a":1}',
    });
    const etag = withETag(answer(), undefined).headers.etag;
    expect(etag).toMatch(/^"[\w-]{43}"$/);
    expect(withETag(answer(), '"other"')).toMatchObject({ statusCode: 200, body: '{"a":1}' });
    for (const ifNoneMatch of [etag, `"other", W/${etag}`, '*']) {
      const notModified = withETag(answer(), ifNoneMatch);
      expect(notModified).toEqual({ statusCode: 304, headers: { 'cache-control': 'no-store', etag }, body: '' });
    }
    expect(withETag({ ...answer(), body: '{"a":2}' }, etag).statusCode).toBe(200);
  });
});

describe('CORS_ALLOWED_ORIGIN', () => {
  it('adds no CORS header when unset: in the cloud the site and the API share one origin', () => {
    expect(corsHeaders(undefined)).toEqual({});
  });

  it('stops the function at cold start unless it is a bare origin', () => {
    for (const bad of ['site.example', 'http://site.example/', 'http://site.example/app', '*']) {
      expect(() => corsHeaders(bad)).toThrow(/CORS_ALLOWED_ORIGIN must be an origin/);
    }
  });
});

describe('function configuration', () => {
  const valid = {
    TABLE_NAME: 'table',
    PUBLIC_URL: 'https://tracker.example',
    SENDER_EMAIL: 'reminders@tracker.example',
    SES_CONFIGURATION_SET: 'tracker-mail',
  };

  it('accepts what the stack sets', () => {
    expect(configProblems(valid)).toEqual([]);
    expect(configProblems({ ...valid, JWT_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent', AVATARS_BUCKET: 'avatars' })).toEqual([]);
    for (const cost of ['4', '10', '31']) expect(configProblems({ ...valid, BCRYPT_COST: cost })).toEqual([]);
    for (const min of ['0', '100', '1000000000']) expect(configProblems({ ...valid, LANDING_COUNTERS_MIN_USERS: min })).toEqual([]);
  });

  it('takes LANDING_COUNTERS_MIN_USERS as a whole number of accounts only', () => {
    for (const bad of ['-1', '2.5', 'many', '', '1000000001']) {
      expect(configProblems({ ...valid, LANDING_COUNTERS_MIN_USERS: bad })).toEqual([
        `LANDING_COUNTERS_MIN_USERS: must be a whole number from 0 to 1000000000 (got "${bad}")`,
      ]);
    }
  });

  it('names each variable that is missing or wrong, never echoing the secret', () => {
    expect(
      configProblems({
        PUBLIC_URL: 'tracker.example',
        SENDER_EMAIL: 'nobody',
        SES_CONFIGURATION_SET: 'no spaces',
        JWT_SECRET: 'short-secret',
        LOG_LEVEL: 'loud',
        JWT_SECRET_ARN: '',
        BCRYPT_COST: '3',
      }),
    ).toEqual([
      'TABLE_NAME: must be set (got nothing)',
      'PUBLIC_URL: must be an http(s) URL (got "tracker.example")',
      'SENDER_EMAIL: must be an e-mail address (got "nobody")',
      'SES_CONFIGURATION_SET: must be an SES configuration set name (got "no spaces")',
      'JWT_SECRET: must be at least 32 characters',
      'JWT_SECRET_ARN: must not be empty (got "")',
      'BCRYPT_COST: must be a whole number from 4 to 31 (got "3")',
      'LOG_LEVEL: must be one of debug, info, warn, error, silent (got "loud")',
    ]);
  });
});

describe('path parameters', () => {
  it('a route whose path parameter has no shape in PATH_PARAMETER_PATTERNS does not build', () => {
    const routes = { thing: { method: 'GET', path: '/api/things/{thing}', area: 'stats', access: 'public', body: undefined } } as const;
    expect(() => createApiHandler(routes, { thing: async () => ({}) as never })).toThrow(
      'Path parameter {thing} of /api/things/{thing} has no shape in PATH_PARAMETER_PATTERNS',
    );
  });
});

/** Issue 25 §3: a route with a `contentType` (the calendar feed) answers its handler's text as it is; refusals stay JSON. */
describe('a text route', () => {
  const routes = {
    feed: {
      method: 'GET',
      path: '/api/calendar/{feedFile}',
      area: 'calendar',
      access: 'public',
      body: undefined,
      contentType: 'text/calendar; charset=utf-8',
      etag: true,
      cacheControl: 'private, max-age=900',
      badParameter: { status: 404, message: 'No such feed' },
    },
  } as const;
  const text = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
  const feedHandler = createApiHandler(routes, { feed: async () => text as never }, withETag);
  const file = `${'a'.repeat(43)}.ics`;

  it('sends the text with its content type, its ETag and its Cache-Control; If-None-Match gives 304', async () => {
    const answer = await feedHandler(v2('GET', `/api/calendar/${file}`), context);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(text);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('private, max-age=900');
    const again = await feedHandler({ ...v2('GET', `/api/calendar/${file}`), headers: { 'if-none-match': answer.headers.etag } }, context);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('refuses a malformed file name with JSON { message }', async () => {
    const answer = await feedHandler(v2('GET', '/api/calendar/short.ics'), context);
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.body)).toEqual({ message: 'No such feed' });
  });
});

/**
 * Issue 40 §2: the chassis knows no domain. Signing in is the steps a function passes (lib/auth/signed-in-api.ts
 * composes the session check and the membership settling); a function that has signed-in routes and none stops at cold start.
 */
describe('signing in', () => {
  const routes = {
    open: { method: 'GET', path: '/api/things/open', area: 'stats', access: 'public', body: undefined },
    mine: { method: 'GET', path: '/api/things/mine', area: 'stats', access: 'user', body: undefined },
    all: { method: 'GET', path: '/api/things/all', area: 'stats', access: 'admin', body: undefined },
  } as const;
  interface Member {
    id: string;
    role: string;
    tier: string;
  }
  const signedIn = (token: string | undefined) => ({ ...v2('GET', '/api/things/mine'), headers: token ? { authorization: token } : {} });

  function build() {
    const ran: string[] = [];
    const check = async (headers: Record<string, string>) => {
      ran.push(`check ${headers.authorization ?? ''}`);
      if (headers.authorization !== 'Bearer good') throw new HttpError(401, 'Please sign in');
      return { user: { id: 'u1', role: 'member', tier: 'free' } as Member, sessionId: 's1' };
    };
    const settle = async (user: Member) => {
      ran.push(`settle ${user.tier}`);
      return { ...user, tier: 'premium' };
    };
    const handler = signedInApi(check, settle)(routes, {
      open: async ({ user }) => ({ user: user ?? null }) as never,
      mine: async ({ user, sessionId }) => ({ tier: user.tier, sessionId }) as never,
      all: async () => ({}) as never,
    });
    return { ran, handler };
  }

  it('a function with a signed-in route and no sign-in steps does not build', () => {
    expect(() =>
      createApiHandler(routes, { open: async () => ({}) as never, mine: async () => ({}) as never, all: async () => ({}) as never }),
    ).toThrow('A signed-in route needs signIn');
    const stats = { landing: { ...routes.open, optionalSignIn: true } } as const;
    expect(() => createApiHandler(stats, { landing: async () => ({}) as never })).toThrow('A signed-in route needs signIn');
  });

  it("runs the steps in order and hands the last step's user to the route", async () => {
    const { ran, handler } = build();
    const answer = await handler(signedIn('Bearer good'), context);
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ tier: 'premium', sessionId: 's1' });
    expect(ran).toEqual(['check Bearer good', 'settle free']);
  });

  it("answers the check's refusal as { message }, and runs no later step", async () => {
    const { ran, handler } = build();
    const answer = await handler(signedIn('Bearer bad'), context);
    expect(answer.statusCode).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ message: 'Please sign in' });
    expect(ran).toEqual(['check Bearer bad']);
  });

  it('refuses an admin route to a member with 403, and runs no step on a public route', async () => {
    const { ran, handler } = build();
    const admin = await handler({ ...v2('GET', '/api/things/all'), headers: { authorization: 'Bearer good' } }, context);
    expect(admin.statusCode).toBe(403);
    expect(JSON.parse(admin.body)).toEqual({ message: authMessages.adminOnly });
    ran.length = 0;
    const open = await handler(v2('GET', '/api/things/open'), context);
    expect(JSON.parse(open.body)).toEqual({ user: null });
    expect(ran).toEqual([]);
  });
});

/** Issue 40 §2: one retry helper (functions/lib/chassis/retry.ts) for every loop that tries again. */
describe('the retry helper', () => {
  function recorder() {
    const lines: Array<{ msg: string } & Record<string, unknown>> = [];
    const write = (msg: string, fields?: Record<string, unknown>) => void lines.push({ msg, ...fields });
    const log = { debug: write, info: write, warn: write, error: write, child: () => log } as Logger;
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    return { lines, waits, options: { log, sleep } };
  }

  it('backs off exponentially with full jitter, up to the kind’s ceiling', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffMs('unprocessed', n, () => 0.999999))).toEqual([49, 99, 199, 399, 799, 999, 999]);
    expect(backoffMs('unprocessed', 3, () => 0)).toBe(0);
    expect(backoffMs('unprocessed', 3, () => 0.5)).toBe(100);
    for (const kind of Object.keys(RETRY_POLICIES) as RetryKind[]) {
      const { attempts, maxMs } = RETRY_POLICIES[kind];
      expect(attempts).toBeGreaterThan(1);
      expect(backoffMs(kind, 30, () => 0.999999)).toBeLessThan(maxMs);
    }
  });

  it('sends the leftovers again until none is left, and logs each attempt’s number', async () => {
    const { lines, waits, options } = recorder();
    const sent: number[][] = [];
    await retryLeftovers(
      'unprocessed',
      'test batch',
      [1, 2, 3],
      async (entries) => {
        sent.push(entries);
        return entries.slice(1);
      },
      { ...options, random: () => 0.5 },
    );
    expect(sent).toEqual([[1, 2, 3], [2, 3], [3]]);
    expect(waits).toEqual([25, 50]);
    expect(lines.map(({ msg, attempt }) => [msg, attempt])).toEqual([
      ['retrying', 1],
      ['retrying', 2],
      ['retry succeeded', 3],
    ]);
    expect(lines[0]).toMatchObject({ kind: 'unprocessed', what: 'test batch', attempts: RETRY_POLICIES.unprocessed.attempts });
  });

  it('gives up after the kind’s cap, naming what was left', async () => {
    const { lines, waits, options } = recorder();
    let calls = 0;
    const leftovers = retryLeftovers(
      'queue',
      'reminder messages',
      ['a', 'b'],
      async (entries) => {
        calls += 1;
        return entries;
      },
      options,
    );
    await expect(leftovers).rejects.toThrow('reminder messages: gave up after 3 attempts (queue): 2 left');
    expect(calls).toBe(RETRY_POLICIES.queue.attempts);
    expect(waits).toHaveLength(2);
    expect(lines.at(-1)).toMatchObject({ msg: 'retries exhausted', attempt: 3, attempts: 3 });
  });

  it('tries again only on the errors it is told to, and throws the last one as it is', async () => {
    const { options } = recorder();
    const conflict = Object.assign(new Error('conflict'), { name: 'TransactionCanceledException' });
    const isConflict = (error: unknown) => error === conflict;
    let calls = 0;
    const flaky = retryOnError(
      'conflict',
      'counters',
      async (attempt) => {
        calls += 1;
        if (attempt < 3) throw conflict;
        return 'written';
      },
      isConflict,
      options,
    );
    await expect(flaky).resolves.toBe('written');
    expect(calls).toBe(3);

    calls = 0;
    const always = retryOnError(
      'conflict',
      'counters',
      async () => {
        calls += 1;
        throw conflict;
      },
      isConflict,
      options,
    );
    await expect(always).rejects.toBe(conflict);
    expect(calls).toBe(RETRY_POLICIES.conflict.attempts);

    calls = 0;
    const refused = new Error('refused');
    const other = retryOnError(
      'conflict',
      'counters',
      async () => {
        calls += 1;
        throw refused;
      },
      isConflict,
      options,
    );
    await expect(other).rejects.toBe(refused);
    expect(calls).toBe(1);
  });

  it('answers AGAIN to try again (an item changed meanwhile), a RetriesExhaustedError after the cap', async () => {
    const { options } = recorder();
    const changing = retryUntil('changed', 'the user', async () => AGAIN, undefined, options);
    await expect(changing).rejects.toBeInstanceOf(RetriesExhaustedError);
    await expect(retryUntil('changed', 'the user', async (n) => (n === 2 ? 'read' : AGAIN), undefined, options)).resolves.toBe('read');
  });
});
