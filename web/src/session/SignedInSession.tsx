import type { User } from '@shared/api/user';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { currentUserQuery, endsSession, queryClient, refreshCurrentUser, setCurrentUser } from '../api/queries';
import { SessionContext, type SessionValue, useSession } from './context';

/**
 * SPEC §4/§9: the current user is re-fetched every 5 seconds while signed in, so a deactivation
 * or a terminated session signs the user out within 5 s. This one query is also the dashboard's
 * 30-second user refresh: every screen reads the same cached user. The poll runs while the tab is
 * visible; a hidden tab asks nothing, and the tab asks at once when it is shown again (docs/COST.md).
 */
export const SESSION_POLL_MS = 5000;

interface SignedInSessionProps {
  /** Shown until the user is known (a stored token without a stored user record). */
  pending: ReactNode;
  /** The route's content for this user (the guards decide, e.g. /admin for staff only). */
  children: (user: User) => ReactNode;
}

/**
 * The signed-in routes' session, loaded lazily by the route guards (guards.tsx): the shared
 * TanStack Query cache, and the user from its ['me'] query, polled while a signed-in screen is
 * open. The stored user record renders the first frame at once. The guards pass the spinner and the
 * redirects: importing the router and the spinner here made the bundler split React and the router
 * out of the entry chunk (+1 KB on the landing page).
 */
export function SignedInSession(props: SignedInSessionProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <CurrentUserSession {...props} />
    </QueryClientProvider>
  );
}

function CurrentUserSession({ pending, children }: SignedInSessionProps) {
  const session = useSession();
  const { data: user } = useQuery({
    ...currentUserQuery,
    initialData: session.user ?? undefined,
    // A 401 has ended the session (the API client signed the user out): no more polling.
    refetchInterval: (query) => (endsSession(query.state.error) ? false : SESSION_POLL_MS),
    // Paused while the tab is hidden; TanStack Query's focus manager refetches when it is visible again.
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });

  // A stored token without a stored user record: the first answer completes the page's session.
  const { status, setUser } = session;
  useEffect(() => {
    if (user && status === 'loading') setUser(user);
  }, [user, status, setUser]);

  // Under the signed-in routes the session's user is the cached one, and replacing it writes the cache.
  const value = useMemo<SessionValue | null>(
    () => (user ? { ...session, user, status: 'signedIn', refresh: refreshCurrentUser, setUser: setCurrentUser } : null),
    [session, user],
  );

  if (!user || !value) return pending;
  return <SessionContext.Provider value={value}>{children(user)}</SessionContext.Provider>;
}
