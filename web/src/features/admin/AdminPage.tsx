import { pageTitle } from '../../brand';
import { AppPageLayout } from '../../components/layout/AppPageLayout';

/** /admin (SPEC §2 Admin Dashboard). */
export function AdminPage() {
  return (
    <AppPageLayout title="Admin Dashboard" subtitle="Manage users, permissions, and announcements">
      <title>{pageTitle('Admin Dashboard')}</title>
    </AppPageLayout>
  );
}
