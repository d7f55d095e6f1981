import { formatInstantShort } from '@shared/domain/dates';

/** SPEC §8 'Settings' fallbacks, and the texts of the sections SPEC leaves to the product. */
export const settingsFailures = {
  settings: 'Failed to update settings',
  password: 'Failed to change password',
  resubscribe: 'Failed to resubscribe',
  logoutAll: 'Failed to sign out of all devices',
  exportData: 'Failed to download your data',
  deleteAccount: 'Failed to delete account',
} as const;

/** An instant (a membership's end) as SPEC §9's en-US short date in the viewer's zone: 'Dec 5, 2026'. */
export const endDate = (iso: string): string => formatInstantShort(iso);

/**
 * Payments are not live (SPEC §1), so no membership renews: with auto-renewal on or a downgrade
 * scheduled, the tier card and "You're Back!" say when it ends
 * (docs/decisions/0036-memberships-end-without-a-payment.md). `end` is the short date from {@link endDate}; `renewsAs` names the renewal
 * a downgrade asks for ('VIP').
 */
export const renewalWaitsForPayments = (end: string | null, renewsAs?: string): string =>
  `Renewal${renewsAs ? ` as ${renewsAs}` : ''} starts when payments do — your membership ends on ${end ?? 'the last day of this term'}.`;

/**
 * The notice by the e-mail field while SES's feedback stops mail to the address (`user.emailSuppressed`):
 * not in SPEC (docs/decisions/0020-bounces-and-complaints.md).
 */
export const emailSuppressedNotice = {
  title: 'Reminders to this address are stopped',
  bounce:
    'E-mail to this address bounced, so we stopped sending you reminders. Change it to an address that works and verify it to get reminders again.',
  complaint:
    'E-mail to this address was marked as spam, so we stopped sending you reminders. Change it to another address and verify it to get reminders again.',
} as const;
