import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration } from 'react-router';
import { PageSpinner } from './components/ui/Spinner';
import { ToastProvider } from './components/ui/Toast';
import { RouteError } from './RouteError';
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

function RootLayout() {
  return (
    <AuthProvider>
      <ToastProvider>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
        <ScrollRestoration />
      </ToastProvider>
    </AuthProvider>
  );
}

const landing = screen(() => import('./features/landing/LandingPage'), 'LandingPage');

/** SPEC §2 route table. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
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
    ],
  },
]);
