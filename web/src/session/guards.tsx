import { isAdmin } from '@shared/domain/roles';
import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../components/ui/Spinner';
import { preloadable } from '../preloadable';
import { useSession } from './context';
import { storedToken } from './storage';

/**
 * The signed-in routes' session and server-state cache, loaded with the first signed-in screen (not
 * by the landing page); the current user's request starts with its code.
 */
const SignedInSession = preloadable(
  async () => (await import('./SignedInSession')).SignedInSession,
  () => void import('../api/queries').then(({ prefetchCurrentUser }) => prefetchCurrentUser()),
);

/** A signed-in screen's first load (router.tsx's preloadScreen): the session's code and the user, when there is a session. */
async function preloadSignedInSession(): Promise<unknown> {
  return storedToken() ? SignedInSession.preload() : undefined;
}

/** /login and /register: signed-in users (a stored token) go to /dashboard (SPEC §2). */
export function PublicOnlyRoute() {
  const { status } = useSession();
  if (status !== 'signedOut') return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** /dashboard, /upgrade, /settings: signed-out users go to /login; a spinner shows until the user is known. */
export function PrivateRoute() {
  const { status } = useSession();
  if (status === 'signedOut') return <Navigate to="/login" replace />;
  return <SignedInSession pending={<PageSpinner />}>{() => <Outlet />}</SignedInSession>;
}
PrivateRoute.preload = preloadSignedInSession;

/** /admin: signed-out users go to /login, non-admins to /dashboard. */
export function AdminRoute() {
  const { status } = useSession();
  if (status === 'signedOut') return <Navigate to="/login" replace />;
  return (
    <SignedInSession pending={<PageSpinner />}>
      {(user) => (isAdmin(user.role) ? <Outlet /> : <Navigate to="/dashboard" replace />)}
    </SignedInSession>
  );
}
AdminRoute.preload = preloadSignedInSession;
