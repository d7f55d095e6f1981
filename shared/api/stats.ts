import { route } from './contract.js';

/** The three landing counters (SPEC §3 'Landing stats', DESIGN §5): real counts from one item. */
export interface LandingCounts {
  totalUsers: number;
  totalSubscriptions: number;
  moneySaved: number;
}

/**
 * GET /api/stats: the counters once there are at least the operator's LANDING_COUNTERS_MIN_USERS
 * accounts (issue 23 #4); below that `showFigures: false` and no figures, so a new install never
 * says '1+ users' under 'Trusted by thousands'. The server decides; the page shows what it is told.
 */
export type LandingStats =
  | { showFigures: true; totalUsers: number; totalSubscriptions: number; moneySaved: number }
  | { showFigures: false };

export const statsRoutes = {
  landingStats: route<LandingStats>()({ method: 'GET', path: '/api/stats', area: 'stats', access: 'public', body: undefined }),
} as const;
