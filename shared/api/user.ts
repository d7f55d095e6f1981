import type { PaidTier } from '../domain/membership.js';
import type { Role } from '../domain/roles.js';

export type { PaidTier };

export type AccountStatus = 'active' | 'deactivated';
export type NotificationMethod = 'email' | 'sms' | 'both';

/** A user as the API sends it (SPEC §3 'User'). Secrets (password hash, 2FA secret) never leave the server. */
export interface User {
  id: string;
  username: string;
  displayName: string;
  email: string | null;
  emailVerified: boolean;
  role: Role;
  avatar: string | null;
  createdAt: string;
  accountStatus: AccountStatus;
  subscriptionType: PaidTier | null;
  subscriptionEnd: string | null;
  isForever: boolean;
  autoRenew: boolean;
  /** Premium downgraded to VIP: premium until `subscriptionEnd`, VIP after it (SPEC §4). */
  pendingDowngrade: boolean;
  paymentMethod: 'paypal' | 'card' | null;
  cardLast4: string | null;
  paypalEmail: string | null;
  phoneNumber: string | null;
  notificationMethod: NotificationMethod;
  currencyPreference: string;
  notify10Days: boolean;
  notify3Days: boolean;
  notify1Day: boolean;
  profileEffect: string;
  profileColor: string;
  allowAnimatedPfp: boolean;
  two_factor_enabled: boolean;
  /** Unused two-factor backup codes left (0 while two-factor sign-in is off). */
  backupCodesRemaining: number;
  /**
   * IANA time zone: the browser's, captured at sign-in, until the user chooses one in Settings; reminders
   * use it for "today" and their hour.
   */
  timeZone: string;
  /** The hour (0–23) reminders go out at in `timeZone` (issue 25 §1; 8 until the user chooses). */
  reminderHour: number;
  /**
   * Mail to `email` stopped because it bounced permanently (`bounce`) or was marked as spam
   * (`complaint`); null otherwise, and after a change to another address.
   */
  emailSuppressed: 'bounce' | 'complaint' | null;
  /**
   * A new address asked for in Settings and waiting for its verification link (24 hours): `email` stays
   * the account's address until the link is used (docs/decisions/0025-email-changes-confirmed.md). Null otherwise.
   */
  pendingEmail: string | null;
}
