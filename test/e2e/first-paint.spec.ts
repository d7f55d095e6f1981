import { expect, type Page, test } from '@playwright/test';
import type { User } from '../../shared/api/user';
import { apiCall, card, createMember, day, seedSubscription } from './helpers';

/**
 * Issue 12 'Performance': the first frame of a cold load is the screen itself (the landing page's
 * markup in its HTML; another screen's code loaded before the first render), navigations keep the
 * current screen until the next one is ready, and a signed-in screen asks for its data with its code
 * instead of after its first render. The timings themselves are `npm run bench`'s (a shared machine
 * makes them no test's business).
 */

/**
 * Installed before the app's scripts: the text of the first commit into #root, and whether the page
 * spinner ('Loading') was ever in the page. (The tests' tsconfig has no DOM types: the page's globals are read untyped.)
 */
function recordCommits() {
  const page = globalThis as any;
  page.pageSpinnerSeen = false;
  new page.MutationObserver(() => {
    const root = page.document.getElementById('root');
    if (!page.firstCommit && root?.firstChild) page.firstCommit = { text: root.textContent ?? '', at: page.performance.now() };
    for (const status of page.document.querySelectorAll('[role="status"]'))
      if (status.textContent === 'Loading') page.pageSpinnerSeen = true;
  }).observe(page.document, { subtree: true, childList: true, characterData: true });
}

const firstCommit = (page: Page) => page.evaluate((): { text: string; at: number } | undefined => (globalThis as any).firstCommit);
const pageSpinnerSeen = (page: Page) => page.evaluate((): boolean => (globalThis as any).pageSpinnerSeen);

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page comes whole in its HTML; every other screen comes in the empty app shell', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Track every subscription · Subscription Tracker');
    await expect(page.getByRole('heading', { level: 1, name: 'Take control of every subscription' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Managing Now' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();

    for (const screen of ['/login', '/features', '/dashboard']) {
      await page.goto(screen);
      await expect(page.locator('#root')).toBeEmpty();
      await expect(page).toHaveTitle('Subscription Tracker');
    }
  });
});

test('a cold load paints the landing page from its HTML, React takes over those very nodes, and going to Sign In keeps it until the login screen is ready', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  // The heading as the HTML parser made it, before any script ran.
  await page.addInitScript(() => {
    const page = globalThis as any;
    new page.MutationObserver((_records: unknown, observer: any) => {
      page.parsedHeading = page.document.querySelector('h1');
      if (page.parsedHeading) observer.disconnect();
    }).observe(page.document, { subtree: true, childList: true });
  });
  await page.addInitScript(recordCommits);
  await page.goto('/');
  // Hydrated: the live parts joined the page (a new install's line without figures, global-setup.ts),
  // and the heading is the parser's own node.
  await expect(page.getByTestId('landing-counters-without-figures')).toBeVisible();
  expect(await page.evaluate(() => (globalThis as any).document.querySelector('h1') === (globalThis as any).parsedHeading)).toBe(true);
  await expect(page.locator('footer')).toContainText(`© ${new Date().getFullYear()} Subscription Tracker`);
  expect(problems).toEqual([]);

  await page.getByRole('link', { name: 'Sign In' }).first().click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await pageSpinnerSeen(page)).toBe(false);
});

test('a signed-in cold load paints the dashboard first and asks for the list before that first frame', async ({ page }) => {
  const member = await createMember('paint');
  await seedSubscription(member, { name: 'Paint Cloud', amount: 9, billingCycle: 'monthly', category: 'software', dueDate: day(20) });
  const user = await apiCall<User>('GET', '/api/auth/me', { token: member.token });
  await page.addInitScript(
    ([token, record]) => {
      (globalThis as any).localStorage.setItem('token', token);
      (globalThis as any).localStorage.setItem('user', record);
    },
    [member.token, JSON.stringify(user)],
  );
  await page.addInitScript(recordCommits);

  const listRequests: string[] = [];
  page.on('request', (request) => new URL(request.url()).pathname === '/api/subscriptions' && listRequests.push(request.method()));
  await page.goto('/dashboard');
  await expect(card(page, 'Paint Cloud')).toBeVisible();
  const commit = await firstCommit(page);
  expect(commit?.text).toContain(`Welcome back, ${member.username}`);
  expect(await pageSpinnerSeen(page)).toBe(false);
  // The list's request left with the dashboard's code, before the dashboard's first render.
  const listRequested = await page.evaluate(
    (): number | undefined =>
      (globalThis as any).performance
        .getEntriesByType('resource')
        .find((entry: { name: string }) => new URL(entry.name).pathname === '/api/subscriptions')?.startTime,
  );
  expect(listRequested).toBeLessThan(commit?.at ?? 0);
  // Asked once: the entry's early request is the one the list's query takes (web/src/api/earlyAnswers.ts).
  expect(listRequests).toEqual(['GET']);
});
