import { expect, type Page, test } from '@playwright/test';
import type { Announcement } from '../../shared/api/announcements.js';
import { announcementMessages } from '../../shared/api/announcements.js';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { apiCall, openAdmin, ownerToken, toast } from './helpers';

/**
 * Announcements (SPEC §2 Admin 'Announcements tab' and Dashboard 'Sidebar Announcements list', §4
 * reload on focus, §5 form rules, §8 messages) in Chromium against the embedded local stack.
 * Announcements are global: each test starts from an empty list.
 */

test.describe.configure({ mode: 'serial' });

let ownerSession: string;

test.beforeAll(async () => {
  ownerSession = await ownerToken();
});

async function deleteAllAnnouncements() {
  for (const { id } of await apiCall<Announcement[]>('GET', '/api/announcements')) {
    await apiCall('DELETE', `/api/announcements/${id}`, { token: ownerSession });
  }
}

const seed = (title: string, changes = ['First change', 'Second change']) =>
  apiCall<Announcement>('POST', '/api/announcements', {
    token: ownerSession,
    body: { date: '2025-03-14', title, content: `All about ${title}.`, changes },
  });

const serverTitles = async () => (await apiCall<Announcement[]>('GET', '/api/announcements')).map((a) => a.title);

async function openAnnouncementsTab(page: Page) {
  await openAdmin(page, ownerSession);
  await page.getByRole('tab', { name: 'Announcements' }).click();
  await expect(page).toHaveURL(/[?&]tab=announcements/);
}

const adminList = (page: Page) => page.getByRole('list', { name: 'Announcements' });
const adminTitles = (page: Page) => adminList(page).getByRole('heading', { level: 3 }).allTextContents();
const row = (page: Page, title: string) => adminList(page).getByRole('listitem', { name: title, exact: true });

test('the owner adds, edits, views, reorders by keyboard and by drag, and deletes announcements; the sidebar shows them, 3 per page, reloaded on window focus', async ({
  page,
}) => {
  await deleteAllAnnouncements();
  await openAnnouncementsTab(page);
  await expect(page.getByText('No announcements yet')).toBeVisible();
  await expect(page.getByText(/Total:\s*0\s*announcements/)).toBeVisible();

  // The form: SPEC's message until title, content and one change are there; blank changes are dropped.
  await page.getByRole('button', { name: 'Add Announcement' }).click();
  const form = page.getByRole('dialog', { name: 'Add Announcement' });
  await expect(form.getByLabel('Date')).not.toHaveValue('');
  await expect(form.getByRole('button', { name: 'Remove change 1' })).toBeDisabled();
  await form.getByLabel('Title', { exact: true }).fill('Spring release');
  await form.getByRole('button', { name: 'Add Announcement' }).click();
  await expect(form.getByRole('alert')).toHaveText(announcementMessages.required);
  await form.getByLabel('Content').fill('Faster everything.\nAnd a fresh look.');
  await form.getByLabel('Change 1', { exact: true }).fill('   ');
  await form.getByRole('button', { name: 'Add Announcement' }).click();
  await expect(form.getByRole('alert')).toHaveText(announcementMessages.required);
  await form.getByLabel('Change 1', { exact: true }).fill('Faster sync');
  await form.getByRole('button', { name: 'Add change' }).click();
  await expect(form.getByLabel('Change 2', { exact: true })).toBeFocused();
  await form.getByRole('button', { name: 'Add change' }).click();
  await form.getByLabel('Change 3', { exact: true }).fill('Dark mode everywhere');
  await expectNoAxeViolationsInBothThemes(page, 'the announcement form');
  await form.getByRole('button', { name: 'Add Announcement' }).click();
  await expect(form).toBeHidden();
  await expect(toast(page, 'Announcement created')).toBeVisible();
  await expect(page.getByText(/Total:\s*1\s*announcement$/)).toBeVisible();
  const [saved] = await apiCall<Announcement[]>('GET', '/api/announcements');
  expect(saved).toMatchObject({ title: 'Spring release', changes: ['Faster sync', 'Dark mode everywhere'] });

  // Three more, added elsewhere: the newest go first.
  for (const title of ['Alpha', 'Bravo', 'Charlie']) await seed(title);
  await page.reload();
  await expect.poll(() => adminTitles(page)).toEqual(['Charlie', 'Bravo', 'Alpha', 'Spring release']);
  await expect(page.getByText(/Total:\s*4\s*announcements/)).toBeVisible();

  // Keyboard: Move down twice; focus stays on the moved row's button and each move is announced and saved.
  await expect(page.getByRole('button', { name: 'Move “Charlie” up' })).toBeDisabled();
  const charlieDown = page.getByRole('button', { name: 'Move “Charlie” down' });
  await charlieDown.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => adminTitles(page)).toEqual(['Bravo', 'Charlie', 'Alpha', 'Spring release']);
  await expect(page.getByRole('status').filter({ hasText: '“Charlie” moved to position 2 of 4.' })).toBeAttached();
  await expect(charlieDown).toBeFocused();
  await page.keyboard.press('Space');
  await expect.poll(() => adminTitles(page)).toEqual(['Bravo', 'Alpha', 'Charlie', 'Spring release']);
  await expect(charlieDown).toBeFocused();
  await expect.poll(serverTitles).toEqual(['Bravo', 'Alpha', 'Charlie', 'Spring release']);
  // At the bottom, Move down is disabled and focus moves to Move up.
  await page.keyboard.press('Enter');
  await expect.poll(() => adminTitles(page)).toEqual(['Bravo', 'Alpha', 'Spring release', 'Charlie']);
  await expect(charlieDown).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Move “Charlie” up' })).toBeFocused();
  await expect.poll(serverTitles).toEqual(['Bravo', 'Alpha', 'Spring release', 'Charlie']);

  // Drag and drop: a row dropped on another takes its place.
  await row(page, 'Charlie').dragTo(row(page, 'Bravo'));
  await expect.poll(() => adminTitles(page)).toEqual(['Charlie', 'Bravo', 'Alpha', 'Spring release']);
  await expect.poll(serverTitles).toEqual(['Charlie', 'Bravo', 'Alpha', 'Spring release']);
  await row(page, 'Bravo').dragTo(row(page, 'Spring release'));
  await expect.poll(() => adminTitles(page)).toEqual(['Charlie', 'Alpha', 'Spring release', 'Bravo']);
  await expect.poll(serverTitles).toEqual(['Charlie', 'Alpha', 'Spring release', 'Bravo']);

  // A refused save shows SPEC's message and puts the old order back.
  await page.route('**/api/announcements/reorder', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await page.getByRole('button', { name: 'Move “Alpha” up' }).click();
  await expect(toast(page, announcementMessages.failedToReorder)).toBeVisible();
  await expect.poll(() => adminTitles(page)).toEqual(['Charlie', 'Alpha', 'Spring release', 'Bravo']);
  await page.unroute('**/api/announcements/reorder');
  expect(await serverTitles()).toEqual(['Charlie', 'Alpha', 'Spring release', 'Bravo']);

  // Edit keeps the position; the detail view shows content and What's New.
  await page.getByRole('button', { name: 'Edit “Alpha”' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Announcement' });
  await expect(edit.getByLabel('Change 2', { exact: true })).toHaveValue('Second change');
  await edit.getByLabel('Title', { exact: true }).fill('Alpha, revised');
  await edit.getByRole('button', { name: 'Remove change 1' }).click();
  await expect(edit.getByLabel('Change 1', { exact: true })).toBeFocused();
  await expect(edit.getByLabel('Change 1', { exact: true })).toHaveValue('Second change');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect.poll(() => adminTitles(page)).toEqual(['Charlie', 'Alpha, revised', 'Spring release', 'Bravo']);

  await page.getByRole('button', { name: 'View “Spring release”' }).click();
  const detail = page.getByRole('dialog', { name: 'Spring release' });
  await expect(detail.getByText('Mar 14, 2025').or(detail.locator('time'))).toBeVisible();
  await expect(detail.getByText('Faster everything.')).toBeVisible();
  await expect(detail.getByRole('heading', { name: "What's New" })).toBeVisible();
  await expect(detail.getByRole('listitem')).toHaveText(['Faster sync', 'Dark mode everywhere']);
  await expectNoAxeViolationsInBothThemes(page, 'the announcement detail in the admin tab');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'View “Spring release”' })).toBeFocused();
  await expectNoAxeViolationsInBothThemes(page, 'the announcements tab');

  // Delete asks first; a failure says SPEC's message and keeps the row.
  await page.route('**/api/announcements/*', (route) =>
    route.request().method() === 'DELETE' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }) : route.fallback(),
  );
  await page.getByRole('button', { name: 'Delete “Bravo”' }).click();
  await page.getByRole('alertdialog', { name: 'Delete announcement?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, announcementMessages.failedToDelete)).toBeVisible();
  await expect(row(page, 'Bravo')).toBeVisible();
  await page.unroute('**/api/announcements/*');
  await page.getByRole('button', { name: 'Delete “Bravo”' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete announcement?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, 'Bravo')).toHaveCount(0);
  // Bravo was last: the focus goes to the row that is last now.
  await expect(page.getByRole('button', { name: 'View “Spring release”' })).toBeFocused();
  await expect(page.getByText(/Total:\s*3\s*announcements/)).toBeVisible();
  expect(await serverTitles()).toEqual(['Charlie', 'Alpha, revised', 'Spring release']);

  // The dashboard's sidebar list, checked on the owner's dashboard: a member's has an unrelated axe finding
  // (label-content-name-mismatch on the locked Yearly Spending link).
  await page.goto('/dashboard');
  const news = page.getByRole('complementary', { name: 'Account sidebar' }).getByRole('region', { name: 'Announcements' });
  await expect(news.getByRole('listitem')).toHaveCount(3);
  await expectNoAxeViolationsInBothThemes(page, 'the dashboard with announcements');

  // The sidebar, as everyone reads it: 3 per page, with the detail and What's New, reloaded on window focus.
  await deleteAllAnnouncements();
  for (const title of ['One', 'Two', 'Three', 'Four']) await seed(title, ['Quicker search', 'New icons']);
  await page.evaluate("window.dispatchEvent(new Event('focus'))");
  const items = news.getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText('Four');
  await expect(items.first()).toContainText('Mar 14, 2025');
  await expect(news.getByText('Page 1 of 2')).toBeVisible();
  await expect(news.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await news.getByRole('button', { name: 'Next' }).click();
  await expect(news.getByText('Page 2 of 2')).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('One');
  await expect(news.getByRole('button', { name: 'Next' })).toBeDisabled();
  await news.getByRole('button', { name: 'Previous' }).click();
  await expect(news.getByText('Page 1 of 2')).toBeVisible();

  await news.getByRole('button', { name: /Two/ }).click();
  const sidebarDetail = page.getByRole('dialog', { name: 'Two' });
  await expect(sidebarDetail.getByText('Mar 14, 2025')).toBeVisible();
  await expect(sidebarDetail.getByText('All about Two.')).toBeVisible();
  await expect(sidebarDetail.getByRole('heading', { name: "What's New" })).toBeVisible();
  await expect(sidebarDetail.getByRole('listitem')).toHaveText(['Quicker search', 'New icons']);
  await expectNoAxeViolationsInBothThemes(page, 'the announcement detail on the dashboard');
  await page.keyboard.press('Escape');
  await expect(sidebarDetail).toBeHidden();
  await expect(news.getByRole('button', { name: /Two/ })).toBeFocused();

  // Published meanwhile: shown when the window regains focus, without a reload.
  await seed('Five');
  await page.evaluate("window.dispatchEvent(new Event('focus'))");
  await expect(items.first()).toContainText('Five');
  await expect(news.getByText('Page 1 of 2')).toBeVisible();

  await deleteAllAnnouncements();
  await page.evaluate("window.dispatchEvent(new Event('focus'))");
  await expect(news.getByText('No announcements available')).toBeVisible();
  await expect(news.getByRole('navigation')).toHaveCount(0);

  // A failed load is an empty list (SPEC §8), the dashboard itself carries on.
  await seed('Hidden by the failure');
  await page.route('**/api/announcements', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Subscriptions' })).toBeVisible();
  await expect(news.getByText('No announcements available')).toBeVisible();
  await page.unroute('**/api/announcements');
  await deleteAllAnnouncements();
});
