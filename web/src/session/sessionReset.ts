/**
 * Every sign-in and sign-out (logout, a 401, another tab): the session provider announces it, and
 * the server-state cache (api/queries.ts) cancels its requests and drops the previous user's data,
 * so an older answer cannot bring a session back and the next user never sees the last one's data.
 * Apart from the cache so that the entry chunk, which holds the provider, does not load TanStack Query.
 */
type SessionResetListener = () => void;
const listeners = new Set<SessionResetListener>();

/** Subscribes to session resets; returns the unsubscribe function. */
export function onSessionReset(listener: SessionResetListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener, synchronously, that the session is about to change hands. */
export function announceSessionReset(): void {
  for (const listener of listeners) listener();
}
