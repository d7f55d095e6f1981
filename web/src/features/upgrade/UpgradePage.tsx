import { pageTitle } from '../../brand';
import { AppPageLayout } from '../../components/layout/AppPageLayout';

/** /upgrade (SPEC §2 Upgrade). */
export function UpgradePage() {
  return (
    <AppPageLayout title="Unlock Premium Features" subtitle="Go ad-free, customize your profile and get more out of your subscriptions.">
      <title>{pageTitle('Upgrade')}</title>
    </AppPageLayout>
  );
}
