import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { logoMessages } from '../../shared/api/logos.js';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { card, createMember, day, openDashboard, seedSubscription, toast } from './helpers';

/**
 * Issue 36's done-check in Chromium: a new user's Netflix, Spotify and GitHub show their built-in logos and Disney+
 * its website's own icon (fetched by the logo function from a website on loopback, which only the local stack's
 * guard lets through), without anything more done; then its logo is changed by keyboard and a picture uploaded.
 */
const ICON = readFileSync(new URL('../../web/public/favicon-48.png', import.meta.url));

let website: Server;
let websiteUrl: string;
test.beforeAll(async () => {
  website = createServer((req, res) => {
    if (req.url === '/')
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<head><link rel="apple-touch-icon" href="/touch.png"></head>');
    if (req.url === '/touch.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(ICON);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
  websiteUrl = `http://127.0.0.1:${(website.address() as AddressInfo).port}/`;
});
test.afterAll(() => new Promise<void>((resolve) => website.close(() => resolve())));

const base = { amount: 9.99, category: 'streaming', billingCycle: 'monthly', autoRenew: true } as const;

test('four logos without asking, then one changed by keyboard and one uploaded', async ({ page }) => {
  const user = await createMember('logos');
  for (const name of ['Netflix', 'Spotify', 'GitHub']) await seedSubscription(user, { ...base, name, dueDate: day(10) });
  await openDashboard(page, user);

  // Disney+ typed in with its website, as a user would.
  await page.getByRole('button', { name: 'Add Subscription', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Add Subscription' });
  await form.getByLabel('Name', { exact: true }).fill('Disney+');
  await form.getByLabel('Amount (USD)').fill('13.99');
  await form.getByLabel('Due date').fill(day(12));
  await form.getByLabel('Category', { exact: true }).selectOption('streaming');
  await form.getByLabel('Website (optional)').fill(websiteUrl);
  await form.getByRole('button', { name: 'Add Subscription' }).click();
  await expect(form).toBeHidden();

  const logoOf = (name: string) => card(page, name).locator('img');
  for (const [name, src] of [
    ['Netflix', '/logos/brands/netflix.svg'],
    ['Spotify', '/logos/brands/spotify.svg'],
    ['GitHub', '/logos/brands/github.svg'],
  ]) {
    await expect(logoOf(name)).toHaveAttribute('src', src);
    await expect(logoOf(name)).toHaveAttribute('alt', '');
  }
  // The website's icon arrives once the logo function has fetched it: the list, asked again, has it.
  const site = encodeURIComponent(new URL(websiteUrl).host);
  await expect(async () => {
    await page.reload();
    await expect(logoOf('Disney+')).toHaveAttribute('src', `/logos/sites/${site}`, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  // Every logo drew: none fell back to its monogram.
  for (const name of ['Netflix', 'Spotify', 'GitHub', 'Disney+']) {
    await expect
      .poll(() => logoOf(name).evaluate((image) => (image as unknown as { complete: boolean; naturalWidth: number }).naturalWidth > 0))
      .toBe(true);
  }

  // Change logo, by keyboard: the choices open with the chosen one focused, an arrow moves, Enter saves.
  await card(page, 'Disney+').getByRole('button', { name: 'Disney+', exact: true }).click();
  const details = page.getByRole('dialog', { name: 'Disney+' });
  const changeLogo = details.getByRole('button', { name: 'Change logo' });
  await changeLogo.focus();
  await page.keyboard.press('Enter');
  const choices = details.getByRole('group', { name: 'Show' });
  await expect(choices.getByRole('radio', { name: /^Automatic/ })).toBeFocused();
  await expect(choices.getByRole('radio')).toHaveCount(3);
  await expectNoAxeViolationsInBothThemes(page, "a subscription's details with 'Change logo' open");
  await page.emulateMedia({ colorScheme: 'light' });
  await page.keyboard.press('ArrowDown');
  await expect(choices.getByRole('radio', { name: /^Its website’s icon/ })).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(choices.getByRole('radio', { name: /^No logo/ })).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(toast(page, logoMessages.logoChanged)).toBeVisible();
  await expect(changeLogo).toBeFocused();
  await expect(card(page, 'Disney+').locator('img')).toHaveCount(0);

  // A picture of the user's own: uploaded straight to the bucket, checked, and shown from our origin.
  await changeLogo.click();
  await details.getByLabel('Upload a picture').setInputFiles({ name: 'disney.png', mimeType: 'image/png', buffer: ICON });
  await expect(toast(page, logoMessages.logoUploaded)).toBeVisible();
  await expect(details.getByText('Your picture')).toBeVisible();
  await expect(logoOf('Disney+')).toHaveAttribute('src', new RegExp(`^/avatars/${user.id}/logo-[0-9a-f-]{36}\\.png$`));
});
