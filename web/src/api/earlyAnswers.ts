import type { RouteDef } from '@shared/api/contract';
import { storedToken } from '../session/storage';
import { apiBase } from './siteConfig';

/** How long an early answer waits to be taken; an older one is left for a fresh request. */
const EARLY_ANSWER_MS = 10_000;

/** The headers of every API call: JSON answers, and the session's token when there is one (client.ts adds the body's type). */
export function apiHeaders(token: string | null): Record<string, string> {
  return token ? { Accept: 'application/json', Authorization: `Bearer ${token}` } : { Accept: 'application/json' };
}

const earlyAnswers = new Map<string, { askedAt: number; answer: Promise<Response> }>();
const keyOf = (path: string, token: string) => `${token} ${path}`;

/**
 * Asks a GET route of the contract (no parameters, no query) with the stored token before the code
 * that reads the answer has loaded: the dashboard's list starts with the entry, beside the
 * dashboard's chunks (router.tsx). The first api() call for that route and token takes the answer
 * instead of asking again (client.ts), so every answer is handled in one place.
 */
export function askEarly(route: RouteDef & { method: 'GET' }): void {
  const token = storedToken();
  if (!token) return;
  const answer = apiBase().then((base) => fetch(base + route.path, { headers: apiHeaders(token) }));
  // A failure belongs to the call that takes the answer (a network error there); none goes unhandled meanwhile.
  answer.catch(() => undefined);
  earlyAnswers.set(keyOf(route.path, token), { askedAt: Date.now(), answer });
}

/** The early answer for `path` and `token`, once, while it is recent. */
export function takeEarlyAnswer(path: string, token: string | null): Promise<Response> | undefined {
  if (!token) return undefined;
  const key = keyOf(path, token);
  const early = earlyAnswers.get(key);
  earlyAnswers.delete(key);
  return early && Date.now() - early.askedAt < EARLY_ANSWER_MS ? early.answer : undefined;
}
