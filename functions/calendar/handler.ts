import { calendarMessages, calendarRoutes } from '../../shared/api/calendar.js';
import { calendarFeed } from '../../shared/domain/calendar-feed.js';
import { todayIn } from '../../shared/domain/dates.js';
import { createApiHandler } from '../lib/auth/signed-in-api.js';
import { createFeed, deleteFeed, feedFileName, feedOwner } from '../lib/calendar/calendar-feeds.js';
import { now } from '../lib/chassis/clock.js';
import { publicUrl } from '../lib/chassis/config.js';
import { HttpError } from '../lib/chassis/errors.js';
import { withETag } from '../lib/chassis/etag.js';
import { sharedWithMe } from '../lib/sharing/shared-view.js';
import { listSubscriptions } from '../lib/subscriptions/subscriptions.js';

/**
 * The calendar area (issue 25 §3): the signed-in user turns the feed on, makes a new URL or turns it
 * off; calendar apps fetch the feed by its secret URL, without signing in, with an ETag for 304s.
 * Every tier has it: it only shows what the dashboard shows (docs/decisions/0093-calendar-feed.md).
 */
export const handler = createApiHandler(
  calendarRoutes,
  {
    getCalendarFeed: async ({ user }) => ({ active: Boolean(user.calendarFeedHash), createdAt: user.calendarFeedCreatedAt ?? null }),

    createCalendarFeed: async ({ user }) => {
      const { secret, createdAt } = await createFeed(user);
      // Built from the site's configured URL, as every link the product sends, never from a request's Host.
      return { url: publicUrl(`/api/calendar/${feedFileName(secret)}`), createdAt };
    },

    deleteCalendarFeed: async ({ user }) => {
      await deleteFeed(user);
      return null;
    },

    calendarFeed: async ({ params }) => {
      const owner = await feedOwner(params.feedFile as string);
      if (!owner) throw new HttpError(404, calendarMessages.feedNotFound);
      // Those shared with the owner too (issue 26), as their dashboard lists them.
      const [own, shared] = await Promise.all([listSubscriptions(owner.id), sharedWithMe(owner.id)]);
      return calendarFeed({
        subscriptions: [...own, ...shared.subscriptions],
        owner,
        host: new URL(publicUrl()).hostname,
        today: todayIn(owner.timeZone ?? 'UTC', now()),
      });
    },
  },
  withETag,
);
