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
