import { expect, test } from '@playwright/test';
import { SUBSCRIPTIONS_PAGE_SIZE } from '../../shared/api/subscription-list.js';
import { subscriptionLimitMessage } from '../../shared/api/subscriptions.js';
import { expectNoAxeViolations } from './axe';
import { createMember, day, openDashboard, seedSubscriptionsDirectly, updateProfile } from './helpers';

/**
 * Issue 21 point 5 in Chromium against the embedded local stack: the dashboard shows every
 * subscription of an account whose list comes in several pages, and a create past the plan's
 * ceiling shows the limit and the way to /upgrade.
 */

test.describe.configure({ mode: 'serial' });

test('shows every subscription of a list that comes in more than one page', async ({ page }) => {
  const user = await createMember('pages');
  await updateProfile(user.id, { role: 'premium' });
  const count = SUBSCRIPTIONS_PAGE_SIZE + 10;
  await seedSubscriptionsDirectly(user, count, day(20));
  await openDashboard(page, user);
  await expect(page.getByText(`Showing 1–8 of ${count}`)).toBeVisible();
});

test('a member at 50 is told the limit and shown the plans', async ({ page }) => {
  const user = await createMember('limit');
  await seedSubscriptionsDirectly(user, 50, day(20));
  await openDashboard(page, user);
  await expect(page.getByText('Showing 1–8 of 50')).toBeVisible();

  await page.getByRole('button', { name: 'Add Subscription', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Subscription' });
  await dialog.getByLabel('Name', { exact: true }).fill('One too many');
  await dialog.getByLabel('Amount (USD)').fill('5');
  await dialog.getByLabel('Due date').fill(day(5));
  await dialog.getByLabel('Category', { exact: true }).selectOption('streaming');
  await dialog.getByRole('button', { name: 'Add Subscription', exact: true }).click();

  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Subscription limit reached');
  await expect(alert).toContainText(subscriptionLimitMessage('member'));
  await expectNoAxeViolations(page, 'the subscription limit message');
  await alert.getByRole('link', { name: 'See plans' }).click();
  await expect(page).toHaveURL(/\/upgrade$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Unlock Premium Features' })).toBeVisible();
});
