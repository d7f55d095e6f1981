import { listSubscriptions } from '@shared/api/subscription-list';
import { type ComponentType, isValidElement, Suspense, useLayoutEffect } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation, useNavigationType, useRoutes } from 'react-router';
import { askEarly } from './api/earlyAnswers';
import { RouteAnnouncer } from './components/layout/RouteAnnouncer';
import { PageSpinner } from './components/ui/Spinner';
import { ToastProvider } from './components/ui/Toast';
import { LandingPage } from './features/landing/LandingPage';
import { type Preloadable, preloadable } from './preloadable';
import { ScreenErrorBoundary } from './RouteError';
import { AuthProvider } from './session/AuthProvider';
import { AdminRoute, PrivateRoute, PublicOnlyRoute } from './session/guards';
import { storedToken } from './session/storage';

/**
 * Each screen is its own chunk, loaded on first visit, so the landing page ships only what it needs.
 * main.tsx preloads the first screen's chunks before the first render (preloadScreen), so no
 * loading fallback shows; navigations are transitions (BrowserRouter), so the previous screen stays
 * until the next one's code is in. `prefetch` starts the data the screen opens with, alongside its code.
 */
function screen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  prefetch?: () => Promise<unknown> | undefined,
) {
  const Screen = preloadable(async () => (await load())[name], prefetch);
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

/**
 * The dashboard's list, when there is a session: asked at once (earlyAnswers.ts), beside the
 * dashboard's code, and taken into the query cache as soon as that code is in.
 */
function prefetchSubscriptions(): Promise<unknown> | undefined {
  if (!storedToken()) return undefined;
  askEarly(listSubscriptions);
  return import('./api/queries').then(({ prefetchSubscriptions }) => prefetchSubscriptions());
}

const landing = <LandingPage />;

/**
 * SPEC §2 route table. Declarative routes (useRoutes inside BrowserRouter) rather than a data
 * router: a screen's first data is one prefetch beside its code (screen's `prefetch`), and
 * react-router's data router is half of its weight.
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
  // Where the single sign-on provider sends the browser back (issue 38 §2; shared/api/sso.ts SSO_CALLBACK_PATH).
  { path: '/sign-in/sso', element: screen(() => import('./features/auth/SsoCallbackPage'), 'SsoCallbackPage') },
  // The screens opened from e-mail links share one chunk: the landing's route table stays as light as it can.
  { path: '/unsubscribe', element: screen(() => import('./features/auth/VerifyEmailPage'), 'UnsubscribePage') },
  { path: '/confirm-sign-in', element: screen(() => import('./features/auth/VerifyEmailPage'), 'ConfirmSignInPage') },
  { path: '/terms', element: screen(() => import('./features/legal/TermsPage'), 'TermsPage') },
  { path: '/privacy', element: screen(() => import('./features/legal/PrivacyPage'), 'PrivacyPage') },
  { path: '/contact', element: screen(() => import('./features/contact/ContactPage'), 'ContactPage') },
  // The API reference (issue 37 §3): a chunk of its own, with the OpenAPI document; no other screen loads it.
  { path: '/developers', element: screen(() => import('./features/developers/DevelopersPage'), 'DevelopersPage') },
  {
    element: <PrivateRoute />,
    children: [
      {
        path: '/dashboard',
        element: screen(() => import('./features/dashboard/DashboardPage'), 'DashboardPage', prefetchSubscriptions),
      },
      { path: '/insights', element: screen(() => import('./features/insights/InsightsPage'), 'InsightsPage') },
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

/**
 * Loads what the screen at `pathname` renders first — its guard's session chunk and the screen's
 * chunk, with the data a signed-in screen starts with — resolving once the code is in and that data
 * too, unless it takes longer than FIRST_DATA_WAIT_MS.
 */
export function preloadScreen(pathname: string): Promise<unknown> {
  const elements = (matchRoutes(routes, pathname) ?? []).map(({ route }) => route.element);
  return Promise.all(
    elements.map((element) => {
      if (!isValidElement(element)) return undefined;
      const screen = element.type as Partial<Preloadable<object>>;
      return screen.preloadWithData ? screen.preloadWithData() : screen.preload?.();
    }),
  );
}

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
