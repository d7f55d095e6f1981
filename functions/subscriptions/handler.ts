import { logoRoutes } from '../../shared/api/logos.js';
import { sharingRoutes } from '../../shared/api/sharing.js';
import { createTokenApiHandler } from '../lib/auth/token-writes.js';
import { logoHandlers } from './logos.js';
import { sharingHandlers } from './sharing.js';
import { subscriptionAreaRoutes, subscriptionHandlers } from './subscription-handlers.js';

/** The subscriptions area (SPEC §7 'Subscriptions'): subscriptions, their payments and reminders, sharing and logos. */
export const handler = createTokenApiHandler(
  { ...subscriptionAreaRoutes, ...sharingRoutes, ...logoRoutes },
  { ...subscriptionHandlers, ...sharingHandlers, ...logoHandlers },
);
