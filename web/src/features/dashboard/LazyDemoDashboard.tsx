import { lazy } from 'react';

/**
 * The landing page's demo dashboard, loaded with the dashboard's own chunk (DashboardPage.tsx
 * re-exports it), not a chunk of its own: the same components, no second copy of them, and no new
 * lazy chunk for Rolldown to share the entry's modules with (docs/decisions/0050-public-site.md).
 */
export const LazyDemoDashboard = lazy(async () => ({ default: (await import('./DashboardPage')).DemoDashboard }));
