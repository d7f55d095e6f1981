import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { clippedTexts, createMember, horizontalOverflow, openSignedIn, type TestUser, updateProfile } from './helpers';

/**
 * The upgrade page (SPEC §2 'Upgrade', §9 'Plan prices') in Chromium against the embedded local
 * stack: every price of every duration, the switch by keyboard, the Coming Soon dialog, both
 * themes checked with axe-core, and the layout on a desktop and a 390 px phone.
 */

test.describe.configure({ mode: 'serial' });

/** SPEC §9 'Plan prices (USD), per month / total / discount percent', written out as the page shows them. */
const SPEC_PRICES = [
  { label: '1 Month', term: null, vip: ['$1.99', '$1.99', 0], premium: ['$3.99', '$3.99', 0] },
  { label: '3 Months', term: '3 months', vip: ['$1.83', '$5.49', 8], premium: ['$3.66', '$10.99', 8] },
  { label: '6 Months', term: '6 months', vip: ['$1.67', '$9.99', 16], premium: ['$3.33', '$19.99', 17] },
  { label: '1 Year', term: '1 year', vip: ['$1.50', '$17.99', 25], premium: ['$3.00', '$35.99', 25] },
] as const;

const PLANNED_PAYMENTS = ['PayPal checkout', 'Credit and debit card payments', 'Auto-renewal management', 'Payment history and receipts'];

const planCard = (page: Page, name: 'VIP' | 'Premium'): Locator => page.getByRole('article', { name, exact: true });
const durations = (page: Page): Locator => page.getByRole('radiogroup', { name: 'Billing period' });

/** Where an element is on screen. */
async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} is not on screen`);
  return found;
}

const comingSoon = (page: Page): Locator => page.getByRole('dialog', { name: 'Coming Soon! Payment Integration' });

const openUpgrade = (page: Page, user: TestUser) => openSignedIn(page, user.token, '/upgrade', 'Unlock Premium Features');

test('shows every SPEC §9 price for each duration, chosen with the arrow keys', async ({ page }) => {
  await openUpgrade(page, await createMember('plans'));
  await expect(page).toHaveTitle('Upgrade · Subscription Tracker');
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');

  const radios = durations(page).getByRole('radio');
  await expect(radios).toHaveCount(4);
  await expect(durations(page).getByRole('radio', { name: '1 Month' })).toBeChecked();
  await durations(page).getByRole('radio', { name: '1 Month' }).focus();

  for (const [index, duration] of SPEC_PRICES.entries()) {
    if (index > 0) await page.keyboard.press('ArrowRight');
    const radio = durations(page).getByRole('radio', { name: duration.label });
    await expect(radio).toBeChecked();
    await expect(radio).toBeFocused();

    for (const [name, tier] of [
      ['VIP', 'vip'],
      ['Premium', 'premium'],
    ] as const) {
      const card = planCard(page, name);
      const [perMonth, total, discount] = duration[tier];
      await expect(card.getByText(`${perMonth}/month`, { exact: true }), `${name}, ${duration.label}`).toBeVisible();
      if (duration.term === null) {
        await expect(card.getByText('Billed monthly', { exact: true })).toBeVisible();
        await expect(card.getByText(/^Save \d+%$/)).toHaveCount(0);
        expect(total).toBe(perMonth);
      } else {
        await expect(card.getByText(`${total} total for ${duration.term}`, { exact: true })).toBeVisible();
        await expect(card.getByText(`Save ${discount}%`, { exact: true })).toBeVisible();
      }
    }
  }

  // The arrow keys go both ways, and a click chooses too.
  await page.keyboard.press('ArrowLeft');
  await expect(durations(page).getByRole('radio', { name: '6 Months' })).toBeChecked();
  await expect(planCard(page, 'Premium').getByText('Save 17%', { exact: true })).toBeVisible();
  await durations(page).getByText('3 Months', { exact: true }).click();
  await expect(planCard(page, 'VIP').getByText('$5.49 total for 3 months', { exact: true })).toBeVisible();
});

test('marks Premium most popular, lists each plan’s features and ends with the guarantee', async ({ page }) => {
  await openUpgrade(page, await createMember('features'));

  await expect(planCard(page, 'Premium').getByText('Most Popular', { exact: true })).toBeVisible();
  await expect(planCard(page, 'VIP').getByText('Most Popular')).toHaveCount(0);

  const vipFeatures = planCard(page, 'VIP').getByRole('list', { name: 'VIP features' }).getByRole('listitem');
  await expect(vipFeatures).toHaveText([
    'Profile picture customization',
    'GIF avatars',
    'Ad-free experience',
    'VIP badge',
    'Priority support',
    'Custom profile theme',
    'Advanced statistics',
    'PDF export',
    'Early access to new features',
  ]);
  const premiumFeatures = planCard(page, 'Premium').getByRole('list', { name: 'Premium features' }).getByRole('listitem');
  await expect(premiumFeatures).toHaveText([
    'Everything in VIP',
    'Animated badge',
    'Unlimited subscriptions',
    'Smart insights',
    'Automatic bill reminders',
    'Budget planning',
    'Multi-device sync',
    'Custom categories',
    'Advanced analytics dashboard',
    'Priority feature requests',
    'Premium community',
  ]);

  await expect(page.getByText('All plans include a 7-day money-back guarantee. Cancel anytime.', { exact: true })).toBeVisible();
});

test('the upgrade buttons open the Coming Soon dialog, which closes by keyboard and gives focus back', async ({ page }) => {
  await openUpgrade(page, await createMember('soon'));

  for (const [plan, closeKey] of [
    ['Premium', 'Enter'],
    ['VIP', 'Escape'],
  ] as const) {
    const opener = page.getByRole('button', { name: `Upgrade to ${plan}` });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = comingSoon(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Planned payment features' }).getByRole('listitem')).toHaveText(PLANNED_PAYMENTS);
    await expect(dialog.getByRole('button', { name: 'Got it, thanks!' })).toBeFocused();

    await page.keyboard.press(closeKey);
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  }
});

test('a VIP member sees the VIP card as the current plan, with its button disabled', async ({ page }) => {
  const user = await createMember('current');
  await updateProfile(user.id, { role: 'vip' });
  await openUpgrade(page, user);

  await expect(planCard(page, 'VIP').getByText('Current plan', { exact: true })).toBeVisible();
  await expect(planCard(page, 'VIP').getByRole('button', { name: 'Your current plan' })).toBeDisabled();
  await expect(planCard(page, 'Premium').getByText('Current plan')).toHaveCount(0);
  await expect(planCard(page, 'Premium').getByRole('button', { name: 'Upgrade to Premium' })).toBeEnabled();
});

test('is clean for axe-core in both themes, side by side on a desktop and stacked on a phone', async ({ page }) => {
  const user = await createMember('layout');

  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 1280, height: 800 });
    await openUpgrade(page, user);
    await durations(page).getByRole('radio', { name: '1 Year' }).check();
    await expectNoAxeViolations(page, `the ${colorScheme} theme`, { onlyColourRules: colorScheme === 'light' });

    const vip = await box(planCard(page, 'VIP'));
    const premium = await box(planCard(page, 'Premium'));
    expect(premium.y, 'cards side by side at 1280 px').toBeCloseTo(vip.y, 0);
    expect(premium.x).toBeGreaterThanOrEqual(vip.x + vip.width);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await clippedTexts(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    const vipPhone = await box(planCard(page, 'VIP'));
    const premiumPhone = await box(planCard(page, 'Premium'));
    expect(premiumPhone.y, 'cards stacked at 390 px').toBeGreaterThanOrEqual(vipPhone.y + vipPhone.height);
    expect(premiumPhone.x).toBeCloseTo(vipPhone.x, 0);
    expect(await horizontalOverflow(page), 'no horizontal overflow at 390 px').toBe(0);
    expect(await clippedTexts(page)).toEqual([]);
    await expectNoAxeViolations(page, `the ${colorScheme} theme at 390 px`, { onlyColourRules: colorScheme === 'light' });

    await page.getByRole('button', { name: 'Upgrade to VIP' }).click();
    await expect(comingSoon(page)).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await clippedTexts(page)).toEqual([]);
    await expectNoAxeViolations(page, `the Coming Soon dialog, ${colorScheme} theme`, { onlyColourRules: colorScheme === 'light' });
    await page.getByRole('button', { name: 'Got it, thanks!' }).click();
    await expect(comingSoon(page)).toBeHidden();
  }
});
