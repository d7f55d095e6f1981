import type { User } from '@shared/api/user';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SessionContext, type SessionStatus, type SessionValue } from './context';
import { onSessionEnded } from './sessionEnded';
import { announceSessionReset } from './sessionReset';
import { clearSession, storageKeys, storedToken, storedUser, storeSession, storeUser } from './storage';

interface SessionState {
  status: SessionStatus;
  user: User | null;
}

const signedOut: SessionState = { status: 'signedOut', user: null };

/** A stored token is a session: signed in at once with the stored user record, else loading until the server answers. */
function storedSession(): SessionState {
  if (!storedToken()) return signedOut;
  const user = storedUser();
  return user ? { status: 'signedIn', user } : { status: 'loading', user: null };
}

/**
 * The session of the whole page, kept light for the entry chunk: the stored token and user record,
 * login, logout, forced and cross-tab sign-outs. The signed-in routes add the server's view of the
 * user, polled through the shared cache (SignedInSession.tsx); every sign-in and sign-out resets
 * that cache (sessionReset.ts).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [session, setSession] = useState(storedSession);
  /** Bumped on every sign-in and sign-out so an answer to an older request cannot resurrect a session. */
  const generation = useRef(0);

  const startSession = useCallback((next: SessionState) => {
    generation.current += 1;
    announceSessionReset();
    setSession(next);
  }, []);

  const signOutLocally = useCallback(() => startSession(signedOut), [startSession]);

  const setUser = useCallback((next: User) => {
    storeUser(next);
    setSession({ status: 'signedIn', user: next });
  }, []);

  const refresh = useCallback(async (): Promise<User | null> => {
    if (!storedToken()) {
      signOutLocally();
      return null;
    }
    const requestGeneration = generation.current;
    const { refreshCurrentUser } = await import('../api/queries');
    const me = await refreshCurrentUser();
    if (requestGeneration !== generation.current || !me) return null;
    setSession({ status: 'signedIn', user: me });
    return me;
  }, [signOutLocally]);

  const login = useCallback(
    (token: string, signedIn: User) => {
      storeSession(token, signedIn);
      startSession({ status: 'signedIn', user: signedIn });
    },
    [startSession],
  );

  const logout = useCallback(() => {
    const token = storedToken();
    if (token) void import('./endServerSession').then(({ endServerSession }) => endServerSession(token));
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

  // Signing out in another tab signs this one out too.
  const signedIn = session.status !== 'signedOut';
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key === storageKeys.token && !event.newValue && signedIn) {
        signOutLocally();
        void navigate('/login', { replace: true });
      }
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [navigate, signOutLocally, signedIn]);

  const value = useMemo<SessionValue>(
    () => ({ user: session.user, status: session.status, login, logout, refresh, setUser }),
    [session, login, logout, refresh, setUser],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
