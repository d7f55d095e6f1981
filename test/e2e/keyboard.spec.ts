import { expect, type Page, test } from '@playwright/test';
import { card, createMember, day, grantMembership, MEMBER_PASSWORD, seedSubscription, signIn, type TestUser, toast } from './helpers';

/**
 * Keyboard-only use (issue 12 'Accessibility'): where the focus goes after a change of screen, a
 * confirmed cancel or delete, and paging to the first or last page; what the screen announces; the
 * tab order past the chart; the report's scrollable table; one focus ring for every control; the
 * password field's description; the logo link's name; toasts in one live region, never over a
 * dialog's buttons.
 */

test.describe.configure({ mode: 'serial' });

/** The element that has the focus, described by its role and accessible name as Playwright would find it. */
const focused = (page: Page) => page.locator('*:focus');

/** Every id that an aria-describedby or aria-labelledby on the page points at but no element has. */
async function missingReferences(page: Page): Promise<string[]> {
  return (await page.evaluate(`
    [...document.querySelectorAll('[aria-describedby], [aria-labelledby]')]
      .flatMap((el) => [el.getAttribute('aria-describedby'), el.getAttribute('aria-labelledby')])
      .filter(Boolean)
      .flatMap((ids) => ids.split(/\\s+/))
      .filter((id) => !document.getElementById(id))
  `)) as string[];
}

/** The box-shadow that shows the focus on the focused control (a text field shows it on its frame). */
async function focusRing(page: Page): Promise<string> {
  return (await page.evaluate(`(() => {
    const el = document.activeElement;
    const frame = el.matches('input') && el.parentElement.matches('[class*="control"]') ? el.parentElement : el;
    return getComputedStyle(frame).boxShadow;
  })()`)) as string;
}

async function vipWithSubscriptions(count: number): Promise<TestUser> {
  const vip = await createMember('keys');
  await grantMembership(vip, 'vip', 30);
  for (let i = 1; i <= count; i++) {
    await seedSubscription(vip, {
      name: `Service ${String(i).padStart(2, '0')}`,
      amount: 5 + i,
      category: i % 2 ? 'streaming' : 'cloud',
      dueDate: day(i),
      description: '',
      autoRenew: true,
      billingCycle: 'monthly',
    });
  }
  return vip;
}

test('signing in, confirming, paging and the report, by keyboard alone', async ({ page }) => {
  const vip = await vipWithSubscriptions(10);

  // Login by keyboard: the dashboard's heading takes the focus and its title is announced.
  await page.goto('/login');
  await page.getByLabel('Username').fill(vip.username);
  await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1, name: `Welcome back, ${vip.username}` });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Dashboard · Subscription Tracker' })).toBeAttached();

  // Nothing to stop at inside the (hidden) chart: Yearly Spending, the list's Import / Export, then the search box.
  await page.getByRole('button', { name: 'Yearly Spending' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Import / Export subscriptions' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused();

  // One focus ring: a text field shows the same 2 px ring (after a 2 px gap) as a button.
  const ring = /^rgb\([^)]*\) 0px 0px 0px 2px, rgb\([^)]*\) 0px 0px 0px 4px$/;
  await expect.poll(() => focusRing(page)).toMatch(ring);
  const searchRing = await focusRing(page);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Yearly Spending' })).toBeFocused();
  await expect.poll(() => focusRing(page)).toBe(searchRing);

  // The report's table scrolls inside the dialog and is reached by Tab.
  await page.keyboard.press('Enter');
  const report = page.getByRole('dialog', { name: 'Yearly Spending Report' });
  const table = report.getByRole('region', { name: 'Subscriptions table' });
  const focusedLabel = () => page.evaluate(`document.activeElement?.getAttribute('aria-label')`);
  for (let i = 0; i < 10 && (await focusedLabel()) !== 'Subscriptions table'; i++) await page.keyboard.press('Tab');
  await expect(table).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(report).toBeHidden();

  // Cancel, confirmed: the card stays with other buttons, its first one takes the focus. Sorted by name, so the
  // canceled card keeps its place (by due date canceled ones go after the active ones, issue 35 §2.12).
  const sortBy = page.getByLabel('Sort by');
  await sortBy.focus();
  await page.keyboard.press('ArrowDown');
  await expect(sortBy).toHaveValue('name');
  await card(page, 'Service 01').getByRole('button', { name: 'Cancel subscription Service 01' }).focus();
  await page.keyboard.press('Enter');
  const cancel = page.getByRole('alertdialog', { name: 'Cancel this subscription?' });
  await expect(cancel.getByRole('button', { name: 'Keep Subscription' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(cancel).toBeHidden();
  await expect(card(page, 'Service 01').getByRole('button', { name: 'Reactivate Service 01' })).toBeFocused();

  // Move to Trash, confirmed: the card is gone, the one now in its place takes the focus.
  await card(page, 'Service 02').getByRole('button', { name: 'Delete Service 02' }).focus();
  await page.keyboard.press('Enter');
  const trash = page.getByRole('alertdialog', { name: 'Move to trash?' });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(trash).toBeHidden();
  await expect(card(page, 'Service 02')).toHaveCount(0);
  await expect(card(page, 'Service 03').getByRole('button', { name: 'Edit Service 03' })).toBeFocused();

  // Paging: reaching the last page disables Next, so Previous takes the focus, and the other way round.
  await expect(toast(page, 'Service 02 moved to the trash')).toBeVisible();
  const pages = page.getByRole('navigation', { name: 'Subscription pages' });
  await pages.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await expect(pages.getByText('Page 2 of 2')).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(pages.getByText('Page 1 of 2')).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Next' })).toBeFocused();

  // A change of screen by keyboard: Settings' heading takes the focus, its title is announced.
  await page.getByRole('complementary', { name: 'Account sidebar' }).getByRole('link', { name: 'Settings' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Account Settings · Subscription Tracker' })).toBeAttached();
  expect(await focused(page).count()).toBe(1);
});

test('toasts are announced by one live region and never cover a dialog’s buttons', async ({ page }) => {
  const member: TestUser = await createMember('toasts');
  for (const name of ['Alpha', 'Beta']) {
    await seedSubscription(member, {
      name,
      amount: 3,
      category: 'music',
      dueDate: day(4),
      description: '',
      autoRenew: true,
      billingCycle: 'monthly',
    });
  }
  await signIn(page, member.token);
  await page.goto('/dashboard');
  const live = page.getByRole('region', { name: 'Notifications' }).locator('[aria-live="polite"]');
  await expect(live).toHaveCount(1);
  await expect(live).toBeEmpty();

  for (const width of [1280, 390]) {
    // A short viewport: the confirmation reaches down to where the toasts are, unless it keeps clear of them.
    await page.setViewportSize({ width, height: 460 });
    // Renew by keyboard → a toast in the live region; a confirmation opened while it shows sits above it.
    await card(page, 'Alpha').getByRole('button', { name: 'Cancel subscription Alpha' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect(live.getByText('Alpha canceled', { exact: true })).toBeVisible();
    // The pointer rests on the toast, which keeps it (however slow the machine), and the keyboard opens the next confirmation.
    await live.getByRole('listitem').first().hover();
    await card(page, 'Beta').getByRole('button', { name: 'Delete Beta' }).press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Move to trash?' });
    await expect(dialog).toBeVisible();
    const toastBox = await live.getByRole('listitem').first().boundingBox();
    for (const button of await dialog.getByRole('button').all()) {
      const box = await button.boundingBox();
      if (!box || !toastBox) throw new Error('the toast and the dialog are on screen');
      const overlaps =
        box.x < toastBox.x + toastBox.width &&
        toastBox.x < box.x + box.width &&
        box.y < toastBox.y + toastBox.height &&
        toastBox.y < box.y + box.height;
      expect(overlaps, `the toast covers ${await button.textContent()} at ${width} px`).toBe(false);
    }
    await dialog.getByRole('button', { name: 'Keep It' }).click();
    await card(page, 'Alpha').getByRole('button', { name: 'Reactivate Alpha' }).click();
    await expect(card(page, 'Alpha').getByRole('button', { name: 'Cancel subscription Alpha' })).toBeVisible();
    // The next width starts with no toast, as after reading them: one toast shows when its confirmation opens.
    const dismiss = page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Dismiss notification' });
    while ((await dismiss.count()) > 0) await dismiss.first().click();
  }
});

test('the register form describes the password only once the meter is there; the logo link is named by its text', async ({ page }) => {
  await page.goto('/register');
  const password = page.getByLabel('Password', { exact: true });
  expect(await missingReferences(page)).toEqual([]);
  await expect(password).not.toHaveAttribute('aria-describedby', /password-strength/);
  await password.fill('abc');
  await expect(password).toHaveAttribute('aria-describedby', /password-strength/);
  expect(await missingReferences(page)).toEqual([]);

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByRole('link', { name: 'Subscription Tracker', exact: true })).toBeVisible();
  }

  // A change of screen by a link: the new screen's heading has the focus.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});
