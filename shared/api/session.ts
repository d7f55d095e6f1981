import { route } from './contract.js';
import type { User } from './user.js';

/**
 * The session check: the signed-in user, which the SPA polls every 5 s while its tab is visible
 * (SPEC §4). Its own area, so it runs in a function sized for one read rather than for bcrypt, and
 * an unchanged user is answered 304 (docs/COST.md).
 */
export const sessionRoutes = {
  me: route<User>()({ method: 'GET', path: '/api/auth/me', area: 'session', access: 'user', body: undefined, etag: true }),
};
