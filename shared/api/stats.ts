import { route } from './contract.js';

/** Landing counters (SPEC §3 'Landing stats', DESIGN §5): real counts from one item. */
export interface LandingStats {
  totalUsers: number;
  totalSubscriptions: number;
  moneySaved: number;
}

export const statsRoutes = {
  landingStats: route<LandingStats>()({ method: 'GET', path: '/api/stats', area: 'stats', access: 'public', body: undefined }),
} as const;
