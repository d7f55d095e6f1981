import { existsSync, readFileSync } from 'node:fs';
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
    const weights = routeWeights(dist, readFileSync(join(projectRoot, 'web', 'src', 'router.tsx'), 'utf8'));
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
    if (browser) table('Dashboard with 1,000 subscriptions (Chromium, headless; ms from the input event to the painted result)', [browser]);
  } else {
    console.log('\n(web/dist/.vite/manifest.json missing: run `npm run build:web` for the web figures)');
  }
}

/**
 * Times one interaction inside the page, without Playwright's round trips and polling: from
 * just before the input event is dispatched until the frame after the DOM first shows `text`
 * (a MutationObserver sees the text, then requestAnimationFrame + a task: the frame was painted).
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

/** Loads /dashboard for a user with 1,000 subscriptions and times the first render, a search keystroke and paging. */
async function dashboardTiming(url: string) {
  if (!chromiumPath) return undefined;
  const username = `dash${Date.now().toString(36)}`;
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
  let created = 0;
  for (let i = 0; i < 1000; i += 50) {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, j) =>
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
  if (created !== 1000) throw new Error(`only ${created} of 1,000 subscriptions were created for the dashboard timing`);
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
      [login.token, JSON.stringify(login.user)],
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
