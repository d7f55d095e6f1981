import { useState } from 'react';
import { pageTitle } from '../../brand';
import { AppPageLayout } from '../../components/layout/AppPageLayout';
import { AccountInfoForm } from './AccountInfoForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { NotificationPreferencesForm } from './NotificationPreferencesForm';
import { SessionsCard } from './SessionsCard';
import styles from './SettingsPage.module.css';
import { TierCard } from './TierCard';
import { YourDataCard } from './YourDataCard';

/**
 * /settings (SPEC §2 Account Settings). The sections follow SPEC's order — the tier card, Account
 * Information, Two-Factor Authentication, Change Password, Notification Preferences — then
 * Sessions and Your Data. On a desktop the tier card heads a side column that Sessions and Your
 * Data continue, beside the forms; on a phone everything is one column in that order.
 */
export function SettingsPage() {
  // The Profile Customization modal (SPEC §2) mounts here, opened by the tier card's 'Customize Profile'.
  const [profileOpen, setProfileOpen] = useState(false);

  return (
    <AppPageLayout title="Account Settings" subtitle="Manage your membership, profile, security and notifications.">
      <title>{pageTitle('Account Settings')}</title>
      <div className={styles.grid}>
        <div className={styles.tier}>
          <TierCard onCustomizeProfile={() => setProfileOpen((open) => !open)} />
        </div>
        <div className={styles.main}>
          <AccountInfoForm />
          {/* The Two-Factor Authentication card (SPEC §2) takes its place here, between Account Information and Change Password. */}
          <ChangePasswordForm />
          <NotificationPreferencesForm />
        </div>
        <div className={styles.side}>
          <SessionsCard />
          <YourDataCard />
        </div>
      </div>
      {/* The Profile Customization modal mounts here, open while `profileOpen` is true. */}
      {profileOpen && null}
    </AppPageLayout>
  );
}
