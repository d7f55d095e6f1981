import { readFile } from 'node:fs/promises';
import { expect, type Page, type Request, test } from '@playwright/test';
import { formatDateShort } from '../../shared/domain/dates.js';
import { createMember, day, openDashboard, seedSubscription, seedSubscriptionsDirectly, toast, updateProfile } from './helpers';
import { readPdf } from './pdf';

/**
 * Issue 24 §7: the yearly report's 'Download PDF' gives a real PDF, made by a library the browser
 * fetches only when the user asks for it (its own chunk, not part of the dashboard's first visit).
 */

/** The chunk with the PDF layout and its library (web/src/features/subscriptions/reportPdf.ts). */
const PDF_CHUNK = /\/assets\/reportPdf-[\w-]+\.js$/;

/** Collects the page's requests for the PDF chunk. */
function pdfChunkRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => {
    if (PDF_CHUNK.test(new URL(request.url()).pathname)) urls.push(request.url());
  });
  return urls;
}

async function openReport(page: Page) {
  await page.getByRole('button', { name: 'Yearly Spending' }).click();
  const report = page.getByRole('dialog', { name: 'Yearly Spending Report' });
  await expect(report).toContainText('Active subscriptions');
  return report;
}

test('Download PDF fetches the PDF library only then, shows it is preparing, and saves an A4 PDF of the report', async ({ page }) => {
  const user = await createMember('pdf');
  await updateProfile(user.id, { role: 'vip' });
  await seedSubscription(user, { name: 'Adobe, Inc.', amount: 59.99, category: 'software', dueDate: day(9) });
  await seedSubscription(user, { name: 'Gym', amount: 12.5, category: 'Fitness', dueDate: day(4), billingCycle: 'weekly' });
  await seedSubscription(user, { name: 'Cloud', amount: 24, category: 'cloud', dueDate: day(100), billingCycle: 'yearly' });
  const requested = pdfChunkRequests(page);
  // The chunk is held back until the button has shown that it is preparing the PDF.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(PDF_CHUNK, async (route) => {
    await released;
    await route.continue();
  });

  await openDashboard(page, user);
  const report = await openReport(page);
  expect(requested).toEqual([]);

  const downloading = page.waitForEvent('download');
  await report.getByRole('button', { name: 'Download PDF' }).click();
  const preparing = report.getByRole('button', { name: 'Preparing PDF...' });
  await expect(preparing).toBeDisabled();
  await expect(preparing).toHaveAttribute('aria-busy', 'true');
  release();
  const download = await downloading;
  expect(requested).toHaveLength(1);
  await expect(toast(page, 'Your report download should start shortly!')).toBeVisible();
  await expect(report.getByRole('button', { name: 'Download PDF' })).toBeEnabled();

  const today = day(0);
  expect(download.suggestedFilename()).toBe(`subscription-report-${today}.pdf`);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // A4 portrait: 210 × 297 mm in points.
  const mediaBox = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(bytes.toString('latin1'));
  expect([Number(mediaBox?.[1]).toFixed(2), Number(mediaBox?.[2]).toFixed(2)]).toEqual(['595.28', '841.89']);
  const pdf = readPdf(bytes);
  expect(pdf.pageCount).toBe(1);
  expect(pdf.pages).toHaveLength(1);
  const shown = pdf.pages[0];
  // The text report's content, in the report's formats (SPEC §9): summary, categories, projection, every subscription.
  expect(shown).toEqual(
    expect.arrayContaining([
      'Subscription Tracker',
      'Subscription Spending Report',
      'Yearly total',
      '$1,393.88',
      'Monthly average',
      '$116.16',
      'Active subscriptions',
      '3',
      'Spending by category (per year)',
      'Software',
      '$719.88',
      '52%',
      'Fitness',
      'Cloud Storage',
      '5-year projection',
      'Year 1',
      'Year 5',
      '$6,969.40',
      'Subscriptions',
      'Adobe, Inc.',
      '$59.99',
      'Gym',
      'Weekly',
      '$12.50',
      '$650.00',
      'Cloud',
      'Yearly',
      '$24.00',
      'Page 1 of 1',
      `Subscription Tracker · Subscription Spending Report · ${formatDateShort(today)}`,
    ]),
  );
  expect(shown.some((text) => text.startsWith(`Generated ${formatDateShort(today)}`))).toBe(true);
});

test('a PDF library that cannot load says so, and loads after a reload', async ({ page }) => {
  const user = await createMember('pdf');
  await updateProfile(user.id, { role: 'vip' });
  await seedSubscription(user, { name: 'Music', amount: 9.99, category: 'music', dueDate: day(5) });
  const requested = pdfChunkRequests(page);
  await page.route(PDF_CHUNK, (route) => route.abort('internetdisconnected'));

  await openDashboard(page, user);
  const report = await openReport(page);
  await report.getByRole('button', { name: 'Download PDF' }).click();
  await expect(toast(page, 'The PDF could not be created. Reload the page and try again, or download the text report.')).toBeVisible();
  await expect(report.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  expect(requested).toHaveLength(1);

  await page.unroute(PDF_CHUNK);
  await page.reload();
  const reopened = await openReport(page);
  const [download] = await Promise.all([page.waitForEvent('download'), reopened.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(requested).toHaveLength(2);
  expect(readPdf(await readFile(await download.path())).pages[0]).toEqual(expect.arrayContaining(['Music', '$9.99', '$119.88']));
});

test('a long report runs over pages, with the table header on each and every subscription once', async ({ page }) => {
  const user = await createMember('pdf');
  await updateProfile(user.id, { role: 'vip' });
  await seedSubscriptionsDirectly(user, 60, day(3));

  await openDashboard(page, user);
  const report = await openReport(page);
  const [download] = await Promise.all([page.waitForEvent('download'), report.getByRole('button', { name: 'Download PDF' }).click()]);
  const pdf = readPdf(await readFile(await download.path()));
  expect(pdf.pageCount).toBeGreaterThanOrEqual(2);
  expect(pdf.pages).toHaveLength(pdf.pageCount);
  pdf.pages.forEach((shown, index) => {
    expect(shown).toContain(`Page ${index + 1} of ${pdf.pageCount}`);
    // Each later page starts with the subscriptions table's column names.
    if (index > 0) expect(shown.slice(0, 5)).toEqual(['Name', 'Category', 'Cycle', 'Amount', 'Per year']);
  });
  // Every subscription, once.
  const rows = pdf.pages.flat().filter((text) => /^Bulk \d+$/.test(text));
  expect(new Set(rows).size).toBe(60);
  expect(rows).toHaveLength(60);
  expect(pdf.pages[0]).toEqual(expect.arrayContaining(['$720.00', '60', 'Year 5', '$3,600.00']));
});
