import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { apiCall, createMember, type TestUser, toast, updateProfile } from './subscriptions-helpers';

/**
 * Reminder rules (issue 25 §1) in Chromium against the embedded local stack: a VIP sets the hour, the
 * time zone and the account's rules by keyboard; a member sees the standard reminders and the upgrade
 * path; axe-core in both themes, and the phone width.
 */
test.describe.configure({ mode: 'serial' });

async function openSettings(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(user.token)}); localStorage.removeItem('user')`);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
}

const section = (page: Page, name: string): Locator =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the control');
}

/** Chooses an option of the focused select by typing its first letters, as a keyboard user does. */
async function typeInto(page: Page, select: Locator, text: string, value: string): Promise<void> {
  await expect(select).toBeFocused();
  await page.keyboard.type(text);
  await expect(select).toHaveValue(value);
}

test('a member sees the standard reminders and the upgrade path', async ({ page }) => {
  const member = await createMember('rulem');
  await openSettings(page, member);
  const reminders = section(page, 'Reminders');
  await expect(reminders.getByRole('listitem')).toHaveText([
    '10 days before renewal by E-mail',
    '10 days before the trial ends by E-mail',
    '10 days before the cancel-by date by E-mail',
    '3 days before renewal by E-mail',
    '3 days before the trial ends by E-mail',
    '3 days before the cancel-by date by E-mail',
  ]);
  await expect(reminders.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/upgrade');
  await expect(reminders.getByRole('button', { name: 'Add reminder' })).toHaveCount(0);
  await expect(reminders.getByLabel('Send reminders at')).toHaveValue('8');
  await expectNoAxeViolationsInBothThemes(page, 'settings reminders, member');
});

test('a VIP sets the hour, the time zone and the account rules by keyboard', async ({ page }) => {
  // Several saves, two axe-core runs, screenshots at two widths.
  test.slow();
  const vip = await createMember('rulev');
  await updateProfile(vip.id, { role: 'vip' });
  const phone = await apiCall<{ id: string }>('POST', '/api/channels', {
    token: vip.token,
    body: { type: 'ntfy', name: 'Phone', config: { topic: `rules-${vip.id.slice(0, 8)}` } },
  });
  await openSettings(page, vip);
  const reminders = section(page, 'Reminders');

  // The hour and the time zone.
  const hour = reminders.getByLabel('Send reminders at');
  await tabTo(page, hour);
  await typeInto(page, hour, '20', '20');
  await reminders.getByLabel('Time zone').focus();
  await reminders.getByLabel('Time zone').selectOption('Asia/Tokyo');
  await tabTo(page, reminders.getByRole('button', { name: 'Save time' }));
  await page.keyboard.press('Enter');
  const saved = reminders.getByText('Account settings updated successfully!');
  await expect(saved).toBeFocused();
  await expect
    .poll(async () => (await apiCall<{ hour: number; timeZone: string }>('GET', '/api/reminders/rules', { token: vip.token })).hour)
    .toBe(20);

  // The account's rules: from the standard ones (3 for renewals by default: 10 and 3 days, trial end, cancel-by).
  const editor = reminders.getByRole('form', { name: 'Your reminders' });
  await expect(editor.getByRole('group', { name: /^Reminder \d$/ })).toHaveCount(4);
  // Remove reminders 2–4 by keyboard: the focus moves to the reminder now in the removed one's place.
  for (const left of [3, 2, 1]) {
    const remove = editor
      .getByRole('button', { name: `Remove reminder ${left + 1}` })
      .or(editor.getByRole('button', { name: 'Remove reminder 2' }))
      .first();
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    await expect(editor.getByRole('group', { name: /^Reminder \d$/ })).toHaveCount(left);
  }
  // Add a trial-end reminder 12 hours before, by ntfy only.
  await tabTo(page, editor.getByRole('button', { name: 'Add reminder' }));
  await page.keyboard.press('Enter');
  const second = editor.getByRole('group', { name: 'Reminder 2' });
  await typeInto(page, second.getByLabel('Event'), 'Tr', 'trialEnd');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('12');
  await page.keyboard.press('Tab');
  await typeInto(page, second.getByLabel('Unit'), 'h', 'hours');
  await page.keyboard.press('Tab');
  await expect(second.getByLabel('E-mail')).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(second.getByLabel('Phone (ntfy)')).toBeFocused();
  await page.keyboard.press('Space');

  // A refusal is shown and focused: 0 weeks is not a lead time.
  const first = editor.getByRole('group', { name: 'Reminder 1' });
  await first.getByLabel('Unit').focus();
  await typeInto(page, first.getByLabel('Unit'), 'w', 'weeks');
  await first.getByLabel('How long').fill('0');
  await tabTo(page, editor.getByRole('button', { name: 'Save reminders' }));
  await page.keyboard.press('Enter');
  await expect(editor.getByText('Weeks must be 1 to 52')).toBeFocused();

  await first.getByLabel('How long').fill('2');
  await tabTo(page, editor.getByRole('button', { name: 'Save reminders' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Reminders saved')).toBeVisible();
  const account = await apiCall<{ rules: unknown[]; source: string }>('GET', '/api/reminders/rules', { token: vip.token });
  expect(account.source).toBe('account');
  expect(account.rules).toEqual([
    // The standard reminders go out on every channel that is on: the first one kept that.
    { event: 'renewal', offset: 2, unit: 'weeks', channels: ['email', phone.id] },
    { event: 'trialEnd', offset: 12, unit: 'hours', channels: [phone.id] },
  ]);
  await expectNoAxeViolationsInBothThemes(page, 'settings reminders, VIP');
  await reminders.screenshot({ path: test.info().outputPath('reminders-desktop.png') });

  // A phone's width: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await openSettings(page, vip);
  await section(page, 'Reminders').screenshot({ path: test.info().outputPath('reminders-390.png') });
  expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(390);
});
