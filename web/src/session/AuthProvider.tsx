import type { User } from '@shared/api/user';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SessionContext, type SessionStatus, type SessionValue } from './context';
import { onSessionEnded } from './sessionEnded';
import { clearSession, storageKeys, storedToken, storedUser, storeSession, storeUser } from './storage';

/** SPEC §9: the current user is re-fetched every 5 seconds while signed in. */
export const SESSION_POLL_MS = 5000;

function sameUser(a: User | null, b: User | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Holds the signed-in user. On start it loads the user for a stored token; while signed in it
 * polls GET /api/auth/me so a deactivation or terminated session signs the user out within 5 s.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [user, setUser] = useState<User | null>(null);
  const [status, setStatus] = useState<SessionStatus>(() => (storedToken() ? 'loading' : 'signedOut'));
  /** Bumped on every sign-in and sign-out so an answer to an older request cannot resurrect a session. */
  const generation = useRef(0);

  const applyUser = useCallback((next: User) => {
    storeUser(next);
    setUser((current) => (sameUser(current, next) ? current : next));
    setStatus('signedIn');
  }, []);

  const signOutLocally = useCallback(() => {
    generation.current += 1;
    setUser(null);
    setStatus('signedOut');
  }, []);

  const refresh = useCallback(async (): Promise<User | null> => {
    if (!storedToken()) {
      signOutLocally();
      return null;
    }
    const requestGeneration = generation.current;
    try {
      const { fetchCurrentUser } = await import('./fetchCurrentUser');
      const me = await fetchCurrentUser();
      // null: the answer was 401, and the client has ended the session.
      if (requestGeneration !== generation.current || !me) return null;
      applyUser(me);
      return me;
    } catch {
      if (requestGeneration !== generation.current) return null;
      // The server could not be reached or failed: keep the session with the last known user.
      const known = storedUser();
      if (known) {
        setUser((current) => current ?? known);
        setStatus('signedIn');
        return known;
      }
      signOutLocally();
      return null;
    }
  }, [applyUser, signOutLocally]);

  const login = useCallback((token: string, signedIn: User) => {
    generation.current += 1;
    storeSession(token, signedIn);
    setUser(signedIn);
    setStatus('signedIn');
  }, []);

  const logout = useCallback(() => {
    clearSession();
    signOutLocally();
    void navigate('/login', { replace: true });
  }, [navigate, signOutLocally]);

  // A 401 from any signed-in call ends the session (the client has cleared storage already).
  useEffect(
    () =>
      onSessionEnded(() => {
        signOutLocally();
        void navigate('/login', { replace: true });
      }),
    [navigate, signOutLocally],
  );

  // Load the user behind a stored token once, at start.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (storedToken()) void refresh();
  }, [refresh]);

  // Poll while signed in; signing out (including after a 401) stops it.
  useEffect(() => {
    if (status !== 'signedIn') return;
    const timer = window.setInterval(() => void refresh(), SESSION_POLL_MS);
    return () => window.clearInterval(timer);
  }, [status, refresh]);

  // Signing out in another tab signs this one out too.
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key === storageKeys.token && !event.newValue && status === 'signedIn') {
        signOutLocally();
        void navigate('/login', { replace: true });
      }
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [navigate, signOutLocally, status]);

  const value = useMemo<SessionValue>(
    () => ({ user, status, login, logout, refresh, setUser: applyUser }),
    [user, status, login, logout, refresh, applyUser],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
