/**
 * The Calendar card's texts (issue 25 §3). The link holds the feed's only key, so it is shown once
 * (docs/decisions/0093-calendar-feed.md).
 */
export const calendarFeedText = {
  offIntro:
    'Turn on a private link that Google Calendar, Apple Calendar or Outlook can subscribe to. It shows your subscriptions; it cannot change anything.',
  keepPrivate: 'Anyone with this link can see your subscriptions. For your security it is shown only now: copy it into your calendar app.',
  onSince: (since: string | null) =>
    `Your calendar feed is on${since ? ` (link made ${since})` : ''}. The link is shown only when it is made: to add the feed to another calendar, choose Regenerate and use the new link everywhere.`,
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
