import { pageTitle } from '../../brand';
import { AppPageLayout } from '../../components/layout/AppPageLayout';

/** /settings (SPEC §2 Account Settings). */
export function SettingsPage() {
  return (
    <AppPageLayout title="Account Settings" subtitle="Manage your profile, security and notifications.">
      <title>{pageTitle('Account Settings')}</title>
    </AppPageLayout>
  );
}
