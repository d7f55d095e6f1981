import { expect, type Page, test } from '@playwright/test';
import { passkeyMessages } from '../../shared/api/passkeys.js';
import { SSO_PROVIDER_NAME } from '../sso-provider.js';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { createMember, MEMBER_PASSWORD, openSettings } from './helpers';

/**
 * Issue 38 §1 in Chromium, with its virtual authenticator (DevTools protocol `WebAuthn.addVirtualAuthenticator`): a
 * passkey added in Settings after the password, then a sign-in with it from the sign-in page, no username or
 * password typed; the card and its dialogs pass axe.
 */

/**
 * A platform authenticator that keeps discoverable credentials and verifies its user, as a phone or laptop does.
 * Answers a switch for the user's presence: while it is off, a request waits (the username field's autofill).
 */
async function virtualAuthenticator(page: Page): Promise<(present: boolean) => Promise<void>> {
  const session = await page.context().newCDPSession(page);
  await session.send('WebAuthn.enable');
  const { authenticatorId } = await session.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return async (present) => {
    await session.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: present });
  };
}

test('a passkey added in Settings signs in from the sign-in page, without a password', async ({ page }) => {
  const user = await createMember('passkey');
  const presence = await virtualAuthenticator(page);
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

  // Signed out, back with the passkey alone: the sign-in page's button (its autofill request waits meanwhile)…
  await page.evaluate('localStorage.clear()');
  await presence(false);
  await page.goto('/login');
  await expect(page.getByLabel('Username')).toHaveAttribute('autocomplete', 'username webauthn');
  const button = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(button).toBeVisible();
  await presence(true);
  await button.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Your Subscriptions' })).toBeVisible();
  // …and the username field's autofill, which signs in as soon as the passkey is chosen.
  await page.evaluate('localStorage.clear()');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);

  await openSettings(page, user);
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText(/Last used/)).toBeVisible();
});

/**
 * At the provider's own pages (oidc-provider's development sign-in and consent), as `login`, until it sends the
 * browser back to the site: the pages it skips once the browser has its session are skipped here too.
 */
async function atProvider(page: Page, login: string, from: string): Promise<void> {
  const site = new URL(from).origin;
  await page.waitForURL((url) => url.href !== from);
  for (let step = 0; step < 4; step++) {
    await page.waitForURL((url) => url.origin === site || url.pathname.startsWith('/interaction/'));
    if (new URL(page.url()).origin === site) return;
    const name = page.locator('input[name="login"]');
    if (await name.isVisible()) {
      await name.fill(login);
      await page.locator('input[name="password"]').fill('anything');
    }
    await page.locator('button[type="submit"]').first().click();
  }
}

test('a new user signs up with the single sign-on provider, adds a passkey, and comes back with either', async ({ page }) => {
  const presence = await virtualAuthenticator(page);
  const login = `sso${Date.now().toString(36)}`;
  let from: string;
  await page.goto('/register');
  from = page.url();
  await page.getByRole('button', { name: `Continue with ${SSO_PROVIDER_NAME}` }).click();
  await atProvider(page, login, from);
  // Back on the site: a new identity, which makes an account.
  const account = page.getByRole('form', { name: 'New account' });
  await expect(account.getByLabel('Username')).toHaveValue(login);
  await expectNoAxeViolationsInBothThemes(page, 'the single sign-on return screen');
  await account.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // No password on this account: it confirms at the provider before adding a passkey.
  await page.goto('/settings');
  await expect(page.getByRole('list', { name: 'Your linked sign-ins' }).getByText(`${login}@sso.example`)).toBeVisible();
  from = page.url();
  await page.getByRole('button', { name: `Confirm with ${SSO_PROVIDER_NAME}` }).click();
  await atProvider(page, login, from);
  await expect(page).toHaveURL(/\/settings$/);
  const form = page.getByRole('form', { name: 'New passkey' });
  await expect(form.getByText(`You confirmed it is you with ${SSO_PROVIDER_NAME}`)).toBeVisible();
  await form.getByLabel('Name').fill('Phone');
  await form.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText('Phone')).toBeVisible();

  // Signed out, back with the passkey.
  await page.evaluate('localStorage.clear()');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);

  // Signed out, back with the provider (the passkey's autofill waiting meanwhile).
  await page.evaluate('localStorage.clear()');
  await presence(false);
  await page.goto('/login');
  from = page.url();
  await page.getByRole('button', { name: `Continue with ${SSO_PROVIDER_NAME}` }).click();
  await atProvider(page, login, from);
  await expect(page).toHaveURL(/\/dashboard$/);
});
