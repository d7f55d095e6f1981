import { expect, type Page, test } from '@playwright/test';
import type { User } from '../../shared/api/user';
import { apiCall, card, createMember, day, seedSubscription } from './subscriptions-helpers';

/**
 * Issue 12 'Performance': the first frame of a cold load is the screen itself (its code is loaded
 * before the first render), navigations keep the current screen until the next one is ready, and a
 * signed-in screen asks for its data with its code instead of after its first render. The timings
 * themselves are `npm run bench`'s (a shared machine makes them no test's business).
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

test('a cold load paints the landing page first, and going to Sign In keeps it until the login screen is ready', async ({ page }) => {
  await page.addInitScript(recordCommits);
  await page.goto('/');
  const heading = await page.getByRole('heading', { level: 1 }).textContent();
  expect(heading).toBeTruthy();
  expect((await firstCommit(page))?.text).toContain(heading);

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
});
