import { useState } from 'react';
import { pageTitle } from '../../brand';
import { AppPageLayout } from '../../components/layout/AppPageLayout';
import { BrowserNotificationsCard, CalendarFeedCard, ChannelsCard } from '../channels';
import { DeliveriesCard, ReminderRulesCard } from '../reminders';
import { AccessTokensCard } from './AccessTokensCard';
import { AccountInfoForm } from './AccountInfoForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { LinkedSignInsCard } from './LinkedSignInsCard';
import { NotificationPreferencesForm } from './NotificationPreferencesForm';
import { PasskeysCard } from './PasskeysCard';
import { ProfileCustomizationModal } from './ProfileCustomizationModal';
import { SessionsCard } from './SessionsCard';
import styles from './SettingsPage.module.css';
import { TierCard } from './TierCard';
import { TwoFactorCard } from './TwoFactorCard';
import { YourDataCard } from './YourDataCard';

/**
 * /settings (SPEC §2 Account Settings). The sections follow SPEC's order — the tier card, Account
 * Information, Two-Factor Authentication, Change Password, Notification Preferences, Calendar — then
 * Sessions and Your Data. On a desktop the tier card heads a side column that Sessions and Your
 * Data continue, beside the forms; on a phone everything is one column in that order.
 */
export function SettingsPage() {
  const [profileOpen, setProfileOpen] = useState(false);

  return (
    <AppPageLayout title="Account Settings" subtitle="Manage your membership, profile, security and notifications.">
      <title>{pageTitle('Account Settings')}</title>
      <div className={styles.grid}>
        <div className={styles.tier}>
          <TierCard onCustomizeProfile={() => setProfileOpen(true)} />
        </div>
        <div className={styles.main}>
          <AccountInfoForm />
          <TwoFactorCard />
          <PasskeysCard />
          <LinkedSignInsCard />
          <ChangePasswordForm />
          <NotificationPreferencesForm />
          <ReminderRulesCard />
          <ChannelsCard />
          <BrowserNotificationsCard />
          <DeliveriesCard />
          <CalendarFeedCard />
          <AccessTokensCard />
        </div>
        <div className={styles.side}>
          <SessionsCard />
          <YourDataCard />
        </div>
      </div>
      <ProfileCustomizationModal open={profileOpen} onClose={() => setProfileOpen(false)} />
    </AppPageLayout>
  );
}
