import { route, TEXT_CALENDAR } from './contract.js';

/**
 * The calendar feed (issue 25 §3, §4): a secret URL per user that calendar apps subscribe to. Only the
 * SHA-256 of its secret is stored, so the URL is answered once, when it is made (POST); GET says
 * whether there is one and since when (docs/decisions/0093-calendar-feed.md).
 */
export interface CalendarFeedStatus {
  active: boolean;
  /** ISO time the current URL was made, or null when the feed is off. */
  createdAt: string | null;
}

export interface CalendarFeedLink {
  /** The feed's full URL: `<site>/api/calendar/<secret>.ics`. Shown once. */
  url: string;
  createdAt: string;
}

/** How long a calendar app or a proxy may keep a fetched feed before asking again (seconds). */
export const CALENDAR_FEED_MAX_AGE_SECONDS = 900;

export const calendarMessages = {
  feedNotFound: 'This calendar feed does not exist. It was turned off or replaced by a new link.',
} as const;

export const calendarRoutes = {
  getCalendarFeed: route<CalendarFeedStatus>()({
    method: 'GET',
    path: '/api/calendar/feed',
    area: 'calendar',
    access: 'user',
    body: undefined,
  }),
  createCalendarFeed: route<CalendarFeedLink>()({
    method: 'POST',
    path: '/api/calendar/feed',
    area: 'calendar',
    access: 'user',
    body: undefined,
  }),
  deleteCalendarFeed: route<null>()({
    method: 'DELETE',
    path: '/api/calendar/feed',
    area: 'calendar',
    access: 'user',
    body: undefined,
    successStatus: 204,
  }),
  /** The feed itself: public, its secret in the path; read-only. */
  calendarFeed: route<string>()({
    method: 'GET',
    path: '/api/calendar/{feedFile}',
    area: 'calendar',
    access: 'public',
    body: undefined,
    contentType: TEXT_CALENDAR,
    etag: true,
    cacheControl: `private, max-age=${CALENDAR_FEED_MAX_AGE_SECONDS}`,
    badParameter: { status: 404, message: calendarMessages.feedNotFound },
  }),
} as const;
