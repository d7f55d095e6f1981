/**
 * Renders a component as the signed-in app does (docs/decisions/0108-component-tests.md): the app's own
 * providers — the session (AuthProvider with a stored session, SignedInSession and its query cache,
 * retries off), the toasts — inside a MemoryRouter, with the API answered by the test's stubs
 * (testing/api.ts) and GET /api/auth/me answering the signed-in user.
 */
import { routes } from '@shared/api';
import type { User } from '@shared/api/user';
import { type RenderResult, render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { queryClient } from '../api/queries';
import { ToastProvider } from '../components/ui/Toast';
import { AuthProvider } from '../session/AuthProvider';
import { SignedInSession } from '../session/SignedInSession';
import { storeSession } from '../session/storage';
import { on, type Stub, type StubbedApi, stubApi } from './api';
import { aUser } from './fixtures';

export interface AppRender extends RenderResult {
  /** A user at the keyboard and mouse (user-event), for this render. */
  user: ReturnType<typeof userEvent.setup>;
  api: StubbedApi;
  /** The signed-in user the session started with. */
  signedIn: User;
  /** The address the app is at now (after any navigation). */
  location(): string;
}

export interface AppRenderOptions {
  /** The signed-in user; a member with a verified e-mail by default. */
  signedIn?: User;
  /** The answers to the component's requests. */
  api?: Stub[];
  /** The address the component renders at. */
  at?: string;
}

/** Renders `ui` signed in, with the app's providers, its requests answered by `options.api`. */
export function renderApp(ui: ReactNode, options: AppRenderOptions = {}): AppRender {
  const signedIn = options.signedIn ?? aUser();
  // A second render in one test starts from an empty cache too (the first one's user and lists are gone).
  queryClient.clear();
  storeSession('test-session-token', signedIn);
  const api = stubApi(...(options.api ?? []), on(routes.me, signedIn));
  let current = options.at ?? '/';
  function LocationProbe() {
    const location = useLocation();
    current = location.pathname + location.search;
    return null;
  }
  // No pause between keystrokes (the components wait for no timer while typing), and no check of CSS
  // pointer-events before each click (CSS modules are not loaded here): each step costs far less.
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const result = render(
    <MemoryRouter initialEntries={[options.at ?? '/']}>
      <AuthProvider>
        <ToastProvider>
          <SignedInSession pending={<p>Loading the session</p>}>
            {() => (
              <Routes>
                <Route path="*" element={ui} />
              </Routes>
            )}
          </SignedInSession>
          <LocationProbe />
        </ToastProvider>
      </AuthProvider>
    </MemoryRouter>,
  );
  return { ...result, user, api, signedIn, location: () => current };
}
