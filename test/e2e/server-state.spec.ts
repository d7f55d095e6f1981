import { expect, test } from '@playwright/test';
import { apiCall, card, correctThePrice, createMember, day, openDashboard, seedSubscription, toast } from './helpers';
import { linkFromMail, mailsTo } from './mailbox';

/**
 * The web app's one server-state cache (TanStack Query, DESIGN §7b) as a user sees it: the session
 * poll notices a session ended on the server, mutations update the list without reloading it, the
 * list survives moving between signed-in screens, and the next user never sees the last one's data.
 */

test.describe.configure({ mode: 'serial' });

test('a password reset elsewhere signs the open dashboard out within one poll', async ({ page }) => {
  const user = await createMember('poll');
  const email = `${user.username}@example.com`;
  await openDashboard(page, user);

  // The password is reset from another device: every session of the account ends on the server.
  const mailed = (await mailsTo(email)).length;
  await apiCall('POST', '/api/auth/forgot-password', { body: { email } });
  const link = new URL(await linkFromMail(email, 'reset-password', mailed));
  await apiCall('POST', '/api/auth/reset-password', { body: { token: link.searchParams.get('token'), password: 'Elsewhere789!' } });

  // The dashboard is left alone; the next poll of GET /api/auth/me (every 5 s) ends the session here.
  await expect(page).toHaveURL(/\/login$/, { timeout: 8000 });
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate("localStorage.getItem('token')")).toBeNull();
});

test('an edit updates the list without reloading it, the list is kept across signed-in screens, and after a sign-out the next user never sees it', async ({
  page,
}) => {
  const user = await createMember('cache');
  await seedSubscription(user, { name: 'Gym', amount: 30, billingCycle: 'monthly', category: 'gaming', dueDate: day(9) });
  const listLoads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/subscriptions') listLoads.push(request.url());
  });
  await openDashboard(page, user);
  const gym = card(page, 'Gym');
  await expect(gym).toContainText('$30.00/month');
  expect(listLoads).toHaveLength(1);

  await gym.getByRole('button', { name: 'Edit Gym' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Subscription' });
  await edit.getByLabel('Amount (USD)').fill('35');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await correctThePrice(page);
  await expect(toast(page, 'Gym updated')).toBeVisible();
  await expect(gym).toContainText('$35.00/month');
  // The card shows the PUT's answer: the list was not fetched again.
  expect(listLoads).toHaveLength(1);

  // To the settings screen and back: the cached list shows at once, while the cache checks it again
  // in the background — held here, so only the cache can be showing it.
  await page.getByRole('complementary', { name: 'Account sidebar' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/subscriptions', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(gym).toContainText('$35.00/month');
  await expect(page.getByText('Loading subscriptions')).toHaveCount(0);
  release();
  await expect.poll(() => listLoads.length).toBe(2);
  await expect(gym).toContainText('$35.00/month');

  // The next user, on this browser after a sign-out: their list is held on its way, and until it arrives the
  // dashboard has nothing to show, not the previous user's.
  const second = await createMember('second');
  await seedSubscription(second, { name: 'Second Only', amount: 8, billingCycle: 'monthly', category: 'music', dueDate: day(6) });
  await page.unroute('**/api/subscriptions');
  await page.getByRole('complementary', { name: 'Account sidebar' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  let releaseSecond: () => void = () => undefined;
  const heldSecond = new Promise<void>((resolve) => {
    releaseSecond = resolve;
  });
  await page.route('**/api/subscriptions', async (route) => {
    await heldSecond;
    await route.continue();
  });
  await page.getByLabel('Username').fill(second.username);
  await page.getByLabel('Password', { exact: true }).fill('Dashboard123!');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Loading subscriptions')).toHaveCount(1);
  await expect(gym).toHaveCount(0);
  releaseSecond();
  await expect(card(page, 'Second Only')).toBeVisible();
  await expect(gym).toHaveCount(0);
});
