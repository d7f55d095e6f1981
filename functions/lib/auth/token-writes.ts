import { signedInApi } from '../chassis/http.js';
import { settleMembership } from '../membership/membership.js';
import { recordActivity } from '../users/activity.js';
import { checkSessionOrAccessToken } from './token-sign-in.js';

/**
 * The API handler of an area whose routes personal access tokens open and which writes (issue 37 §2: subscriptions,
 * budgets, reminders): signed in with a session or an access token, then the membership in effect now, as
 * ./signed-in-api.ts's createApiHandler; every write a token makes is in its owner's activity log with the token's
 * name. A module of its own, so the other areas' bundles carry no token lookup.
 */
export const createTokenApiHandler = signedInApi(
  checkSessionOrAccessToken((user, token, route) =>
    recordActivity(user.id, 'access_token_write', user.username, { token: token.name, route: `${route.method} ${route.path}` }),
  ),
  settleMembership,
);
