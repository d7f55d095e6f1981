import { isAdmin } from '@shared/domain/roles';
import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../components/ui/Spinner';
import { useSession } from './context';

/** /login and /register: signed-in users go to /dashboard (SPEC §2). */
export function PublicOnlyRoute() {
  const { status } = useSession();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signedIn') return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** /dashboard, /upgrade, /settings: signed-out users go to /login; a spinner shows until the user is loaded. */
export function PrivateRoute() {
  const { status } = useSession();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signedOut') return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** /admin: signed-out users go to /login, non-admins to /dashboard. */
export function AdminRoute() {
  const { status, user } = useSession();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signedOut' || !user) return <Navigate to="/login" replace />;
  if (!isAdmin(user.role)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
