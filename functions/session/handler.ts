import { sessionRoutes } from '../../shared/api/session.js';
import { createApiHandler } from '../lib/auth/signed-in-api.js';
import { withETag } from '../lib/chassis/etag.js';
import { toPublicUser } from '../lib/users/public-user.js';

/**
 * The session check, GET /api/auth/me (SPEC §7): the chassis verifies the token, reads the user and
 * the session item and settles a membership change that fell due; the answer is the user, 304 when
 * unchanged. Polled every 5 s by every visible signed-in tab, so it has a small function of its own.
 */
export const handler = createApiHandler(
  sessionRoutes,
  {
    me: async ({ user }) => toPublicUser(user),
  },
  withETag,
);
