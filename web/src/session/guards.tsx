import { isAdmin } from '@shared/domain/roles';
import { lazy } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../components/ui/Spinner';
import { useSession } from './context';

/** The signed-in routes' session and server-state cache, loaded with the first signed-in screen (not by the landing page). */
const SignedInSession = lazy(async () => ({ default: (await import('./SignedInSession')).SignedInSession }));

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
