import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { apiCall, card, createMember, day, openSettings, section, seedSubscription, tabTo, toast, updateProfile } from './helpers';

/**
 * Reminder rules (issue 25 §1) in Chromium against the embedded local stack: a VIP sets the hour, the
 * time zone and the account's rules, then a subscription's own rules, by keyboard; a member sees the
 * standard reminders and the upgrade path; axe-core in both themes, and the phone width.
 */
test.describe.configure({ mode: 'serial' });

/** Chooses an option of the focused select by typing its first letters, as a keyboard user does. */
async function typeInto(page: Page, select: Locator, text: string, value: string): Promise<void> {
  await expect(select).toBeFocused();
  await page.keyboard.type(text);
  await expect(select).toHaveValue(value);
}

/** From the settings screen to the dashboard by its link (no new document), once the list is in. */
async function backToDashboard(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Your Subscriptions' })).toBeVisible({ timeout: 20_000 });
}

test('a member sees the standard reminders and the upgrade path; a VIP sets the hour, the time zone and the account rules, then a subscription’s own, by keyboard', async ({
  page,
}) => {
  // Two accounts taking turns in one page (the second opens the settings again, no browser context of its
  // own), several saves, three axe-core runs, screenshots at two widths.
  test.slow();
  const member = await createMember('rulem');
  await seedSubscription(member, { name: 'Hulu', amount: 7.99, category: 'streaming', dueDate: day(20) });
  await openSettings(page, member);
  const standard = section(page, 'Reminders');
  await expect(standard.getByRole('listitem')).toHaveText([
    '10 days before renewal by E-mail',
    '10 days before the trial ends by E-mail',
    '10 days before the cancel-by date by E-mail',
    '3 days before renewal by E-mail',
    '3 days before the trial ends by E-mail',
    '3 days before the cancel-by date by E-mail',
  ]);
  await expect(standard.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/upgrade');
  await expect(standard.getByRole('button', { name: 'Add reminder' })).toHaveCount(0);
  await expect(standard.getByLabel('Send reminders at')).toHaveValue('8');
  await expectNoAxeViolationsInBothThemes(page, 'settings reminders, member');

  await backToDashboard(page);
  await card(page, 'Hulu').getByRole('button', { name: 'Hulu', exact: true }).click();
  const hulu = page.getByRole('dialog', { name: 'Hulu' });
  const follows = hulu.getByRole('region', { name: 'Reminders' });
  await expect(follows).toContainText("Follows your account's reminders");
  await expect(follows.getByRole('listitem').first()).toHaveText('10 days before renewal by E-mail');
  await expect(follows.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/upgrade');
  await expect(follows.getByRole('button', { name: 'Customize' })).toHaveCount(0);

  // Now a VIP, in the same page: the settings screen opened again signed in as them.
  const vip = await createMember('rulev');
  await updateProfile(vip.id, { role: 'vip' });
  const phone = await apiCall<{ id: string }>('POST', '/api/channels', {
    token: vip.token,
    body: { type: 'ntfy', name: 'Phone', config: { topic: `rules-${vip.id.slice(0, 8)}` } },
  });
  await seedSubscription(vip, { name: 'Netflix', amount: 15.49, category: 'streaming', dueDate: day(20) });
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

  // The subscription: it follows the account's rules until customized.
  await backToDashboard(page);
  const opener = card(page, 'Netflix').getByRole('button', { name: 'Netflix', exact: true });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Netflix' });
  const own = dialog.getByRole('region', { name: 'Reminders' });
  await expect(own).toContainText("Follows your account's reminders:");
  await expect(own.getByRole('listitem')).toHaveText([
    '2 weeks before renewal by E-mail and Phone (ntfy)',
    '12 hours before the trial ends by Phone (ntfy)',
  ]);
  await tabTo(page, own.getByRole('button', { name: 'Customize' }));
  await page.keyboard.press('Enter');
  const subscriptionEditor = own.getByRole('form', { name: 'Reminders for Netflix' });
  // The editor's first control takes the focus.
  await expect(subscriptionEditor.getByRole('group', { name: 'Reminder 1' }).getByLabel('Event')).toBeFocused();
  await tabTo(page, subscriptionEditor.getByRole('button', { name: 'Add reminder' }));
  await page.keyboard.press('Enter');
  const third = subscriptionEditor.getByRole('group', { name: 'Reminder 3' });
  await typeInto(page, third.getByLabel('Event'), 'E', 'end');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('0');
  // The account's 'Reminders saved' is gone first, so the one checked below is the subscription's (a quick run
  // once saw both at once).
  await expect(toast(page, 'Reminders saved')).toHaveCount(0, { timeout: 15_000 });
  await tabTo(page, subscriptionEditor.getByRole('button', { name: 'Save reminders' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Reminders saved')).toBeVisible();
  await expect(own).toContainText('Its own reminders:');
  await expect(own.getByRole('listitem')).toHaveText([
    '2 weeks before renewal by E-mail and Phone (ntfy)',
    '12 hours before the trial ends by Phone (ntfy)',
    'On the end date by E-mail',
  ]);
  await expect(own.getByRole('heading', { name: 'Reminders' })).toBeFocused();
  await expectNoAxeViolationsInBothThemes(page, 'subscription reminders, VIP');
  await dialog.screenshot({ path: test.info().outputPath('subscription-reminders-desktop.png') });

  // Back to the account's.
  await tabTo(page, own.getByRole('button', { name: 'Use account reminders' }));
  await page.keyboard.press('Enter');
  await expect(own).toContainText("Follows your account's reminders:");
  await expect(own.getByRole('heading', { name: 'Reminders' })).toBeFocused();

  // A phone's width: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await own.getByRole('button', { name: 'Customize' }).click();
  await dialog.screenshot({ path: test.info().outputPath('subscription-reminders-390.png') });
  expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(390);
  await page.keyboard.press('Escape');
  // Back in the browser's history to the settings screen (the app's own navigation, no new document).
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await section(page, 'Reminders').screenshot({ path: test.info().outputPath('reminders-390.png') });
  expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(390);
});
