import type { User } from '@shared/api/user';
import { createContext, useContext } from 'react';

/**
 * loading: a stored token whose user is not known yet (no stored user record); signedIn: `user` is
 * set; signedOut: no session. Under the signed-in routes (PrivateRoute, AdminRoute) it is always
 * signedIn and `user` is the one of the shared cache's ['me'] query, polled every 5 s.
 */
export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export interface SessionValue {
  /** The signed-in user, or null while loading and when signed out. */
  user: User | null;
  status: SessionStatus;
  /** Starts a session after a successful login: stores token and user. */
  login(token: string, user: User): void;
  /** Ends the session: clears storage and goes to /login (DESIGN §5). */
  logout(): void;
  /** Re-fetches GET /api/auth/me; resolves to the fresh user, or null when signed out. */
  refresh(): Promise<User | null>;
  /** Replaces the user after a call that returned an updated one (settings, tier, avatar): on signed-in routes, in the ['me'] cache. */
  setUser(user: User): void;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <AuthProvider>');
  return session;
}

/** The signed-in user, for screens behind PrivateRoute (which renders them only once the user is loaded). */
export function useCurrentUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser must be used on a signed-in route');
  return user;
}
