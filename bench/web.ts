import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { projectRoot } from '../infra/bundling.js';
import { addDays } from '../shared/domain/dates.js';
import { CHROMIUM_ARGS, chromiumPath } from '../test/e2e/chromium.js';
import { json, table } from './common.js';
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

/**
 * Times one interaction inside the page, without Playwright's round trips and polling: from
 * just before the input event is dispatched until the frame after the DOM first shows `text`
 * (a MutationObserver sees the text, then requestAnimationFrame + a task: the main thread's part of
 * that frame is done; raster and draw follow, as bench/NOTES.md 'First paint, timed on screen' measured).
 */
function interaction(page: Page, action: 'search' | 'clear' | 'next' | 'previous', text: string) {
  return page.evaluate(
    ([action, text]) =>
      new Promise<number>((resolve) => {
        // The bench's tsconfig has no DOM types: the page's globals are read untyped.
        const page = globalThis as any;
        const doc = page.document;
        const started = performance.now();
        const observer = new page.MutationObserver(() => {
          if (!doc.body.textContent.includes(text)) return;
          observer.disconnect();
          page.requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
        });
        observer.observe(doc.body, { subtree: true, childList: true, characterData: true });
        const buttons = doc.querySelectorAll('nav[aria-label="Subscription pages"] button');
        if (action === 'next') buttons[buttons.length - 1].click();
        else if (action === 'previous') buttons[0].click();
        else {
          // What a keystroke does to a React-controlled input: a new value, then an input event.
          const input = doc.querySelector('input[type="search"]');
          const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')?.set;
          setValue?.call(input, action === 'search' ? 'Service 99' : '');
          input.dispatchEvent(new page.Event('input', { bubbles: true }));
        }
      }),
    [action, text] as const,
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ROUNDS = 5;

/** A verified, signed-in user with `count` subscriptions (a Premium one, for its ceiling): its token and user record. */
async function signedInUser(url: string, prefix: string, count: number) {
  const username = `${prefix}${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  await json(`${url}/api/auth/register`, { method: 'POST', body: JSON.stringify({ username, email, password: 'Secret123!' }) });
  const mailbox = (await json(`${process.env.AWS_ENDPOINT_URL_SES?.replace('127.0.0.1', 'localhost')}/store`)) as {
    emails: Array<{ destination: { to: string[] }; body: { text: string } }>;
  };
  const mail = mailbox.emails.find((m) => m.destination.to.includes(email));
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.body.text ?? '')?.[1];
  await fetch(`${url}/api/auth/verify-email/${token}`);
  const login = await json(`${url}/api/auth/login`, { method: 'POST', body: JSON.stringify({ username, password: 'Secret123!' }) });
  const headers = { authorization: `Bearer ${login.token}` };
  // Premium's ceiling (shared/domain/subscription-limits.ts): a member keeps 50.
  const { dynamo } = await import('../functions/lib/chassis/aws.js');
  const { keys, tableName } = await import('../functions/lib/chassis/table.js');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(login.user.id),
      UpdateExpression: 'SET #role = :premium',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':premium': 'premium' },
    }),
  );
  let created = 0;
  for (let i = 0; i < count; i += 50) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, (_, j) =>
        fetch(`${url}/api/subscriptions`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `Service ${i + j}`,
            amount: 1 + ((i + j) % 40),
            category: 'software',
            dueDate: addDays('2031-01-01', (i + j) % 365),
          }),
        }),
      ),
    );
    created += answers.filter((answer) => answer.status === 201).length;
  }
  if (created !== count) throw new Error(`only ${created} of ${count} subscriptions were created for the bench's user`);
  return { token: login.token as string, user: JSON.stringify(login.user) };
}

/** Loads /dashboard for a user with 1,000 subscriptions and times the first render, a search keystroke and paging. */
async function dashboardTiming(url: string) {
  if (!chromiumPath) return undefined;
  const login = await signedInUser(url, 'dash', 1000);
  const { chromium: playwright } = await import('@playwright/test');
  const browser = await playwright.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${url}/login`);
    await page.evaluate(
      ([t, u]) => {
        const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
        storage.setItem('token', t);
        storage.setItem('user', u);
      },
      [login.token, login.user],
    );
    const started = Date.now();
    await page.goto(`${url}/dashboard`);
    await page.getByText('Service 0', { exact: true }).first().waitFor({ timeout: 30_000 });
    const firstRender = Date.now() - started;
    const searches: number[] = [];
    const pages: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Service 99 and 990–999.
      searches.push(await interaction(page, 'search', 'Showing 1–8 of 11'));
      await interaction(page, 'clear', 'Showing 1–8 of 1000');
      pages.push(await interaction(page, 'next', 'Page 2 of 125'));
      await interaction(page, 'previous', 'Page 1 of 125');
    }
    const ms = (value: number) => Math.round(value * 10) / 10;
    return {
      'first render': firstRender,
      'search keystroke → result (first)': ms(searches[0]),
      [`search keystroke → result (median of ${ROUNDS})`]: ms(median(searches)),
      'next page (first)': ms(pages[0]),
      [`next page (median of ${ROUNDS})`]: ms(median(pages)),
    };
  } catch (error) {
    const screenshot = join(projectRoot, '.bench', 'dashboard-failure.png');
    await browser
      .contexts()[0]
      ?.pages()[0]
      ?.screenshot({ path: screenshot })
      .catch(() => undefined);
    console.log(`(dashboard timing failed: ${(error as Error).message.split('\n')[0]}; screenshot: ${screenshot})`);
    return undefined;
  } finally {
    await browser.close();
  }
}

/** What one cold load measured inside the page (ms since navigation start). */
interface ColdLoad {
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

type Browser = Awaited<ReturnType<typeof import('@playwright/test')['chromium']['launch']>>;

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
