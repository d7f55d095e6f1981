import { authMessages } from '@shared/api/auth-messages';
import type { BodyOf, ErrorBody, ResponseOf, RouteDef } from '@shared/api/contract';
import { fillPath } from '@shared/api/contract';
import { announceSessionEnded } from '../session/sessionEnded';
import { clearSession, storedToken, storeNotice } from '../session/storage';
import { apiHeaders, takeEarlyAnswer } from './earlyAnswers';
import { apiBase } from './siteConfig';

/** Shown when the request never reached the server (SPEC §8's network-failure wording). */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';

/** A failed API call: the HTTP status (0 when the network failed) and the error body `{ message, ...flags }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody) {
    super(body.message || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** True when the request never got an answer. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/**
 * The message to show for a failed call (SPEC §8): the server's message when it sent one,
 * the network message when there was no answer, otherwise the screen's fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.body.message) return error.body.message;
  return fallback;
}

/** SPEC §4: a 401 clears the session, stores the notice its flags call for, and goes to /login. */
function endSession(body: ErrorBody): void {
  clearSession();
  if (body.accountDeactivated) storeNotice('deactivationMessage', authMessages.accountDeactivated);
  if (body.sessionInvalidated) storeNotice('sessionMessage', authMessages.sessionTerminated);
  // The session provider drops the user and routes to /login; without it, the page goes there itself.
  if (!announceSessionEnded()) window.location.assign('/login');
}

/**
 * The last answer of each `etag` route (the session check) with its ETag and the token it was for:
 * the next call sends the ETag as If-None-Match, and a 304 resolves to this answer again.
 */
const lastAnswers = new Map<string, { token: string | null; etag: string; body: unknown }>();

type NoBody<R> = [BodyOf<R>] extends [undefined] ? true : false;

export interface RequestOptions {
  /** Values for the route's `{param}` placeholders. */
  params?: Record<string, string>;
  /** Query-string parameters; empty values are left out. */
  query?: Record<string, string | undefined>;
  signal?: AbortSignal;
  /** The session token to send instead of the stored one (logout sends the token it is ending). */
  token?: string;
}

export type ApiOptions<R> = RequestOptions & (NoBody<R> extends true ? { body?: undefined } : { body: BodyOf<R> });

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function queryString(query: Record<string, string | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

function toErrorBody(value: unknown): ErrorBody {
  if (typeof value === 'object' && value !== null && typeof (value as ErrorBody).message === 'string') {
    return value as ErrorBody;
  }
  return { message: '' };
}

/**
 * Calls one route of the API contract and resolves to its typed response.
 *
 * `api(routes.login, { body: { username, password } })`,
 * `api(routes.renewSubscription, { params: { id } })`.
 *
 * Sends the stored token as a Bearer header; a plain GET the entry asked early takes that answer
 * (earlyAnswers.ts). A route with an ETag (the session check) is asked with If-None-Match, and its
 * 304 resolves to the answer that ETag belongs to. Throws ApiError on any non-2xx answer and on
 * network failure. A 401 from a route that needs a session (access 'user' or 'admin') also ends the
 * session; public routes such as login report their 401 to the caller only. A route that needs a session,
 * called with none, is not sent: it fails with the 401 the server would answer.
 */
export async function api<R extends RouteDef>(
  route: R,
  ...[options]: NoBody<R> extends true ? [options?: ApiOptions<R>] : [options: ApiOptions<R>]
): Promise<ResponseOf<R>> {
  const token = options?.token ?? storedToken();
  // A route that needs a session, asked with none (a query refetched as the page signs out): not sent, as the
  // server would refuse it; the browser would log the 401 as a failed load.
  if (route.access !== 'public' && token === null) throw new ApiError(401, { message: authMessages.sessionExpired });
  const headers = apiHeaders(token);
  const body = options?.body;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const url = (await apiBase()) + fillPath(route.path, options?.params) + queryString(options?.query);
  const last = route.etag ? lastAnswers.get(url) : undefined;
  if (last && last.token === token) headers['If-None-Match'] = last.etag;

  // A plain GET asked ahead of this code (earlyAnswers.ts) is answered by that request.
  const early =
    route.method === 'GET' && !route.etag && !options?.params && !options?.query ? takeEarlyAnswer(route.path, token) : undefined;
  let response: Response;
  try {
    response = await (early ??
      fetch(url, {
        method: route.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: options?.signal,
      }));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, { message: NETWORK_ERROR_MESSAGE });
  }

  if (response.status === 304 && last) return last.body as ResponseOf<R>;
  // A 204 (logout) has no body: its route's answer is null.
  const payload = response.status === 204 ? null : await readJson(response);
  const etag = route.etag && response.ok ? response.headers.get('ETag') : null;
  if (etag) lastAnswers.set(url, { token, etag, body: payload });
  else lastAnswers.delete(url);
  if (!response.ok) {
    const errorBody = toErrorBody(payload);
    // Only when the token that failed is still this browser's: an answer for a session already ended
    // (an old request, a logout) must not end the session signed in since, and a call made with no session
    // at all (one already ended) must not store the ended session's notice again once the login screen read it.
    if (response.status === 401 && route.access !== 'public' && token !== null && token === storedToken()) endSession(errorBody);
    throw new ApiError(response.status, errorBody);
  }
  return payload as ResponseOf<R>;
}
