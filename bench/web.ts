import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { projectRoot } from '../infra/bundling.js';
import { addDays } from '../shared/domain/dates.js';
import { json, table } from './common.js';

/** Gzipped JS of the landing page and the dashboard, and the dashboard with 1,000 subscriptions in Chromium. */
export async function webSection(url: string) {
  const dist = join(projectRoot, 'web', 'dist');
  if (existsSync(join(dist, 'index.html'))) {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    const gz = (files: string[]) => (files.reduce((n, f) => n + gzipSync(readFileSync(join(dist, f))).length, 0) / 1024).toFixed(1);
    const assets = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    const dashboard = assets.filter((f) => /dashboard|subscriptions|recharts|chart/i.test(f)).map((f) => `assets/${f}`);
    table('Web bundles (gzip)', [
      { page: 'landing page (initial JS)', 'gzip KB': gz(initial), files: initial.length },
      { page: 'dashboard (its lazy chunks)', 'gzip KB': gz(dashboard), files: dashboard.length },
    ]);
    const browser = await dashboardTiming(url);
    if (browser) table('Dashboard with 1,000 subscriptions (Chromium, headless)', [browser]);
  } else {
    console.log('\n(web/dist missing: run `npm run build:web` for the web figures)');
  }
}

/** Loads /dashboard for a user with 1,000 subscriptions and times the first render, a search keystroke and paging. */
async function dashboardTiming(url: string) {
  const chromium = process.env.PLAYWRIGHT_CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromium)) return undefined;
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
          body: JSON.stringify({ name: `Service ${i + j}`, amount: 1 + ((i + j) % 40), category: 'software', dueDate: addDays('2031-01-01', (i + j) % 365) }),
        }),
      ),
    );
    created += answers.filter((answer) => answer.status === 201).length;
  }
  if (created !== 1000) throw new Error(`only ${created} of 1,000 subscriptions were created for the dashboard timing`);
  const { chromium: playwright } = await import('@playwright/test');
  const browser = await playwright.launch({
    executablePath: chromium,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
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
    const search = page.getByRole('searchbox').first();
    const t1 = Date.now();
    await search.fill('Service 99');
    // Service 99 and 990–999.
    await page.getByText('Showing 1–8 of 11').waitFor();
    const searchMs = Date.now() - t1;
    await search.fill('');
    await page.getByText('Showing 1–8 of 1000').waitFor();
    const pages = page.getByRole('navigation', { name: 'Subscription pages' });
    const t2 = Date.now();
    await pages.getByRole('button', { name: 'Next' }).click();
    await pages.getByText('Page 2 of 125').waitFor();
    const pagingMs = Date.now() - t2;
    return { 'first render ms': firstRender, 'search keystroke → result ms': searchMs, 'next page ms': pagingMs };
  } catch (error) {
    const screenshot = join(projectRoot, '.bench', 'dashboard-failure.png');
    await browser.contexts()[0]?.pages()[0]?.screenshot({ path: screenshot }).catch(() => undefined);
    console.log(`(dashboard timing failed: ${(error as Error).message.split('\n')[0]}; screenshot: ${screenshot})`);
    return undefined;
  } finally {
    await browser.close();
  }
}
