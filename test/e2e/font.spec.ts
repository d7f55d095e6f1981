import { expect, test } from '@playwright/test';

// DESIGN §7b: the font ships with the app — Inter from the site's own origin, never a third-party CDN.
test('the pages are set in Inter, served by the site itself', async ({ page, baseURL }) => {
  const fontRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fontRequests.push(request.url());
  });
  await page.goto('/');
  await page.evaluate('document.fonts.ready');
  expect(await page.evaluate(`[...document.fonts].some((f) => f.family === 'Inter Variable' && f.status === 'loaded')`)).toBe(true);
  expect(await page.evaluate(`getComputedStyle(document.body).fontFamily`)).toMatch(/^"Inter Variable"/);
  expect(fontRequests.length).toBeGreaterThan(0);
  for (const url of fontRequests) expect(new URL(url).origin).toBe(new URL(baseURL as string).origin);
});
