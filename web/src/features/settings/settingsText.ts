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

/**
 * The Calendar card's texts (issue 25 §3). The link holds the feed's only key, so it is shown once
 * (docs/decisions/0093-calendar-feed.md).
 */
/**
 * The link ends with the sessions (issue 34 §16, docs/decisions/0099-what-ends-with-an-account-and-its-sessions.md):
 * said before it is made and while it is on.
 */
const calendarLinkEnds =
  'Signing out of all devices, changing your password or resetting it also ends the link: turn the feed on again afterwards.';

export const calendarFeedText = {
  offIntro: `Turn on a private link that Google Calendar, Apple Calendar or Outlook can subscribe to. It shows your subscriptions; it cannot change anything. ${calendarLinkEnds}`,
  keepPrivate: 'Anyone with this link can see your subscriptions. For your security it is shown only now: copy it into your calendar app.',
  onSince: (since: string | null) =>
    `Your calendar feed is on${since ? ` (link made ${since})` : ''}. The link is shown only when it is made: to add the feed to another calendar, choose Regenerate and use the new link everywhere. ${calendarLinkEnds}`,
  regenerateWarning:
    'The current link stops working at once: calendars subscribed to it stop updating until you subscribe them to the new link.',
  turnOffWarning:
    'The link stops working at once and calendars subscribed to it stop updating. You can turn the feed on again later with a new link.',
  refresh:
    'Calendar apps check the feed on their own schedule, every few hours (Google Calendar can take up to a day), so changes show up later there than here.',
  copied: 'Calendar link copied',
  copyFailed: 'Could not copy the link: it is selected, so copy it with your keyboard',
  turnedOff: 'Calendar feed turned off',
  loadFailed: 'Failed to load your calendar feed',
  createFailed: 'Failed to make a calendar link',
  deleteFailed: 'Failed to turn off the calendar feed',
} as const;
