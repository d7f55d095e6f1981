import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { pageTitle } from './brand';
import { AuthLayout } from './components/layout/AuthLayout';
import { Button } from './components/ui/Button';

/**
 * Shown when a screen fails to render or its code cannot be loaded (for example after a new
 * release replaced the old files): reloading fetches the current version.
 */
function RouteError() {
  return (
    <AuthLayout
      title="Something went wrong"
      subtitle="This page could not be displayed. Reloading usually fixes it."
      icon={<TriangleAlert aria-hidden="true" />}
      iconTone="danger"
    >
      <title>{pageTitle('Something went wrong')}</title>
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
  pathname: string;
}

/** Shows RouteError instead of a screen that threw while rendering or loading, until the address changes. */
export class ScreenErrorBoundary extends Component<ScreenErrorBoundaryProps, ScreenErrorBoundaryState> {
  override state: ScreenErrorBoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<ScreenErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: ScreenErrorBoundaryProps, state: ScreenErrorBoundaryState) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
