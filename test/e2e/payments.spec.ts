import { expect, test } from '@playwright/test';
import type { Subscription } from '../../shared/api/subscription.js';
import { convert, formatAmount } from '../../shared/domain/currency.js';
import { addMonthsClamped, formatDateShort } from '../../shared/domain/dates.js';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { apiCall, card, createMember, day, openDashboard, seedSubscription, type TestUser, toast } from './helpers';
import { expectCleanLayout } from './layout';

/**
 * A subscription's details (issue 24 §4) in Chromium against the embedded local stack: its price as
 * billed and price history, the renewals to mark paid (with the amount charged) or skipped, the
 * payments and the lifetime spend.
 */

/** A euro subscription past due since 40 days ago (that renewal and the one a month later are up to today), its price raised 20 days ago. */
async function seedGym(user: TestUser): Promise<{ gym: Subscription; first: string; second: string }> {
  const first = day(-40);
  const gym = await seedSubscription(user, { name: 'Gym', amount: 10, currency: 'EUR', category: 'fitness', dueDate: first });
  await apiCall('PUT', `/api/subscriptions/${gym.id}`, {
    token: user.token,
    body: { name: 'Gym', amount: 12, currency: 'EUR', category: 'fitness', dueDate: first, effectiveFrom: day(-20) },
  });
  return { gym, first, second: addMonthsClamped(first, 1) };
}

test('marks renewals paid and skipped in the details dialog, which shows the payments and lifetime spend, is axe-clean in both themes and fits every width', async ({
  page,
}) => {
  // A member, a subscription with a price change, two marks, the dialog's layout at four widths, axe in both themes
  // and the API's records: a long journey.
  test.slow();
  const user = await createMember('payer');
  const { gym, first, second } = await seedGym(user);

  await openDashboard(page, user);
  const opener = card(page, 'Gym').getByRole('button', { name: 'Gym', exact: true });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Gym' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('€12.00', { exact: true })).toBeVisible();
  const history = dialog.getByRole('region', { name: 'Price history' }).getByRole('listitem');
  await expect(history).toHaveText([`From ${formatDateShort(day(-20))}€12.00Current`, `From ${formatDateShort(first)}€10.00`]);
  await expect(dialog.getByText('No payments recorded yet.', { exact: false })).toBeVisible();

  const toMark = dialog.getByRole('region', { name: 'Renewals to mark' }).getByRole('listitem');
  await expect(toMark).toHaveCount(2);
  await expect(toMark.nth(0)).toContainText(formatDateShort(second));
  await expect(toMark.nth(0)).toContainText('€12.00 expected');
  await expect(toMark.nth(1)).toContainText('€10.00 expected');

  // A variable bill: the amount actually charged.
  await dialog.getByLabel(`Amount charged on ${formatDateShort(second)} (EUR)`).fill('13.5');
  await dialog.getByRole('button', { name: `Mark paid: renewal of ${formatDateShort(second)}` }).click();
  await expect(toast(page, `Renewal of ${formatDateShort(second)} marked paid`)).toBeVisible();
  const rows = dialog.getByRole('region', { name: 'Payments' }).getByRole('row');
  await expect(rows).toHaveText(['DateStatusAmount', `${formatDateShort(second)}Paid€13.50`]);
  // A renewal marked paid happened (issue 35 §8): the due date moved past it, so the card is no longer past due, and
  // the earlier renewal it moved past counts the price then until it is marked (issue 35 §2).
  await expect(card(page, 'Gym').getByText('Past Due')).toBeHidden();
  // The display currency is USD: the lifetime spend in dollars, and as billed beside it.
  const lifetime = dialog.getByTestId('lifetime-spend');
  await expect(lifetime).toHaveText(formatAmount(convert(23.5, 'EUR', 'USD'), 'USD'));
  await expect(dialog.getByText('€23.50 · 1 paid renewal · 1 not marked, at the price then')).toBeVisible();
  // The row went: the focus is on the one now in its place.
  await expect(dialog.getByLabel(`Amount charged on ${formatDateShort(first)} (EUR)`)).toBeFocused();

  // A renewal still to mark and a payment: every part of the dialog is on screen, axe-clean in both themes and
  // whole at every width.
  await expect(toMark).toHaveCount(1);
  await expect(rows).toHaveCount(2);
  await expectNoAxeViolationsInBothThemes(page, 'the details dialog');
  await expectCleanLayout(page, test.info(), 'the details dialog');
  await page.emulateMedia({ colorScheme: 'light' });

  await dialog.getByRole('button', { name: `Skip: renewal of ${formatDateShort(first)}` }).click();
  await expect(toast(page, `Renewal of ${formatDateShort(first)} skipped`)).toBeVisible();
  await expect(rows).toHaveText([
    'DateStatusAmount',
    `${formatDateShort(second)}Paid€13.50`,
    `${formatDateShort(first)}Skippednot paid: €10.00`,
  ]);
  await expect(lifetime).toHaveText(formatAmount(convert(13.5, 'EUR', 'USD'), 'USD'));
  await expect(dialog.getByText('Every renewal up to today is marked.')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Renewals to mark' })).toBeFocused();

  // Escape closes it and gives the focus back to the name that opened it; the API has the same records.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  const list = await apiCall<{ payments: Array<{ dueDate: string; status: string; amount: number }> }>(
    'GET',
    `/api/subscriptions/${gym.id}/payments`,
    { token: user.token },
  );
  expect(list.payments.map(({ dueDate, status, amount }) => ({ dueDate, status, amount }))).toEqual([
    { dueDate: second, status: 'paid', amount: 13.5 },
    { dueDate: first, status: 'skipped', amount: 10 },
  ]);
});
