import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { pageTitle } from './brand';
import { AuthLayout } from './components/layout/AuthLayout';
import { Button } from './components/ui/Button';
import { PageSpinner } from './components/ui/Spinner';
import { isMissingCode, mayReloadForMissingCode, reloadForMissingCode } from './missingCode';

/**
 * Shown when a screen fails to render, or when its code cannot be loaded (missingCode.ts: a deploy
 * replaced the files this page was built with, and the one reload did not bring them): reloading
 * fetches the current version.
 */
function RouteError({ missingCode }: { missingCode: boolean }) {
  const title = missingCode ? 'A new version is available' : 'Something went wrong';
  return (
    <AuthLayout
      title={title}
      subtitle={
        missingCode
          ? 'Subscription Tracker was updated since this page was opened, and this page could not be loaded. Reload to continue with the new version.'
          : 'This page could not be displayed. Reloading usually fixes it.'
      }
      icon={<TriangleAlert aria-hidden="true" />}
      iconTone={missingCode ? 'warning' : 'danger'}
    >
      <title>{pageTitle(title)}</title>
      <Button fullWidth icon={<RefreshCw aria-hidden="true" />} onClick={() => window.location.reload()}>
        Reload page
      </Button>
    </AuthLayout>
  );
}

interface ScreenErrorBoundaryProps {
  /** The current address: going to another one leaves the error screen. */
  pathname: string;
  children: ReactNode;
}

interface ScreenErrorBoundaryState {
  failed: boolean;
  /** The failure is a code file that did not load (missingCode.ts). */
  missingCode: boolean;
  /** The page reloads into the current release (missing code, the first time). */
  reloading: boolean;
  pathname: string;
}

/**
 * Shows RouteError instead of a screen that threw while rendering or loading, until the address
 * changes; a screen whose code is missing reloads the page once first (a spinner while it does).
 */
export class ScreenErrorBoundary extends Component<ScreenErrorBoundaryProps, ScreenErrorBoundaryState> {
  override state: ScreenErrorBoundaryState = {
    failed: false,
    missingCode: false,
    reloading: false,
    pathname: this.props.pathname,
  };

  static getDerivedStateFromError(error: unknown): Partial<ScreenErrorBoundaryState> {
    const missingCode = isMissingCode(error);
    return { failed: true, missingCode, reloading: missingCode && mayReloadForMissingCode() };
  }

  static getDerivedStateFromProps(props: ScreenErrorBoundaryProps, state: ScreenErrorBoundaryState) {
    return props.pathname === state.pathname ? null : { failed: false, missingCode: false, reloading: false, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown) {
    if (this.state.reloading) reloadForMissingCode();
    else console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.state.reloading ? <PageSpinner /> : <RouteError missingCode={this.state.missingCode} />;
  }
}
