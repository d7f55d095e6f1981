import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes } from './axe';
import {
  apiCall,
  baseUrl,
  createMember,
  day,
  grantMembership,
  horizontalOverflow,
  MEMBER_PASSWORD,
  openAdmin,
  openDashboard,
  ownerToken,
  seedSubscription,
  type TestUser,
  toast,
} from './helpers';

/**
 * The admin console's User Management tab (SPEC §2 'Admin Dashboard', §4 'Account status', §5
 * 'Admin', §8 'Admin') in Chromium against the embedded local stack, signed in as the seeded owner
 * (global-setup.ts starts the stack with owner / Owner123!).
 */

test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.ADMIN_SHOTS_DIR;

let ownerSession = '';
test.beforeAll(async () => {
  ownerSession = await ownerToken();
});

/** Opens the dashboard as `user` in a browser context of its own (a second person at their own computer). */
async function memberPage(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  const page = await context.newPage();
  await openDashboard(page, user);
  return page;
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(text);
  // The caption names the search once the debounce has passed; then the page for it loads.
  await expect(page.getByRole('table').locator('caption')).toContainText(`matching “${text}”`);
  await expect(page.getByText('Loading users...')).toHaveCount(0);
  await expect(page.getByRole('table').getByRole('rowheader')).not.toHaveCount(0);
}

const row = (page: Page, user: { id: string }): Locator => page.locator(`tbody tr[data-user-id="${user.id}"]`);
const cell = (page: Page, user: { id: string }, index: number): Locator => row(page, user).locator('th, td').nth(index);

/** The row's Membership menu button, in the Membership column (SPEC §2, decision 0121). */
const menuButton = (page: Page, user: { id: string; username: string }): Locator =>
  row(page, user).getByRole('button', { name: `Membership for ${user.username}` });

/** The row's delete button, in the Actions column. */
const deleteButton = (page: Page, user: { id: string; username: string }): Locator =>
  row(page, user).getByRole('button', { name: `Delete ${user.username}` });

/** The items of a row's Membership menu, opened by a click. */
async function openRowMenu(page: Page, user: { id: string; username: string }): Promise<Locator> {
  await menuButton(page, user).click();
  const menu = page.getByRole('menu', { name: `Membership for ${user.username}` });
  await expect(menu).toBeVisible();
  return menu;
}

/** Chooses `item` in the row's Membership menu. */
async function rowAction(page: Page, user: { id: string; username: string }, item: string): Promise<void> {
  await (await openRowMenu(page, user)).getByRole('menuitem', { name: item, exact: true }).click();
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'dark' });
}

test('the owner sees the page, the tabs, the counters and the table; their own row is locked; creates a user; a role change updates only that row', async ({
  page,
}) => {
  const prefix = `pair${Date.now().toString(36)}`;
  const first = await createMember(prefix);
  const second = await createMember(prefix);
  await openAdmin(page, ownerSession);
  await expect(page).toHaveTitle('Admin Dashboard · Subscription Tracker');
  await expect(page.getByText('Manage users, permissions, and announcements', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');

  // A tablist moved with the arrow keys.
  const tabs = page.getByRole('tablist', { name: 'Admin sections' });
  const users = tabs.getByRole('tab', { name: 'User Management' });
  const announcements = tabs.getByRole('tab', { name: 'Announcements' });
  await expect(users).toHaveAttribute('aria-selected', 'true');
  await users.focus();
  await page.keyboard.press('ArrowRight');
  await expect(announcements).toHaveAttribute('aria-selected', 'true');
  await expect(announcements).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Announcements' })).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(users).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'User Management' })).toBeVisible();

  const counts = page.getByRole('definition');
  await expect(page.getByRole('term')).toHaveText(['Total Users', 'Developers', 'Premium', 'VIP']);
  await expect(counts.first()).toHaveText(/^\d+$/);
  expect(Number(await counts.first().textContent())).toBeGreaterThanOrEqual(1);

  const table = page.getByRole('table', { name: /All Users/ });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Username',
    'Role',
    'Subscription',
    'Time Left',
    'Created',
    'Actions',
    'Membership',
  ]);

  await search(page, 'owner');
  const me = table.getByRole('row', { name: /owner \(You\)/ });
  await expect(me).toHaveCount(1);
  await expect(me.getByLabel('Role of owner')).toBeDisabled();
  // Delete, in the Actions column: shown, focusable, refused with its reason; choosing it does nothing.
  const del = me.getByRole('button', { name: 'Delete owner' });
  await expect(del).toHaveAttribute('aria-disabled', 'true');
  await expect(del).toHaveAttribute('title', 'Cannot delete yourself');
  await del.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  // Nobody grants themselves a membership or changes their own e-mail here (decision 0104): the
  // Membership column's menu lists them, disabled, with the reason.
  const ownButton = me.getByRole('button', { name: 'Membership for owner' });
  await ownButton.click();
  const ownMenu = page.getByRole('menu', { name: 'Membership for owner' });
  await expect(ownMenu.getByRole('menuitem')).toHaveText(['Grant Membership', 'Change Email']);
  for (const [item, reason] of [
    ['Grant Membership', 'You cannot grant or extend your own membership'],
    ['Change Email', 'Change your own email in Settings'],
  ]) {
    await expect(ownMenu.getByRole('menuitem', { name: item })).toHaveAttribute('aria-disabled', 'true');
    await expect(ownMenu.getByRole('menuitem', { name: item })).toHaveAttribute('title', reason);
  }
  // Choosing one does nothing; Escape closes the menu and focus goes back to its button.
  await page.keyboard.press('End');
  await expect(ownMenu.getByRole('menuitem', { name: 'Change Email' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(ownButton).toBeFocused();
  await expect(me.getByRole('cell').nth(3)).toHaveText(/^\d{1,2}\/\d{1,2}\/\d{4}$|^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

  await expectNoAxeViolationsInBothThemes(page, 'the admin dashboard');
  await shoot(page, 'admin-1280');

  // Creates a user (the required fields and the default role: UserDialogs.test.tsx, 'the admin’s Add New User').
  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New User' });
  await expectNoAxeViolationsInBothThemes(page, 'the Add New User dialog');

  const username = `made${Date.now().toString(36)}`;
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill('Created123!');
  await dialog.getByLabel('Role').selectOption('vip');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'User created successfully')).toBeVisible();

  await search(page, username);
  const made = page.getByRole('row', { name: new RegExp(username) });
  await expect(made.getByRole('rowheader')).toHaveText(username);
  await expect(made.getByLabel(`Role of ${username}`)).toHaveValue('vip');
  // The new account signs in with the password the admin chose.
  await apiCall('POST', '/api/auth/login', { body: { username, password: 'Created123!' } });

  // A role change updates only that row, without reloading the list.
  await search(page, prefix);
  await expect(page.getByRole('table').getByRole('rowheader')).toHaveCount(2);
  const developersBefore = Number(await page.getByRole('definition').nth(1).textContent());

  const listCalls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname.endsWith('/auth/users')) listCalls.push(request.url());
  });
  const secondBefore = await row(page, second).innerText();
  await row(page, first).getByLabel(`Role of ${first.username}`).selectOption('developer');
  await expect(toast(page, 'Role updated successfully')).toBeVisible();
  await expect(cell(page, first, 1)).toContainText('DEVELOPER');
  await expect(page.getByRole('definition').nth(1)).toHaveText(String(developersBefore + 1));
  expect(await row(page, second).innerText()).toBe(secondBefore);
  expect(listCalls).toEqual([]);
  const changed = await apiCall<{ role: string }>('GET', '/api/auth/me', { token: first.token });
  expect(changed.role).toBe('developer');
});

test('grants VIP to a member: their ads go and the yearly report opens; then extends and changes the e-mail', async ({ page, browser }) => {
  const member = await createMember('grantee');
  const memberView = await memberPage(browser, member);
  await expect(memberView.getByRole('complementary', { name: 'Advertisement' })).toBeVisible();
  await expect(memberView.getByRole('link', { name: 'Yearly Spending VIP', exact: true })).toBeVisible();

  await openAdmin(page, ownerSession);
  await search(page, member.username);
  await expect(cell(page, member, 2)).toHaveText('-');
  await expect(cell(page, member, 3)).toHaveText('-');
  const menu = await openRowMenu(page, member);
  await expect(menu.getByRole('menuitem')).toHaveText(['Grant Membership', 'Change Email']);
  await page.keyboard.press('Escape');

  // Grant: a preset, overridden by custom days.
  await rowAction(page, member, 'Grant Membership');
  const grant = page.getByRole('dialog', { name: 'Grant Membership' });
  await expect(grant.getByLabel('Duration').locator('option')).toHaveText([
    '7 days',
    '14 days',
    '30 days',
    '90 days',
    '180 days',
    '365 days',
    'Forever',
  ]);
  await expect(grant.getByLabel('Reason (optional)')).toHaveAttribute('placeholder', 'Granted by admin');
  await expectNoAxeViolationsInBothThemes(page, 'the Grant Membership dialog');
  await grant.getByLabel('Membership type').selectOption('vip');
  await grant.getByLabel('Duration').selectOption('90');
  await grant.getByLabel('Custom days (optional)').fill('10');
  await expect(grant).toContainText('VIP for 10 days (custom)');
  await grant.getByRole('button', { name: 'Grant Membership' }).click();
  await expect(grant).toBeHidden();
  await expect(toast(page, 'Membership granted successfully!')).toBeVisible();
  await expect(cell(page, member, 2)).toHaveText('VIP');
  await expect(cell(page, member, 3)).toHaveText('10 days left');
  await expect(row(page, member).getByLabel(`Role of ${member.username}`)).toHaveValue('vip');
  // Focus goes back to the row's Membership button.
  await expect(menuButton(page, member)).toBeFocused();

  // The member's own page follows within its 5-second poll: no ads, the report unlocked.
  await expect(memberView.getByRole('complementary', { name: 'Advertisement' })).toHaveCount(0, { timeout: 12_000 });
  await memberView.getByRole('button', { name: 'Yearly Spending' }).click();
  await expect(memberView.getByRole('dialog', { name: 'Yearly Spending Report' })).toBeVisible();
  await memberView.context().close();

  // Extend: now that a non-forever end date exists, the Membership menu offers it between the two.
  await expect((await openRowMenu(page, member)).getByRole('menuitem')).toHaveText([
    'Grant Membership',
    'Extend Subscription',
    'Change Email',
  ]);
  await page.keyboard.press('Escape');
  // Quick adds, a custom number that must be above 0.
  await rowAction(page, member, 'Extend Subscription');
  const extend = page.getByRole('dialog', { name: 'Extend Subscription' });
  await expect(extend.getByRole('group', { name: 'Quick add' }).getByRole('button')).toHaveText([
    '+1 day',
    '+7 days',
    '+30 days',
    '+90 days',
  ]);
  await expect(extend.getByLabel('Custom days (optional)')).toHaveAttribute('min', '1');
  await expectNoAxeViolationsInBothThemes(page, 'the Extend Subscription dialog');
  await extend.getByLabel('Custom days (optional)').fill('0');
  await extend.getByRole('button', { name: 'Extend Subscription' }).click();
  await expect(extend).toContainText('Please enter a valid number of days');
  await extend.getByRole('button', { name: '+7 days' }).click();
  await expect(extend.getByRole('button', { name: '+7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(extend.getByLabel('Reason (optional)')).toHaveAttribute('placeholder', 'Extended by admin (+7 days)');
  await extend.getByRole('button', { name: 'Extend Subscription' }).click();
  await expect(extend).toBeHidden();
  await expect(toast(page, 'Subscription extended successfully!')).toBeVisible();
  await expect(cell(page, member, 3)).toHaveText('17 days left');

  // Change Email (typed twice, checked: UserDialogs.test.tsx, 'the admin’s Change Email').
  await rowAction(page, member, 'Change Email');
  const email = page.getByRole('dialog', { name: 'Change Email' });
  await expectNoAxeViolationsInBothThemes(page, 'the Change Email dialog');
  await email.getByLabel('New Email', { exact: true }).fill(`${member.username}@new.example.com`);
  await email.getByLabel('Confirm New Email').fill(`${member.username}@new.example.com`);
  await email.getByRole('button', { name: 'Change Email' }).click();
  await expect(email).toBeHidden();
  await expect(toast(page, 'Email changed successfully!')).toBeVisible();
  const me = await apiCall<{ email: string }>('GET', '/api/auth/me', { token: member.token });
  expect(me.email).toBe(`${member.username}@new.example.com`);
});

test('the details show subscriptions and activity; End Sessions and deactivating end the member’s session on their open page; reset and delete ask first', async ({
  page,
  browser,
}) => {
  const member = await createMember('detailed');
  await seedSubscription(member, { name: 'Netflix', amount: 15.49, category: 'streaming', dueDate: day(12) });
  const memberView = await memberPage(browser, member);

  await openAdmin(page, ownerSession);
  await search(page, member.username);
  await row(page, member)
    .getByRole('button', { name: `View details of ${member.username}` })
    .click();
  const details = page.getByRole('dialog', { name: 'User Details' });
  await expect(details.getByRole('heading', { name: member.username })).toBeVisible();
  await expect(details.getByText('Active', { exact: true })).toBeVisible();
  await expect(details.getByText('MEMBER', { exact: true })).toBeVisible();
  await expect(details.getByRole('definition').first()).toHaveText(`${member.username}@example.com`);
  await expect(details.getByRole('heading', { name: 'Subscriptions (1)' })).toBeVisible();
  await expect(details).toContainText('Netflix');
  await expect(details).toContainText('$15.49/month');
  await expect(details.getByRole('heading', { name: 'Activity Log (Last 50)' })).toBeVisible();
  // Upper-cased with spaces (email_verified → EMAIL VERIFIED), with who did it.
  const log = details.getByRole('list', { name: 'Activity Log (Last 50)' });
  await expect(log.getByText('EMAIL VERIFIED', { exact: true })).toBeVisible();
  await expect(log.getByText('REGISTRATION', { exact: true })).toBeVisible();
  await expect(log.getByText(`by ${member.username}`).first()).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, 'the User Details dialog');
  await shoot(page, 'admin-details-1280');

  // Send Password Reset asks first.
  await details.getByRole('button', { name: 'Send Password Reset' }).click();
  const reset = page.getByRole('alertdialog', { name: 'Send Password Reset' });
  await expectNoAxeViolationsInBothThemes(page, 'the password-reset confirmation');
  await reset.getByRole('button', { name: 'Send Reset Email' }).click();
  await expect(toast(page, 'Password reset email sent successfully!')).toBeVisible();
  await expect(reset).toBeHidden();

  // End Sessions asks first, signs the member out on their open page and is logged.
  await details.getByRole('button', { name: 'End Sessions' }).click();
  const end = page.getByRole('alertdialog', { name: 'End All Sessions' });
  await expect(end).toContainText(`Sign ${member.username} out on every device?`);
  await expectNoAxeViolationsInBothThemes(page, 'the end-sessions confirmation');
  await end.getByRole('button', { name: 'End Sessions' }).click();
  await expect(toast(page, 'All sessions of this user have been ended')).toBeVisible();
  await expect(end).toBeHidden();
  await expect(
    details.getByRole('list', { name: 'Activity Log (Last 50)' }).getByText('SESSIONS TERMINATED', { exact: true }),
  ).toBeVisible();
  await expect(memberView).toHaveURL(/\/login$/, { timeout: 6000 });
  await expect(memberView.getByText('Your session has been terminated by an administrator')).toBeVisible();
  // The member signs in again, on the same page.
  const again = await apiCall<{ token: string }>('POST', '/api/auth/login', {
    body: { username: member.username, password: MEMBER_PASSWORD },
  });
  await openDashboard(memberView, again);

  // Deactivate: SPEC's confirmation; the member's open page ends up on /login within 6 s.
  await details.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Deactivate User' });
  await expect(confirm).toContainText('Are you sure you want to deactivate this user account?');
  await expectNoAxeViolationsInBothThemes(page, 'the deactivation confirmation');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toBeHidden();
  await expect(details.getByText('Deactivated', { exact: true })).toBeVisible();
  await expect(memberView).toHaveURL(/\/login$/, { timeout: 6000 });
  await expect(memberView.getByText('Your account has been deactivated by an administrator')).toBeVisible();
  await memberView.context().close();

  await details.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Activate User' })).toContainText(
    'Are you sure you want to activate this user account?',
  );
  await page.getByRole('alertdialog', { name: 'Activate User' }).getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Activate User' })).toBeHidden();
  await expect(details.getByText('Active', { exact: true })).toBeVisible();
  // Escape closes the topmost dialog: with the confirmation gone, it closes the details.
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(row(page, member).getByRole('button', { name: `View details of ${member.username}` })).toBeFocused();

  // Delete: the confirmation says everything goes.
  await deleteButton(page, member).click();
  const del = page.getByRole('alertdialog', { name: 'Delete User' });
  await expect(del).toContainText('permanently removed');
  await expectNoAxeViolationsInBothThemes(page, 'the delete confirmation');
  await del.getByRole('button', { name: 'Delete User' }).click();
  await expect(del).toBeHidden();
  await expect(row(page, member)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeFocused();
});

/** How far each row's cells reach past the table's box (0 when everything fits), in CSS pixels. */
const cellsCutBy = async (page: Page): Promise<number> =>
  Number(
    await page.evaluate(`(() => {
      const box = document.querySelector('table').parentElement.getBoundingClientRect();
      const shown = (cell) => cell.getBoundingClientRect().width > 1 && cell.closest('thead').getBoundingClientRect().width > 1;
      const cells = [...document.querySelectorAll('tbody th, tbody td')].concat([...document.querySelectorAll('thead th')].filter(shown));
      return Math.max(0, ...cells.map((cell) => cell.getBoundingClientRect().right - box.right));
    })()`),
  );

test('fits at 1280 to 390 px: the narrowest table, cards below it, every column in view, the Membership menu by keyboard, the page never sideways', async ({
  page,
}) => {
  const member = await createMember('phone');
  await grantMembership(member, 'premium', null, ownerSession);
  // One load: each width is the same page resized, as a window or a turned tablet is.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdmin(page, ownerSession);
  await search(page, member.username);
  // Either side of the cards' breakpoint (a box of 1000 px, decision 0121): the narrowest table, then
  // cards where seven columns would be cut.
  for (const width of [1110, 1090, 960]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(cell(page, member, 6)).toBeVisible();
    expect(await horizontalOverflow(page), `page overflow at ${width} px`).toBeLessThanOrEqual(0);
    expect(await cellsCutBy(page), `cells cut at ${width} px`).toBeLessThanOrEqual(0);
  }
  for (const width of [1280, 768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(cell(page, member, 2)).toHaveText(/PREMIUM/);
    await expect(cell(page, member, 3)).toHaveText(/Forever/);
    await shoot(page, `admin-${width}`);
    expect(await horizontalOverflow(page), `page overflow at ${width} px`).toBeLessThanOrEqual(0);
    expect(await cellsCutBy(page), `cells cut at ${width} px`).toBeLessThanOrEqual(0);
    // A phone's card is taller than what is left of the screen below the counters: scrolled to, as a thumb does.
    await row(page, member).scrollIntoViewIfNeeded();
    for (const control of [
      row(page, member).getByRole('button', { name: `View details of ${member.username}` }),
      row(page, member).getByLabel(`Role of ${member.username}`),
      deleteButton(page, member),
      menuButton(page, member),
    ]) {
      await expect(control).toBeInViewport({ ratio: 1 });
    }

    // The menu by keyboard: ArrowDown opens it on its first item, arrows wrap, Escape returns focus.
    await menuButton(page, member).focus();
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu', { name: `Membership for ${member.username}` });
    await expect(menuButton(page, member)).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('menuitem', { name: 'Grant Membership' })).toBeFocused();
    await expect(menu).toBeInViewport({ ratio: 1 });
    // A forever membership has no end date to extend: Grant Membership and Change Email only.
    await expect(menu.getByRole('menuitem')).toHaveText(['Grant Membership', 'Change Email']);
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: 'Change Email' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Grant Membership' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: 'Change Email' })).toBeFocused();
    await shoot(page, `admin-menu-${width}`);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(menuButton(page, member)).toBeFocused();
    await expect(menuButton(page, member)).toHaveAttribute('aria-expanded', 'false');

    // Enter opens it too, and chooses the focused item.
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'Grant Membership' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Grant Membership' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, `admin-grant-${width}`);
    await page.keyboard.press('Escape');
    await expect(menuButton(page, member)).toBeFocused();
    await row(page, member)
      .getByRole('button', { name: `View details of ${member.username}` })
      .click();
    await expect(page.getByRole('dialog', { name: 'User Details' }).getByRole('heading', { name: 'Activity Log (Last 50)' })).toBeVisible();
    await shoot(page, `admin-details-${width}`);
    await page.keyboard.press('Escape');
  }
  await expectNoAxeViolationsInBothThemes(page, 'the admin dashboard at 390 px');
});
