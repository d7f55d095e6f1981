/**
 * Forced sign-outs (a 401 on a signed-in call): the API client announces them, the session
 * provider listens. Apart from the client so that the entry chunk, which holds the provider, does
 * not load the client.
 */
type SessionEndedListener = () => void;
const listeners = new Set<SessionEndedListener>();

/** Subscribes to forced sign-outs; returns the unsubscribe function. */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener that the session ended; false when nobody listens. */
export function announceSessionEnded(): boolean {
  for (const listener of listeners) listener();
  return listeners.size > 0;
}
