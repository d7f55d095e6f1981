import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BODY_BYTES } from '../../shared/api/contract.js';
import { fillPath, type RouteDef, routes } from '../../shared/api/index.js';
import { call, getItem, ownerSession, PASSWORD, type SignedInUser, signedInUser, uniqueName } from './helpers.js';

/**
 * Every route with a body, fed malformed, mistyped, oversized and hostile input: each answer is a 4xx
 * JSON `{ message }`, never a 500, and nothing is written (DESIGN §3, issue 'Bad input').
 */
const withBody = Object.entries(routes).filter(([, def]) => def.body) as Array<[string, RouteDef]>;

/** Rejected in every field: far too long, control characters, a bidirectional override. */
const HOSTILE_STRINGS = ['x'.repeat(10_000), 'ab\u0000cd', 'bell\u0007', 'evil\u202etxt.exe', '\u0000'.repeat(300)];
/** Free text that is legitimate: stored verbatim and always returned as data, never interpreted. */
const HTML_AND_UNICODE = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓ 日本語 🙂', "' OR '1'='1"];
const WRONG_TYPES = [42, true, null, [], {}, ['a'], { $ne: null }];

let user: SignedInUser;
let ownerToken: string;
let statsBefore: Record<string, unknown> | undefined;

beforeAll(async () => {
  user = await signedInUser();
  ownerToken = await ownerSession();
  statsBefore = await getItem('STATS', 'GLOBAL');
});

function fieldsOf(def: RouteDef): string[] {
  const shape = (def.body as unknown as { shape?: Record<string, unknown> }).shape;
  return Object.keys(shape ?? {});
}

const send = (def: RouteDef, init: { body?: unknown; rawBody?: string }) =>
  call(
    def.method,
    fillPath(def.path, { id: '00000000-0000-4000-8000-000000000000', userId: '00000000-0000-4000-8000-000000000000', token: 'x' }),
    {
      ...init,
      token: def.access === 'admin' ? ownerToken : user.token,
    },
  );

function expectClientError(answer: { status: number; body: Record<string, unknown> }, input: unknown = '') {
  const context = `${JSON.stringify(input).slice(0, 100)} → ${JSON.stringify(answer.body).slice(0, 200)}`;
  expect(answer.status, context).toBeGreaterThanOrEqual(400);
  expect(answer.status, context).toBeLessThan(500);
  expect(typeof answer.body.message).toBe('string');
  expect(String(answer.body.message)).not.toMatch(/at .*\.(ts|js):\d+/);
}

describe.each(withBody)('%s', (_name, def) => {
  it('answers malformed JSON and non-object bodies with 400', async () => {
    for (const rawBody of ['{bad json', '{"a":', 'null', '[]', '"text"', '12', 'true']) {
      const answer = await send(def, { rawBody });
      expectClientError(answer);
      expect(answer.status).toBe(400);
    }
  });

  it('answers a body over its route limit with 413', async () => {
    const limit = def.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    const answer = await send(def, { rawBody: JSON.stringify({ padding: 'x'.repeat(limit + 1024) }) });
    expect(answer).toMatchObject({ status: 413, body: { message: 'Request body is too large' } });
  });

  it('answers a missing or mistyped field with a 4xx message', async () => {
    for (const field of fieldsOf(def)) {
      for (const wrong of WRONG_TYPES) {
        // `true` is the right type for a flag: only values the field's own type refuses are "wrong".
        if (def.body?.safeParse({ [field]: wrong }).success) continue;
        const answer = await send(def, { body: { [field]: wrong } });
        expectClientError(answer, { [field]: wrong });
      }
    }
    if (!def.body?.safeParse({}).success) expectClientError(await send(def, { body: {} }));
  });

  it('answers hostile strings in every field with a 4xx message', async () => {
    for (const field of fieldsOf(def)) {
      for (const hostile of HOSTILE_STRINGS) {
        const answer = await send(def, { body: { [field]: hostile } });
        expectClientError(answer, { [field]: hostile });
      }
    }
  });
});

describe('after the sweep', () => {
  it('nothing was written', async () => {
    const list = await call('GET', '/api/subscriptions', { token: user.token });
    expect(list.body).toHaveLength(0);
    const statsAfter = await getItem('STATS', 'GLOBAL');
    expect(statsAfter?.totalUsers).toBe(statsBefore?.totalUsers);
    expect(statsAfter?.totalSubscriptions).toBe(statsBefore?.totalSubscriptions);
  });

  it('unknown fields are dropped, never stored', async () => {
    const username = uniqueName();
    const registered = await call('POST', '/api/auth/register', {
      body: { username, email: `${username}@example.com`, password: PASSWORD, role: 'owner', isAdmin: true, pk: 'STATS' },
    });
    expect(registered.status).toBe(201);
    const stored = await getItem(`USER#${registered.body.userId}`, 'PROFILE');
    expect(stored?.role).toBe('member');
    expect(stored).not.toHaveProperty('isAdmin');

    const created = await call('POST', '/api/subscriptions', {
      token: user.token,
      body: {
        name: 'Netflix',
        amount: 9.99,
        category: 'streaming',
        dueDate: '2030-01-15',
        status: 'deleted',
        userId: 'someone-else',
        id: 'chosen-id',
        hacked: true,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('active');
    expect(created.body.id).not.toBe('chosen-id');
    const item = await getItem(`USER#${user.id}`, `SUB#${created.body.id}`);
    expect(item?.userId).toBe(user.id);
    expect(item).not.toHaveProperty('hacked');
  });

  it('HTML and unicode in free text are stored verbatim and returned as JSON data', async () => {
    for (const text of HTML_AND_UNICODE) {
      const created = await call('POST', '/api/subscriptions', {
        token: user.token,
        body: { name: text, description: text, amount: 1, category: 'other', dueDate: '2030-01-01' },
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('content-type')).toContain('application/json');
      expect(created.body).toMatchObject({ name: text.trim(), description: text.trim() });
      const settings = await call('PUT', '/api/auth/settings', { token: user.token, body: { displayName: text } });
      expect(settings.body.user.displayName).toBe(text.trim());
    }
  });

  it('hostile path parameters are 4xx, never 500', async () => {
    for (const id of ['%3Cscript%3E', '..%2F..%2Fetc', 'x'.repeat(2000), '%F0%9F%99%82']) {
      expectClientError(await call('PUT', `/api/subscriptions/${id}/renew`, { token: user.token }));
      expectClientError(await call('GET', `/api/auth/verify-email/${id}`));
    }
  });
});
