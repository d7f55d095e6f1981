import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { apiCall, createMember, day, openDashboard, openSignedIn, seedSubscription, type TestUser, toast, updateProfile } from './helpers';

/**
 * /insights (issue 24 §5) in Chromium against the embedded local stack: the members' preview with its
 * way to /upgrade, VIP's statistics, Premium's budgets and Smart insights, the dashboard's budget
 * warning, axe-core in both themes, a 390 px phone, and the charts' code loaded by /insights only.
 */

// Each test seeds a user with subscriptions and checks a long page of charts with axe-core in both themes:
// twice the default time, so a loaded machine does not fail it.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const openInsights = (page: Page, user: TestUser) => openSignedIn(page, user.token, '/insights', 'Insights');

/** A user of `role` with a few subscriptions: two plans of one service, a yearly one, one kept since today. */
async function userWithSubscriptions(role: 'vip' | 'premium'): Promise<TestUser> {
  const user = await createMember(role);
  await updateProfile(user.id, { role });
  await seedSubscription(user, { name: 'Spotify Premium', amount: 11.99, category: 'music', dueDate: day(0), billingCycle: 'monthly' });
  await seedSubscription(user, { name: 'Spotify Family', amount: 19.99, category: 'music', dueDate: day(5), billingCycle: 'monthly' });
  await seedSubscription(user, { name: 'Netflix', amount: 17.99, category: 'streaming', dueDate: day(2), billingCycle: 'monthly' });
  await seedSubscription(user, { name: 'Google One', amount: 99.99, category: 'cloud', dueDate: day(40), billingCycle: 'yearly' });
  return user;
}

const card = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

test('members see a preview with sample data and the way to the plans', async ({ page }) => {
  const member = await createMember('preview');
  await openInsights(page, member);
  await expect(page.getByText('A preview with sample data')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/upgrade');
  // The sample figures fill every VIP section; Premium's are locked with their own way to /upgrade.
  await expect(card(page, 'Spend per month').getByRole('figure')).toBeVisible();
  await expect(card(page, 'Lifetime spend').getByRole('rowheader', { name: /Netflix/ })).toBeVisible();
  for (const title of ['Smart insights', 'Budgets']) {
    await expect(card(page, title).getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/upgrade');
  }
  await expectNoAxeViolationsInBothThemes(page, 'the members’ preview of /insights');
});

test('VIP: the dashboard’s first visit does not load the charts; /insights does, with their own statistics and text alternatives; budgets and Smart insights stay Premium’s', async ({
  page,
}) => {
  const vip = await userWithSubscriptions('vip');
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    // A script of the page before the dashboard (the one that stores the session) may be gone with that page.
    const code = await response.text().catch(() => null);
    if (code !== null) scripts.push(code);
  });
  await openDashboard(page, vip);
  await page.waitForLoadState('networkidle');
  // recharts names its SVG parts 'recharts-…' (recharts-wrapper, recharts-surface) in its code.
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((code) => code.includes('recharts-wrapper'))).toEqual([]);
  // The sidebar's way there.
  await page.getByRole('link', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/\/insights$/);
  await expect(page).toHaveTitle('Insights · Subscription Tracker');
  await expect(card(page, 'Spend per month').getByRole('figure')).toBeVisible();
  expect(scripts.filter((code) => code.includes('recharts-wrapper')).length).toBeGreaterThan(0);

  // VIP's own figures, not the members' sample.
  await expect(page.getByText('A preview with sample data')).toHaveCount(0);
  const monthly = card(page, 'Spend per month');
  await expect(monthly.getByRole('figure')).toContainText('projected for the next 12');
  await monthly.getByText('Show the figures').click();
  await expect(monthly.getByRole('row')).toHaveCount(25);
  await expect(card(page, 'Spend by category').getByRole('figure')).toContainText('Music is the largest category');
  await expect(card(page, 'Lifetime spend').getByRole('rowheader', { name: /Spotify Family/ })).toBeVisible();
  await expect(card(page, 'Smart insights').getByRole('link', { name: 'Upgrade to Premium' })).toBeVisible();
  await expect(card(page, 'Budgets').getByRole('link', { name: 'Upgrade to Premium' })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, '/insights for VIP');
});

test('Premium: the page fits a 390 px phone; Smart insights, budgets saved, a refused one says why, and the dashboard warns of a passed one', async ({
  page,
}) => {
  const premium = await userWithSubscriptions('premium');
  // A 390 px phone: no sideways scrolling once the charts are drawn.
  await page.setViewportSize({ width: 390, height: 844 });
  await openInsights(page, premium);
  await expect(card(page, 'Spend per month').locator('.recharts-surface')).toBeVisible();
  const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'));
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  await expect(card(page, 'Smart insights')).toContainText('2 subscriptions to one service');
  await expect(card(page, 'Smart insights')).toContainText('Spotify Family and Spotify Premium look like the same service');

  // A monthly budget below the $11.99 renewing today, which this month's projection counts whatever the day of
  // the month (the renewals 2 and 5 days on fall into the next month from the 27th): the dashboard warns below.
  const budgets = card(page, 'Budgets');
  await budgets.getByLabel('Monthly budget (all subscriptions)').fill('10');
  await budgets.getByRole('button', { name: 'Add a category budget' }).click();
  await budgets.getByLabel('Category 1', { exact: true }).selectOption('music');
  await budgets.getByLabel('Monthly budget for category 1').fill('100');
  await budgets.getByRole('button', { name: 'Save budgets' }).click();
  await expect(toast(page, 'Budgets saved')).toBeVisible();
  await expect(budgets.getByRole('list', { name: /^Budgets in / })).toContainText('Monthly budget');
  expect(await apiCall('GET', '/api/budgets', { token: premium.token })).toEqual({
    monthly: 10,
    currency: 'USD',
    categories: [{ category: 'music', monthly: 100 }],
  });
  await expectNoAxeViolationsInBothThemes(page, '/insights for Premium');

  // A refused budget says why.
  await budgets.getByLabel('Monthly budget (all subscriptions)').fill('-3');
  await budgets.getByRole('button', { name: 'Save budgets' }).click();
  await expect(budgets.getByRole('alert')).toHaveText('A monthly budget must be a number greater than 0');

  // The dashboard warns of the passed monthly budget, not of the music one.
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  const warning = page.getByRole('status').filter({ hasText: /^Over budget in / });
  await expect(warning).toContainText('Monthly budget:');
  await expect(warning).not.toContainText('Music budget');
  await expect(warning.getByRole('link', { name: 'Review budgets' })).toHaveAttribute('href', '/insights');
});
