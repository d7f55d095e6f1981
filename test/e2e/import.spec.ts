import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { createMember, listSubscriptions, openDashboard } from './helpers';

/**
 * Issue 24 §6 in Chromium against the embedded local stack: a Wallos export imported from the
 * dashboard — file, recognised format, the ambiguous symbols asked once, the preview, the import.
 */

const sample = (name: string) => fileURLToPath(new URL(`../fixtures/import/${name}`, import.meta.url));

test('imports a Wallos export from the dashboard, asking each ambiguous symbol once', async ({ page }) => {
  // A new account, three previews, a commit and an axe scan: more than one default test's time.
  test.slow();
  const user = await createMember('import');
  await openDashboard(page, user);

  await page.getByRole('button', { name: 'Import / Export subscriptions' }).click();
  await page.getByRole('menuitem', { name: 'Import from a file…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import subscriptions' });
  await dialog.getByLabel('File').setInputFiles(sample('wallos-export.json'));

  const format = dialog.getByLabel('Format');
  await expect(format).toBeFocused();
  await expect(format.locator('option:checked')).toHaveText('Wallos (JSON export)');
  await expect(dialog.getByText('10 to create, 0 to update, 5 to skip')).toBeVisible();

  await dialog.getByLabel('Currency of “$”').selectOption('USD');
  await dialog.getByLabel('Currency of “kr”').selectOption('SEK');
  await dialog.getByLabel('Currency of “¥”').selectOption('JPY');
  await expect(dialog.getByText('14 to create, 0 to update, 1 to skip')).toBeVisible();
  const oneTime = dialog.getByRole('row', { name: /Affinity Photo 2/ });
  await expect(oneTime).toContainText('Skip');
  await expect(oneTime).toContainText('A one-time payment (“One-time”) is not a subscription');
  await expect(dialog.getByRole('row', { name: /Storytel/ })).toContainText('SEK 229.00');
  await expectNoAxeViolations(page, 'the import dialog with its preview');

  await dialog.getByRole('button', { name: 'Import 14 subscriptions' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: '14 subscriptions imported (1 skipped).' })).toBeVisible();
  const done = dialog.getByRole('button', { name: 'Done' });
  await expect(done).toBeFocused();
  await done.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Showing 1–8 of 14')).toBeVisible();
  expect(await listSubscriptions(user)).toHaveLength(14);
});
