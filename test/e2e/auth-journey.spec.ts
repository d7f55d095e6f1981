import { expect, type Page, test } from '@playwright/test';
import { apiCall } from './helpers';
import { linkFromMail, mailsTo } from './mailbox';

/**
 * The walking skeleton's user journey in a real browser against the embedded local stack:
 * landing → register → verify by e-mail → login → dashboard → logout → reset password → login,
 * plus the route guards of SPEC §2.
 */

const PASSWORD = 'Journey123!';
const NEW_PASSWORD = 'Renewed456$';
let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Registers over the API (the form is the first test's subject): the account waits for its e-mail's link. */
async function register(username: string, email: string, password = PASSWORD) {
  await apiCall('POST', '/api/auth/register', { body: { username, email, password } });
}

/** Signs in on the login screen: the one on screen, or a newly opened one when another screen is. */
async function login(page: Page, username: string, password: string) {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test.describe.configure({ mode: 'serial' });

test('a visitor registers, verifies the e-mail, signs in, signs out and resets the password', async ({ page }) => {
  // Five screens, two mails and three sign-ins: about 25 s alone, more than the usual minute on a loaded machine.
  test.slow();
  const username = unique('journey');
  const email = `${username}@example.com`;

  // Landing page.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Trusted by thousands')).toBeVisible();
  for (const feature of ['Never Miss a Payment', 'Track Spending Insights', 'Organize by Category']) {
    await expect(page.getByRole('heading', { name: feature })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Start Managing Now' }).click();
  await expect(page).toHaveURL(/\/register$/);

  // Registration (the form's own checks, in SPEC §5's order, and its strength meter are its component test's:
  // web/src/features/auth/RegisterPage.test.tsx).
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await expect(page.getByText('Password strength:')).toContainText('Strong');
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await expect(page.getByText('Passwords match')).toBeVisible();
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  const dialog = page.getByRole('dialog', { name: 'Registration Successful!' });
  await expect(dialog).toContainText('Registration successful! Please check your email to verify your account before logging in.');
  await dialog.getByRole('button', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The verification link from the e-mail.
  const verifyLink = await linkFromMail(email, 'verify-email');
  expect(new URL(verifyLink).origin).toBe(new URL(page.url()).origin);
  await page.goto(verifyLink);
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login Now' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Sign in: the dashboard shows the member's sidebar.
  await login(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const sidebar = page.getByRole('complementary', { name: 'Account sidebar' });
  await expect(sidebar.getByText(username, { exact: true })).toBeVisible();
  await expect(sidebar.getByText('MEMBER', { exact: true })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Upgrade to Premium' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  await expect(page.getByText('No subscriptions found')).toBeVisible();
  await expect(page.getByText('Get started by adding your first subscription!')).toBeVisible();

  // Signed in, the public auth screens send the user back to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);

  // Logout goes to /login and ends the session.
  await sidebar.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const storedKeys = (await page.context().storageState()).origins.flatMap((origin) => origin.localStorage.map((entry) => entry.name));
  expect(storedKeys).not.toContain('token');
  expect(storedKeys).not.toContain('user');

  // Forgot password → e-mailed link → new password.
  const mailsBefore = (await mailsTo(email)).length;
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText('Link expires in 1 hour')).toBeVisible();

  const resetLink = await linkFromMail(email, 'reset-password', mailsBefore);
  await page.goto(resetLink);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Successful!' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

  // The old password no longer works; the new one does.
  await login(page, username, PASSWORD);
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await login(page, username, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Route guards for a signed-in member: /admin → /dashboard.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('route guards send visitors where SPEC §2 says; signing in before verifying shows the verification panel, and the link can be re-sent; the owner then sees the staff badges and the admin panel, and a session terminated by an administrator ends within one poll and the login screen says why', async ({
  page,
}) => {
  await page.goto('/nope');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Start Managing Now' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);

  // An account whose e-mail is not verified yet signs in on the login screen the guard led to.
  const username = unique('unverified');
  const email = `${username}@example.com`;
  await register(username, email);
  expect(await mailsTo(email)).toHaveLength(1);

  await login(page, username, PASSWORD);
  await expect(page.getByText('Please verify your email before logging in.')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('button', { name: 'Resend Verification Email' }).click();
  await expect(page.getByText('Email Sent!')).toBeVisible();
  await expect.poll(async () => (await mailsTo(email)).length).toBe(2);
  await expect(page).toHaveURL(/\/login$/);

  // The owner signs in on the same login screen, in the same tab.
  await login(page, 'owner', 'Owner123!');
  await expect(page).toHaveURL(/\/dashboard$/);
  const sidebar = page.getByRole('complementary', { name: 'Account sidebar' });
  await expect(sidebar.getByText('OWNER', { exact: true })).toBeVisible();
  await expect(sidebar.getByText('DEVELOPER', { exact: true })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Upgrade to Premium' })).toHaveCount(0);
  await sidebar.getByRole('link', { name: 'Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Manage users, permissions, and announcements')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // From now on the server answers the session check as it does after an admin terminated the session.
  await page.route('**/api/auth/me', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Your session has expired. Please log in again.', sessionInvalidated: true }),
    }),
  );
  await expect(page).toHaveURL(/\/login$/, { timeout: 8000 });
  await expect(page.getByText('Your session has been terminated by an administrator')).toBeVisible();

  // The notice is shown once: it is gone after a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByText('Your session has been terminated by an administrator')).toHaveCount(0);
});
