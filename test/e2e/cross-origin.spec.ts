import { expect, test } from '@playwright/test';
import { authMessages, CROSS_ORIGIN_API } from '../../shared/api/index.js';
import { baseUrl, card, createMember, day, toast } from './helpers';
import { stack } from './stacks';

/**
 * The LocalStack deployment's shape (DESIGN §1, docs/DEPLOY.md): the SPA is an S3 website on one
 * origin and the API a REST API stage on another. The SPA finds the API through `/config.json`,
 * the handlers get payload 1.0 events, and CORS lets the browser read every answer, refusals too.
 */
test('the site on its own origin signs in and keeps subscriptions through the REST API stage', async ({ page }) => {
  const site = stack().siteUrl as string;
  const restApi = `${baseUrl()}/${CROSS_ORIGIN_API.restApiStage}`;
  expect(new URL(site).origin).not.toBe(new URL(restApi).origin);
  const user = await createMember('cors');

  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.includes('/api/')) apiCalls.push(request.url());
  });

  // A deep link is answered by the website's error document: 404 with the app shell, which routes.
  const shell = await page.goto(`${site}/login`);
  expect(shell?.status()).toBe(404);

  // A refusal crosses origins intact: SPEC's message, not a network error.
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill('Wrong-password1!');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(authMessages.invalidCredentials)).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('Dashboard123!');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(`${site}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Your Subscriptions' })).toBeVisible();

  // A write with a JSON body and the Bearer header: both need the preflight.
  await page.getByRole('button', { name: 'Add Subscription', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Subscription' });
  await dialog.getByLabel('Name', { exact: true }).fill('Tidal');
  await dialog.getByLabel('Amount (USD)').fill('10.99');
  await dialog.getByLabel('Due date').fill(day(12));
  await dialog.getByLabel('Category', { exact: true }).selectOption('music');
  await dialog.getByRole('button', { name: 'Add Subscription', exact: true }).click();
  await expect(toast(page, 'Tidal added')).toBeVisible();
  await expect(card(page, 'Tidal')).toContainText('$10.99/month');

  // Still there after a reload of the deep link.
  await page.reload();
  await expect(card(page, 'Tidal')).toBeVisible();

  expect(apiCalls.length).toBeGreaterThan(3);
  for (const call of apiCalls) expect(call.startsWith(`${restApi}/api/`), call).toBe(true);
});
