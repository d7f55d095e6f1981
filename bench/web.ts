import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../infra/bundling.js';
import { table } from './common.js';
import { dashboardTiming } from './dashboard.js';
import { routeWeights } from './route-weights.js';

/** Gzipped JS of every screen (its budget where it has one), and the dashboard with 1,000 subscriptions in Chromium. */
export async function webSection(url: string) {
  const dist = join(projectRoot, 'web', 'dist');
  if (existsSync(join(dist, '.vite', 'manifest.json'))) {
    const weights = routeWeights(dist);
    table(
      'Web screens: JS a first visit downloads (gzip)',
      weights.map((route) => ({
        screen: route.path,
        'first gzip KB': route.firstKb,
        'budget KB': route.budgetKb ?? '',
        verdict: route.budgetKb === undefined ? '' : route.firstKb <= route.budgetKb ? 'pass' : 'FAIL',
        'all gzip KB': route.gzipKb,
        files: route.files.length,
      })),
    );
    const browser = await dashboardTiming(url);
    if (browser)
      table(
        "Dashboard with 1,000 subscriptions (Chromium, headless; ms from the input event to the main thread's frame that shows the result)",
        [browser],
      );
  } else {
    console.log('\n(web/dist/.vite/manifest.json missing: run `npm run build:web` for the web figures)');
  }
}
