import type { User } from '../../../shared/api/user.js';
import type { ReminderRule } from '../../../shared/domain/reminders/rules.js';
import type { EmailSuppression } from '../email/email-suppression.js';

/** Why a user's sessions were ended; decides which 401 flag the next request gets ('admin': sessionInvalidated). */
export type SessionEndReason = 'admin' | 'password-reset' | 'password-change' | 'sign-out-everywhere';

/** The stored user item: the public fields plus what never leaves the server. */
export interface UserItem
  extends Omit<User, 'role' | 'two_factor_enabled' | 'backupCodesRemaining' | 'emailSuppressed' | 'pendingEmail' | 'reminderHour'> {
  pk: string;
  sk: 'PROFILE';
  role: string;
  passwordHash: string;
  /** Bumped to end every session: tokens carry the version they were issued under. */
  tokenVersion: number;
  /** The access tokens the user keeps (issue 37 §1), counted in each create's and revoke's transaction. */
  accessTokenCount?: number;

  sessionEndReason?: SessionEndReason;
  twoFactorEnabled?: boolean;
  /** The TOTP secret, encrypted with the key from the secret store (never returned after setup). */
  twoFactorSecret?: string;
  /** A secret from POST /2fa/setup not yet confirmed by POST /2fa/enable, encrypted likewise. */
  twoFactorPendingSecret?: string;
  /** SHA-256 hashes of the unused backup codes. */
  backupCodeHashes?: string[];
  /** The last TOTP time step accepted: a code is accepted once (replays are refused). */
  lastTotpStep?: number;
  /** Remembered-device tokens carry the version they were issued under; disabling two-factor sign-in bumps it. */
  deviceVersion?: number;
  /**
   * The address was changed in settings by a signed-in user: login no longer waits for it to be verified
   * (only a sign-up's first address does), though reminders still go only to a verified address.
   */
  emailGateCleared?: boolean;
  /** A new address waiting for its verification link (no guard item: it reserves nothing until verified). */
  pendingEmail?: string;
  /** When the pending address's link ends (epoch seconds); after that the change is forgotten. */
  pendingEmailUntil?: number;
  /** The S3 key of the uploaded avatar (served as /avatars/<key>). */
  avatarKey?: string;
  /** SES reported a permanent bounce or a complaint for this address (functions/email-feedback). */
  emailSuppression?: EmailSuppression;
  /** The SHA-256 of the calendar feed's secret (issue 25 §3), while the feed is on; its lookup entry is keyed by it. */
  calendarFeedHash?: string;
  /** When the current calendar feed URL was made (ISO). */
  calendarFeedCreatedAt?: string;
  /** The account's own reminder rules (VIP and Premium, issue 25 §1); absent: SPEC's reminders. */
  reminderRules?: ReminderRule[];
  /** The hour (0–23) reminders go out at in the user's time zone; absent: DEFAULT_REMINDER_HOUR. */
  reminderHour?: number;
  /** The user chose `timeZone` in Settings: signing in from a browser elsewhere no longer replaces it. */
  timeZoneChosen?: boolean;
  gsi1pk: string;
  gsi1sk: string;
}
