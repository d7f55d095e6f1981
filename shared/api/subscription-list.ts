import { route } from './contract.js';
import type { Subscription } from './subscriptions.js';

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
