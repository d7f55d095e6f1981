import { type ComponentType, lazy, Suspense, useLayoutEffect } from 'react';
import { Navigate, type RouteObject, useLocation, useNavigationType, useRoutes } from 'react-router';
import { RouteAnnouncer } from './components/layout/RouteAnnouncer';
import { PageSpinner } from './components/ui/Spinner';
import { ToastProvider } from './components/ui/Toast';
import { ScreenErrorBoundary } from './RouteError';
import { AuthProvider } from './session/AuthProvider';
import { AdminRoute, PrivateRoute, PublicOnlyRoute } from './session/guards';

/** Each screen is its own chunk, loaded on first visit, so the landing page ships only what it needs. */
function screen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  const Screen = lazy(async () => {
    const component: ComponentType = (await load())[name];
    return { default: component };
  });
  return <Screen />;
}

/** A new screen starts at its top; back and forward keep the browser's own scroll restoration. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is what starts a new screen, though the effect doesn't read it.
  useLayoutEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
  return null;
}

const landing = screen(() => import('./features/landing/LandingPage'), 'LandingPage');

/**
 * SPEC §2 route table. Declarative routes (useRoutes inside BrowserRouter) rather than a data
 * router: the app loads no data through routes, and react-router's data router is half of its weight.
 */
const routes: RouteObject[] = [
  { path: '/', element: landing },
  { path: '/features', element: landing },
  {
    element: <PublicOnlyRoute />,
    children: [
      { path: '/login', element: screen(() => import('./features/auth/LoginPage'), 'LoginPage') },
      { path: '/register', element: screen(() => import('./features/auth/RegisterPage'), 'RegisterPage') },
    ],
  },
  {
    path: '/forgot-password',
    element: screen(() => import('./features/auth/ForgotPasswordPage'), 'ForgotPasswordPage'),
  },
  {
    path: '/reset-password',
    element: screen(() => import('./features/auth/ResetPasswordPage'), 'ResetPasswordPage'),
  },
  { path: '/verify-email', element: screen(() => import('./features/auth/VerifyEmailPage'), 'VerifyEmailPage') },
  // The two screens opened from e-mail links share one chunk: the landing's route table stays as light as it can.
  { path: '/unsubscribe', element: screen(() => import('./features/auth/VerifyEmailPage'), 'UnsubscribePage') },
  { path: '/terms', element: screen(() => import('./features/legal/TermsPage'), 'TermsPage') },
  { path: '/privacy', element: screen(() => import('./features/legal/PrivacyPage'), 'PrivacyPage') },
  { path: '/contact', element: screen(() => import('./features/contact/ContactPage'), 'ContactPage') },
  {
    element: <PrivateRoute />,
    children: [
      { path: '/dashboard', element: screen(() => import('./features/dashboard/DashboardPage'), 'DashboardPage') },
      { path: '/upgrade', element: screen(() => import('./features/upgrade/UpgradePage'), 'UpgradePage') },
      { path: '/settings', element: screen(() => import('./features/settings/SettingsPage'), 'SettingsPage') },
    ],
  },
  {
    element: <AdminRoute />,
    children: [{ path: '/admin', element: screen(() => import('./features/admin/AdminPage'), 'AdminPage') }],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

/** The app inside main.tsx's BrowserRouter: the session, the toasts and the screen of the current address. */
export function App() {
  const current = useRoutes(routes);
  const { pathname } = useLocation();
  return (
    <ScreenErrorBoundary pathname={pathname}>
      <AuthProvider>
        <ToastProvider>
          <Suspense fallback={<PageSpinner />}>{current}</Suspense>
          <ScrollToTop />
          <RouteAnnouncer />
        </ToastProvider>
      </AuthProvider>
    </ScreenErrorBoundary>
  );
}
