import { pageTitle } from '../../brand';
import { AppPageLayout } from '../../components/layout/AppPageLayout';
import { AnnouncementsTab } from './AnnouncementsTab';

/** /admin (SPEC §2 Admin Dashboard). The tabs come with User Management; until then the Announcements tab is mounted alone. */
export function AdminPage() {
  return (
    <AppPageLayout title="Admin Dashboard" subtitle="Manage users, permissions, and announcements">
      <title>{pageTitle('Admin Dashboard')}</title>
      <AnnouncementsTab />
    </AppPageLayout>
  );
}
