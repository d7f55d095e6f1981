import { readFileSync, writeFileSync } from 'node:fs';
import { expect, type Page, type Request, test } from '@playwright/test';
import { COST_USAGE_FILE, type MeasuredUsage } from '../../scripts/cost-model.js';
import { routes } from '../../shared/api/index.js';
import { apiCall, card, correctThePrice, createMember, day, MEMBER_PASSWORD } from './helpers';

/**
 * What a user costs, counted in Chromium (docs/COST.md): every /api call of a typical session by
 * route, and the session poll — calls per visible minute, how many are answered 304, none while the
 * tab is hidden. The counts are committed in docs/cost-usage.json, which `npm run cost` prices; this
 * test fails when they differ from what it measured (UPDATE_COST_USAGE=1 writes them instead).
 *
 * The session is counted in a tab the page sees as hidden, so the 5 s poll (which pauses there, as
 * the second test shows) adds nothing to the screens' own calls; the poll is counted on its own, on
 * Playwright's clock, which the test moves 5 s at a time.
 */

test.describe.configure({ mode: 'serial' });

const POLL = `${routes.me.method} ${routes.me.path}`;

const routeMatchers = Object.values(routes).map((def) => ({
  name: `${def.method} ${def.path}`,
  method: def.method,
  pattern: new RegExp(`^${def.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** The contract route of an /api request: `GET /api/subscriptions/{id}`, or undefined for anything else. */
function routeOf(method: string, url: string): string | undefined {
  const { pathname } = new URL(url);
  return routeMatchers.find((route) => route.method === method && route.pattern.test(pathname))?.name;
}

/** Counts the page's /api requests by route, and the poll's answers by status. */
function countApiCalls(page: Page) {
  const byRoute: Record<string, number> = {};
  const pollStatuses: number[] = [];
  page.on('request', (request) => {
    const name = routeOf(request.method(), request.url());
    if (name) byRoute[name] = (byRoute[name] ?? 0) + 1;
  });
  page.on('response', (response) => {
    if (routeOf(response.request().method(), response.url()) === POLL) pollStatuses.push(response.status());
  });
  return { byRoute, pollStatuses };
}

/**
 * How many session polls are under way, counted from before the page opens: a poll's answer can come after the
 * next one was asked for, and the app then asks nothing more until it has (its query is still fetching).
 */
function pollsUnderWay(page: Page): () => number {
  let underWay = 0;
  const isPoll = (request: Request) => routeOf(request.method(), request.url()) === POLL;
  page.on('request', (request) => {
    if (isPoll(request)) underWay += 1;
  });
  const ended = (request: Request) => {
    if (isPoll(request)) underWay -= 1;
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return () => underWay;
}

/** The next answer to the session poll. */
const nextPoll = (page: Page) => page.waitForResponse((response) => routeOf(response.request().method(), response.url()) === POLL);

/** Makes the page see its tab shown or hidden (document.visibilityState), as when the user switches tabs. */
const visibilityScript = (visible: boolean) => {
  const state = JSON.stringify(visible ? 'visible' : 'hidden');
  return `Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => ${state} });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => ${state} === 'hidden' });`;
};

/** Shows or hides the open tab, with the visibilitychange event the browser sends. */
async function setTabVisible(page: Page, visible: boolean): Promise<void> {
  await page.evaluate(`${visibilityScript(visible)}
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));`);
}

const measured: Partial<MeasuredUsage> = {};

test('a typical session: sign in, the dashboard, add and edit a subscription, save a setting', async ({ page }) => {
  const user = await createMember('cost');
  // The app's clock stands still while its timers run: a read the app keeps fresh for a few seconds (the list
  // prefetched beside the dashboard's code) stays fresh however slowly a loaded machine gets to its next screen,
  // so the counts are the app's design, not the machine's speed (a busy run once counted the list twice).
  await page.clock.setFixedTime(new Date());
  await page.addInitScript(visibilityScript(false));
  const { byRoute } = countApiCalls(page);
  await page.goto('/login');

  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Your Subscriptions' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Subscription', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add Subscription' });
  await add.getByLabel('Name', { exact: true }).fill('Music');
  await add.getByLabel('Amount (USD)').fill('11');
  await add.getByLabel('Due date').fill(day(12));
  await add.getByLabel('Category', { exact: true }).selectOption('music');
  await add.getByRole('button', { name: 'Add Subscription', exact: true }).click();
  await expect(card(page, 'Music')).toContainText('$11.00/month');

  await card(page, 'Music').getByRole('button', { name: 'Edit Music' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Subscription' });
  await edit.getByLabel('Amount (USD)').fill('12');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await correctThePrice(page);
  await expect(card(page, 'Music')).toContainText('$12.00/month');

  await page.getByRole('complementary', { name: 'Account sidebar' }).getByRole('link', { name: 'Settings' }).click();
  const preferences = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Notification Preferences', exact: true }) });
  await preferences.getByLabel('Currency preference').selectOption('EUR');
  await preferences.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(preferences.getByText('Account settings updated successfully!', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(card(page, 'Music')).toBeVisible();

  measured.session = Object.fromEntries(Object.entries(byRoute).sort(([a], [b]) => a.localeCompare(b)));
});

test('the session poll: every 5 s while visible, answered 304, paused while hidden, and a 401 still ends it', async ({ page }) => {
  const user = await createMember('poll');
  await page.clock.install();
  await page.addInitScript(`localStorage.setItem('token', ${JSON.stringify(user.token)}); ${visibilityScript(false)}`);
  const underWay = pollsUnderWay(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Your Subscriptions' })).toBeVisible();
  // The page's own first ask for the user is answered: on a loaded machine it can still be under way when the tab
  // is shown, and the tab's ask would then wait for it and be counted as one of the minute's.
  await expect.poll(underWay).toBe(0);
  // Time stops; the tab is shown and asks for the user at once. Then no call is under way.
  await page.clock.pauseAt(Date.now() + 60_000);
  const shown = nextPoll(page);
  await setTabVisible(page, true);
  await shown;
  await expect.poll(underWay).toBe(0);
  const { byRoute, pollStatuses } = countApiCalls(page);

  // One visible minute, 5 s at a time: each step's poll is answered before time moves on.
  for (let second = 0; second < 60; second += 5) {
    const answered = nextPoll(page);
    await page.clock.runFor(5000);
    await answered;
  }
  const visiblePolls = byRoute[POLL] ?? 0;
  const notModified = pollStatuses.filter((status) => status === 304).length;

  // A hidden minute asks nothing; showing the tab asks at once, before any time passes.
  await setTabVisible(page, false);
  await page.clock.runFor(60_000);
  const onReturn = nextPoll(page);
  await setTabVisible(page, true);
  await onReturn;
  const hiddenPolls = (byRoute[POLL] ?? 0) - visiblePolls - 1;
  expect(hiddenPolls).toBe(0);

  // A 304 never hides a 401: the session ends on the server and the next poll signs the tab out.
  await apiCall('POST', '/api/auth/logout', { token: user.token });
  await page.clock.runFor(5000);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate("localStorage.getItem('token')")).toBeNull();

  measured.poll = { callsPerVisibleMinute: visiblePolls, notModifiedShare: notModified / visiblePolls, callsPerHiddenMinute: hiddenPolls };
});

test('docs/cost-usage.json holds what these tests measured', () => {
  const usage = { session: measured.session, poll: measured.poll };
  if (process.env.UPDATE_COST_USAGE) writeFileSync(COST_USAGE_FILE, `${JSON.stringify(usage, null, 2)}\n`);
  const committed = JSON.parse(readFileSync(COST_USAGE_FILE, 'utf8')) as MeasuredUsage;
  expect(usage.poll).toEqual(committed.poll);
  // The session's committed counts are what the cost model prices: the same routes, each called at most that often.
  // A screen's second visit may or may not ask again for a read another screen shares (announcements, invitations),
  // as its earlier answer is still being used or not: fewer calls than committed is the cheaper case, not a change.
  const session = usage.session ?? {};
  expect(new Set(Object.keys(session))).toEqual(new Set(Object.keys(committed.session)));
  for (const [route, calls] of Object.entries(session)) expect(calls, route).toBeLessThanOrEqual(committed.session[route] ?? 0);
});
