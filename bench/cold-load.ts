/** What one cold load measured inside the page (ms since navigation start). */
export interface ColdLoad {
  fcp: number;
  lcp: number;
  /** When the first subscription card was on screen (Element Timing; the dashboard only). */
  firstCard?: number;
  /** A spinner labelled 'Loading…' was visible at some point. */
  spinner: boolean;
  /** The page's requests: the document, then every resource in the order they started. */
  requests: Array<{ request: string; 'start ms': number; 'end ms': number }>;
}

/** What the page logs once a cold load's marks are in (observeColdLoad). */
const COLD_LOAD_MEASURED = 'cold load measured';

/**
 * Installed before any of the page's scripts: paint and LCP observers (buffered), and a
 * MutationObserver that notes a 'Loading' spinner and the first subscription card. The card is
 * timed when its frame is on screen: the observer marks it for Element Timing as it enters the DOM
 * (before its first frame), and the element entry's renderTime is that frame's presentation, as FCP's
 * and LCP's are. (The frame after the card entered the DOM, requestAnimationFrame then a task, is
 * ~100 ms earlier here: the main thread's part ends there, then the frame is rastered in software.)
 * Once FCP, LCP and (`signedIn`) the first card are in, it logs `measured`: the bench waits
 * for that message instead of polling the page, since Playwright's polling first evaluates its own
 * ~20 ms script in the page, on the main thread the load is being measured on.
 */
function observeColdLoad({ signedIn, measured }: { signedIn: boolean; measured: string }) {
  const FIRST_CARD = 'first-card';
  // The bench's tsconfig has no DOM types: the page's globals are read untyped.
  const page = globalThis as any;
  const marks: { fcp?: number; lcp?: number; firstCard?: number; spinner: boolean } = { spinner: false };
  page.__coldLoad = marks;
  let reported = false;
  function reportWhenMeasured() {
    if (reported || marks.fcp === undefined || marks.lcp === undefined || (signedIn && marks.firstCard === undefined)) return;
    reported = true;
    page.console.debug(measured);
  }
  new page.PerformanceObserver((list: any) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime;
    reportWhenMeasured();
  }).observe({ type: 'paint', buffered: true });
  new page.PerformanceObserver((list: any) => {
    const entries = list.getEntries();
    marks.lcp = entries[entries.length - 1].startTime;
    reportWhenMeasured();
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new page.PerformanceObserver((list: any) => {
    for (const entry of list.getEntries()) {
      if (entry.identifier !== FIRST_CARD || marks.firstCard !== undefined) continue;
      marks.firstCard = entry.renderTime;
      reportWhenMeasured();
    }
  }).observe({ type: 'element', buffered: true });
  let cardSeen = false;
  let watching = false;
  // A spinner counts once it is visible in a frame (delayed spinners are in the page, hidden, at first).
  function watchSpinners() {
    const spinners = [...page.document.querySelectorAll('[role="status"]')].filter((status: any) => /^Loading/.test(status.textContent));
    if (spinners.some((spinner: any) => page.getComputedStyle(spinner).visibility === 'visible')) marks.spinner = true;
    watching = spinners.length > 0 && !marks.spinner;
    if (watching) page.requestAnimationFrame(watchSpinners);
  }
  new page.MutationObserver(() => {
    if (!watching && !marks.spinner) watchSpinners();
    const card = cardSeen ? null : page.document.querySelector('article[data-status]');
    if (card) {
      cardSeen = true;
      // Element Timing times text by the element that holds it: every element of the card is marked.
      for (const element of [card, ...card.querySelectorAll('*')]) element.setAttribute('elementtiming', FIRST_CARD);
    }
  }).observe(page.document, { subtree: true, childList: true });
}

export type Browser = Awaited<ReturnType<typeof import('@playwright/test')['chromium']['launch']>>;

/** One load of `path` in a new browser context (empty cache, no connections), signed in when `session` is given. */
export async function coldLoad(browser: Browser, url: string, path: string, session?: { token: string; user: string }): Promise<ColdLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    if (session) {
      await context.addInitScript(
        ([token, user]) => {
          const storage = (globalThis as any).localStorage;
          storage.setItem('token', token);
          storage.setItem('user', user);
        },
        [session.token, session.user],
      );
    }
    // tsx (esbuild's keepNames) wraps named functions in a `__name` helper, which the page lacks.
    await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
    await context.addInitScript(observeColdLoad, { signedIn: Boolean(session), measured: COLD_LOAD_MEASURED });
    const page = await context.newPage();
    // Paint entries are delivered after the frame: wait for them (and for the first card) before reading.
    const measured = page.waitForEvent('console', { predicate: (message) => message.text() === COLD_LOAD_MEASURED, timeout: 30_000 });
    await page.goto(`${url}${path}`, { waitUntil: 'commit' });
    await measured;
    // LCP candidates keep coming until the page is quiet (fonts, late content).
    await page.waitForLoadState('networkidle');
    return await page.evaluate(() => {
      const page = globalThis as any;
      const marks = page.__coldLoad;
      const [navigation] = page.performance.getEntriesByType('navigation');
      const resources = page.performance.getEntriesByType('resource') as Array<{ name: string; startTime: number; responseEnd: number }>;
      const requests = [
        { request: new URL(navigation.name).pathname, 'start ms': 0, 'end ms': Math.round(navigation.responseEnd) },
        ...resources
          .sort((a, b) => a.startTime - b.startTime)
          .map((entry) => ({
            request: new URL(entry.name).pathname,
            'start ms': Math.round(entry.startTime),
            'end ms': Math.round(entry.responseEnd),
          })),
      ];
      return {
        fcp: Math.round(marks.fcp),
        lcp: Math.round(marks.lcp),
        firstCard: marks.firstCard && Math.round(marks.firstCard),
        spinner: marks.spinner,
        requests,
      };
    });
  } finally {
    await context.close();
  }
}
