import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useRouteError } from 'react-router';
import { pageTitle } from './brand';
import { AuthLayout } from './components/layout/AuthLayout';
import { Button } from './components/ui/Button';

/**
 * Shown when a screen fails to render or its code cannot be loaded (for example after a new
 * release replaced the old files): reloading fetches the current version.
 */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
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
