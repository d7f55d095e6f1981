import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { createMember, day, openSettings, seedSubscription, type TestUser, tabTo, toast } from './helpers';

/**
 * The Calendar card (issue 25 §3) in Chromium against the embedded local stack, driven by the keyboard:
 * turning the feed on shows its link once (focused, with Copy), Regenerate asks first and replaces
 * the link, Turn off stops it; the links are fetched the way a calendar app fetches them.
 */

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const FEED_URL = /^https?:\/\/[^/]+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/;

const calendarCard = (page: Page): Locator =>
  page.locator('section', { has: page.getByRole('heading', { name: 'Calendar', exact: true, level: 2 }) });

/** Opens the settings screen as `user` and returns its Calendar card, once the card is in. */
async function openCalendarCard(page: Page, user: TestUser): Promise<Locator> {
  await openSettings(page, user);
  const card = calendarCard(page);
  await expect(card.getByRole('button', { name: 'Turn on calendar feed' })).toBeVisible();
  return card;
}

/** What a calendar app gets from a feed URL. */
async function fetchFeed(url: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url);
  return { status: response.status, text: await response.text() };
}

test('turns the calendar feed on (fitting a 390 px screen with the link shown), copies, regenerates and turns it off by keyboard', async ({
  page,
}) => {
  // Three dialogs, two axe-core runs in both themes, a phone's width and the feed fetched five times.
  test.slow();
  const user = await createMember('calendar');
  await seedSubscription(user, { name: 'Streamflix', amount: 12.5, category: 'streaming', dueDate: day(20) });
  const card = await openCalendarCard(page, user);
  await expect(card.getByText('How to add it to your calendar')).toBeVisible();

  // Turn on: the link shows once, focused and selected, and serves the user's calendar.
  const turnOn = card.getByRole('button', { name: 'Turn on calendar feed' });
  await turnOn.focus();
  await page.keyboard.press('Enter');
  const field = card.getByRole('textbox', { name: 'Your calendar feed URL' });
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('readonly', '');
  const url = await field.inputValue();
  expect(url).toMatch(FEED_URL);
  const feed = await fetchFeed(url);
  expect(feed.status).toBe(200);
  expect(feed.text).toContain('SUMMARY:Streamflix — $12.50');

  // It fits a 390 px screen with the link shown.
  await page.setViewportSize({ width: 390, height: 844 });
  const box = await card.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(390);
  for (const control of [field, card.getByRole('button', { name: 'Copy' }), card.getByRole('button', { name: 'Regenerate' })]) {
    const controlBox = await control.boundingBox();
    expect((controlBox?.x ?? 0) + (controlBox?.width ?? 0)).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(field).toBeFocused();

  // Copy: the link on the clipboard, and a toast says so.
  const copy = card.getByRole('button', { name: 'Copy' });
  await tabTo(page, copy, 10);
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Calendar link copied')).toBeVisible();
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(url);

  // Regenerate asks first (Cancel has focus, so Enter never confirms by accident), then replaces the link.
  const regenerate = card.getByRole('button', { name: 'Regenerate' });
  await tabTo(page, regenerate, 10);
  await page.keyboard.press('Enter');
  const question = page.getByRole('alertdialog', { name: 'Make a new calendar link?' });
  await expect(question).toContainText('The current link stops working at once');
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(question.getByRole('button', { name: 'Regenerate' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(field).toBeFocused();
  const renewed = await field.inputValue();
  expect(renewed).toMatch(FEED_URL);
  expect(renewed).not.toBe(url);
  expect((await fetchFeed(url)).status).toBe(404);
  expect((await fetchFeed(renewed)).status).toBe(200);

  // The how-to opens from the keyboard.
  const howTo = card.getByText('How to add it to your calendar');
  await howTo.focus();
  await page.keyboard.press('Enter');
  await expect(card.getByText('New Calendar Subscription')).toBeVisible();
  await expect(card.getByText('Subscribe from web')).toBeVisible();
  await expect(card.getByText('From URL')).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, 'the Calendar card with its link');

  // After a reload the link is not shown again (only its hash is kept): the card says the feed is on.
  await page.reload();
  await expect(card.getByText(/^Your calendar feed is on \(link made /)).toBeVisible();
  await expect(card.getByRole('textbox', { name: 'Your calendar feed URL' })).toHaveCount(0);
  await expectNoAxeViolationsInBothThemes(page, 'the Calendar card, feed on');

  // Turn off asks too; then the link stops and focus goes back to 'Turn on'.
  const off = card.getByRole('button', { name: 'Turn off' });
  await off.focus();
  await page.keyboard.press('Enter');
  const offQuestion = page.getByRole('alertdialog', { name: 'Turn off the calendar feed?' });
  await expect(offQuestion.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(offQuestion).toBeHidden();
  await expect(card.getByText('Calendar feed turned off')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Turn on calendar feed' })).toBeFocused();
  expect((await fetchFeed(renewed)).status).toBe(404);
});
