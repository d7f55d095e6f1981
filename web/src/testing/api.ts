/**
 * The API as a component test sees it: `fetch` stubbed per test, each answer shaped by the contract's
 * route types (shared/api). A component test isolates one component, so this is the one place the
 * network is stubbed (docs/decisions/0108-component-tests.md); the API tests run the real handlers.
 */
import type { ErrorBody, ResponseOf, RouteDef } from '@shared/api/contract';
import { vi } from 'vitest';

/** One request the component sent: its route's path parameters, query and JSON body. */
export interface ApiCall {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
}

/** An error answer: the contract's `{ message, ...flags }` with its status. */
export interface ErrorAnswer {
  readonly error: true;
  status: number;
  body: ErrorBody;
}

export function failure(status: number, message: string, flags: Omit<ErrorBody, 'message'> = {}): ErrorAnswer {
  return { error: true, status, body: { message, ...flags } };
}

type Answer<R> = ResponseOf<R> | ErrorAnswer;

/** What a route answers: a body of its response type, an error, or a function of the request giving either (or a promise of one). */
export type Reply<R> = Answer<R> | ((call: ApiCall) => Answer<R> | Promise<Answer<R>>);

export interface Stub {
  route: RouteDef;
  reply: Reply<RouteDef>;
  /** Answers only this many requests (then the next stub of the route answers); unlimited when absent. */
  times?: number;
}

/** Answers `route` with `reply` (every request, or `times` of them). */
export function on<R extends RouteDef>(route: R, reply: Reply<R>, times?: number): Stub {
  return { route, reply: reply as Reply<RouteDef>, times };
}

/** Requests that no stub answered, reported by the test's teardown (testing/setup.ts). */
export const unansweredCalls: string[] = [];

/** A promise the test settles itself: a request that stays under way until it does (the loading states). */
export function deferred<T>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

function matchPath(pattern: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern.replace(/\{([^}]+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${source}$`).exec(path);
  if (!match) return null;
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1])]));
}

function json(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface StubbedApi {
  /** Every request answered so far, in order. */
  calls: ApiCall[];
  /** The requests to one route. */
  callsTo(route: RouteDef): ApiCall[];
  /** Adds stubs that answer before the earlier ones (e.g. the next save fails). */
  use(...stubs: Stub[]): void;
}

/**
 * Replaces `fetch` for this test: each request goes to the first stub of its route (method and
 * path) that still answers; `/config.json` answers 404 (the API on the page's own origin).
 * A request no stub answers gets a 501 and fails the test when it ends.
 */
export function stubApi(...initial: Stub[]): StubbedApi {
  const stubs = [...initial];
  const calls: ApiCall[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (url.pathname === '/config.json') return json(404, { message: 'Not found' });
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    for (const stub of stubs) {
      if (stub.route.method !== method || stub.times === 0) continue;
      const params = matchPath(stub.route.path, url.pathname);
      if (!params) continue;
      if (stub.times !== undefined) stub.times -= 1;
      const call: ApiCall = { method, path: url.pathname, params, query: url.searchParams, body };
      calls.push(call);
      const answer = typeof stub.reply === 'function' ? await stub.reply(call) : stub.reply;
      if (init?.signal?.aborted) throw new DOMException('The request was aborted', 'AbortError');
      if (answer && typeof answer === 'object' && (answer as ErrorAnswer).error === true) {
        const { status, body: errorBody } = answer as ErrorAnswer;
        return json(status, errorBody);
      }
      return json(stub.route.successStatus ?? 200, answer);
    }
    unansweredCalls.push(`${method} ${url.pathname}${url.search}`);
    return json(501, { message: `No answer stubbed for ${method} ${url.pathname}` });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    callsTo: (route) => calls.filter((call) => call.method === route.method && matchPath(route.path, call.path)),
    use: (...more) => stubs.unshift(...more),
  };
}
