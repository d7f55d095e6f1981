import { expect, type Page, test } from '@playwright/test';
import { passkeyMessages } from '../../shared/api/passkeys.js';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { createMember, MEMBER_PASSWORD, openSettings } from './helpers';

/**
 * Issue 38 §1 in Chromium, with its virtual authenticator (DevTools protocol `WebAuthn.addVirtualAuthenticator`): a
 * passkey added in Settings after the password, then a sign-in with it from the sign-in page, no username or
 * password typed; the card and its dialogs pass axe.
 */

/** A platform authenticator that keeps discoverable credentials and verifies its user, as a phone or laptop does. */
async function virtualAuthenticator(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('WebAuthn.enable');
  await session.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test('a passkey added in Settings signs in from the sign-in page, without a password', async ({ page }) => {
  const user = await createMember('passkey');
  await virtualAuthenticator(page);
  await openSettings(page, user);

  const form = page.getByRole('form', { name: 'New passkey' });
  await form.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(form.getByText(passkeyMessages.nameRequired)).toBeVisible();
  await expect(form.getByLabel('Name')).toBeFocused();
  await form.getByLabel('Name').fill('Work laptop');
  await form.getByLabel('Current password').fill(MEMBER_PASSWORD);
  await form.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText(passkeyMessages.added)).toBeVisible();
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByText('Work laptop')).toBeVisible();
  await expect(list.getByText(/Never used/)).toBeVisible();

  // Renamed by keyboard: the dialog's field has the focus.
  await list.getByRole('button', { name: 'Rename Work laptop' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename passkey' });
  await expect(rename.getByLabel('Name')).toBeFocused();
  await expectNoAxeViolationsInBothThemes(page, 'Settings, renaming a passkey');
  await rename.getByLabel('Name').fill('Laptop');
  await page.keyboard.press('Enter');
  await expect(rename).toBeHidden();
  await expect(list.getByText('Laptop', { exact: true })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, 'Settings with a passkey');

  // Signed out, back with the passkey alone.
  await page.evaluate('localStorage.clear()');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Your Subscriptions' })).toBeVisible();

  await openSettings(page, user);
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText(/Last used/)).toBeVisible();
});
