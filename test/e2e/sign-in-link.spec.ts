import { request } from 'node:http';
import { expect, test } from '@playwright/test';
import { authMessages } from '../../shared/api/auth-messages.js';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { baseUrl, createMember, MEMBER_PASSWORD } from './helpers';
import { linkFromMail } from './mailbox';

/**
 * Password spraying (issue 21) in Chromium against the embedded local stack: after 20 wrong passwords
 * for an account in an hour, the right one alone does not sign in. The login screen says a sign-in
 * link went to the account's address, and /confirm-sign-in?token=… finishes the sign-in, once.
 */

/**
 * A wrong password for `username` from the loopback address `address`: every 127.x.y.z reaches the
 * local stack on Linux, and binding the client side to one gives the request that client address, so
 * the per-address login limit (5 in 15 minutes) does not stop the guesses before the account's 20.
 */
function wrongPasswordFrom(address: string, username: string): Promise<number> {
  const url = new URL('/api/auth/login', baseUrl());
  const payload = JSON.stringify({ username, password: 'Not-The-Password-1!' });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: address,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

test('under a password attack the right password sends a sign-in link, which signs in once', async ({ page, browser }) => {
  const user = await createMember('spray');
  for (const address of ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5']) {
    for (let guess = 0; guess < 5; guess++) expect(await wrongPasswordFrom(address, user.username)).toBe(401);
  }

  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  const panel = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Check your email to finish signing in' }) });
  await expect(panel).toContainText(`${authMessages.signInLinkSent} The link works once.`);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate("localStorage.getItem('token')")).toBeNull();
  await expectNoAxeViolationsInBothThemes(page, 'the login screen with the sign-in link panel');

  const link = await linkFromMail(`${user.username}@example.com`, 'confirm-sign-in');
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate("localStorage.getItem('token')")).toBeTruthy();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  // The link works once: opened again (another browser), it is refused and leads back to the login screen.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await other.goto(link);
  await expect(other.getByRole('heading', { name: 'Sign-In Link Not Valid' })).toBeVisible();
  await expect(other.getByRole('alert')).toHaveText(authMessages.signInLinkInvalid);
  expect(await other.evaluate("localStorage.getItem('token')")).toBeNull();
  await expectNoAxeViolationsInBothThemes(other, 'the refused sign-in link');
  await other.getByRole('link', { name: 'Go to Login' }).click();
  await expect(other).toHaveURL(/\/login$/);
  await otherContext.close();
});
