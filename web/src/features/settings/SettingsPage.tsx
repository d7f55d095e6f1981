import { Palette } from 'lucide-react';
import { useState } from 'react';
import { pageTitle } from '../../brand';
import { AppPageLayout } from '../../components/layout/AppPageLayout';
import { Button } from '../../components/ui/Button';
import { ProfileCustomizationModal } from './ProfileCustomizationModal';
import { TwoFactorCard } from './TwoFactorCard';

/** /settings (SPEC §2 Account Settings). */
export function SettingsPage() {
  const [customizing, setCustomizing] = useState(false);
  return (
    <AppPageLayout title="Account Settings" subtitle="Manage your profile, security and notifications.">
      <title>{pageTitle('Account Settings')}</title>
      <div>
        <Button variant="secondary" icon={<Palette aria-hidden="true" />} onClick={() => setCustomizing(true)}>
          Customize Profile
        </Button>
      </div>
      <ProfileCustomizationModal open={customizing} onClose={() => setCustomizing(false)} />
      <TwoFactorCard />
    </AppPageLayout>
  );
}
