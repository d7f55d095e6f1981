import { route } from './contract.js';
import type { Subscription } from './subscription.js';

/**
 * The most subscriptions one answer of GET /api/subscriptions (and one page of the data export)
 * carries. At the contract's widest (100 + 500 + 50 characters of 3-byte UTF-8) a subscription is
 * 2.26 KB of JSON, so a page stays under 1.1 MB, far below Lambda's 6 MB answer limit, and
 * Premium's ceiling of 2,000 is 4 pages (a VIP's 200 and a member's 50, one). An answer with this
 * many asks for the next page with `?after=<the last one's id>`; a shorter answer is the last page.
 */
export const SUBSCRIPTIONS_PAGE_SIZE = 500;

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
