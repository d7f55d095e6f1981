import { CHROMIUM_ARGS, chromiumPath } from '../test/e2e/chromium.js';
import { type ColdLoad, coldLoad } from './cold-load.js';
import { median, table } from './common.js';
import { signedInUser } from './signed-in-user.js';

const COLD_LOADS = 5;
/** Issue 12's goals on the local stack. */
const LANDING_LCP_GOAL_MS = 250;
const FIRST_CARD_GOAL_MS = 400;

/**
 * The landing page, the login page and the dashboard (a signed-in user with 20 subscriptions),
 * each loaded COLD_LOADS times in a new browser context after one unreported warm-up of the
 * server: medians of FCP, LCP and the first subscription card, whether a spinner showed, and the
 * dashboard's request waterfall of its median load.
 */
export async function firstPaintSection(url: string) {
  if (!chromiumPath) return;
  const session = await signedInUser(url, 'paint', 20);
  const { chromium: playwright } = await import('@playwright/test');
  const browser = await playwright.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const screens = [{ path: '/' }, { path: '/login' }, { path: '/dashboard', session }];
    const rows: Record<string, string | number>[] = [];
    let waterfall: ColdLoad['requests'] = [];
    for (const { path, session } of screens) {
      await coldLoad(browser, url, path, session);
      const loads: ColdLoad[] = [];
      for (let i = 0; i < COLD_LOADS; i++) loads.push(await coldLoad(browser, url, path, session));
      const of = (pick: (load: ColdLoad) => number | undefined) => median(loads.map((load) => pick(load) ?? Number.NaN));
      const lcp = of((load) => load.lcp);
      const firstCard = of((load) => load.firstCard);
      const verdict = (value: number, goal: number) => (value <= goal ? 'pass' : 'FAIL');
      rows.push({
        screen: path,
        'FCP ms': of((load) => load.fcp),
        'LCP ms': lcp,
        'first card ms': session ? firstCard : '',
        'spinner shown': `${loads.filter((load) => load.spinner).length} of ${COLD_LOADS}`,
        goal:
          path === '/'
            ? `LCP ≤ ${LANDING_LCP_GOAL_MS}: ${verdict(lcp, LANDING_LCP_GOAL_MS)}`
            : session
              ? `card ≤ ${FIRST_CARD_GOAL_MS}: ${verdict(firstCard, FIRST_CARD_GOAL_MS)}`
              : '',
      });
      if (session) waterfall = loads.find((load) => load.firstCard === firstCard)?.requests ?? [];
    }
    table(`First paint: median of ${COLD_LOADS} cold loads (Chromium, headless, a new context each; ms since navigation start)`, rows);
    table("The dashboard's requests in its median cold load (ms since navigation start)", waterfall);
  } finally {
    await browser.close();
  }
}
