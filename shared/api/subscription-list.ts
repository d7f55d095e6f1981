import { route } from './contract.js';
import type { Subscription } from './subscription.js';

/**
 * The most subscriptions one answer of GET /api/subscriptions (and one page of the data export)
 * carries. At the contract's widest (100 + 500 + 50 characters of 3-byte UTF-8) a subscription is
 * 2.26 KB of JSON, so a page stays under 1.1 MB, far below Lambda's 6 MB answer limit, and
 * Premium's ceiling of 2,000 is 4 pages (a VIP's 200 and a member's 50, one). An answer with this
 * many of the caller's own subscriptions (those without `shared`) asks for the next page with
 * `?after=<the last own one's id>`; fewer is the last page.
 *
 * The subscriptions others share with the caller (issue 26; each with `shared`) come once, after the
 * own ones on the first page (no `after`): at most SHARED_SUBSCRIPTIONS_MAX of them.
 */
export const SUBSCRIPTIONS_PAGE_SIZE = 500;

/** The most subscriptions shared with one account (accepting one more is refused): one BatchGet's 100. */
export const SHARED_SUBSCRIPTIONS_MAX = 100;

/**
 * GET /api/subscriptions, one of `subscriptionRoutes`, in a module of its own: it has no body schema,
 * so the web app's entry can ask for the dashboard's list ahead of the dashboard's code
 * (web/src/api/earlyAnswers.ts) without the contract's validation code.
 */
export const listSubscriptions = route<Subscription[]>()({
  method: 'GET',
  path: '/api/subscriptions',
  area: 'subscriptions',
  access: 'user',
  body: undefined,
});
