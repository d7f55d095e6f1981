import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes } from './axe';

/**
 * A tab left open across a deploy (docs/decisions/0053-deploy-under-open-tabs.md): a screen whose
 * code is no longer on the server reloads the page once, into the current release; when the code is
 * still missing after that reload, the screen says so with a Reload button. Never a loop of
 * requests, never a blank page.
 */

type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The Terms screen's own code file and the code it shares with the other public screens (the `public` chunk,
 * web/vite.config.ts), from the build's manifest (web/dist/.vite/manifest.json).
 */
function termsCode(): { own: string; shared: string } {
  const manifest = JSON.parse(readFileSync(new URL('../../web/dist/.vite/manifest.json', import.meta.url), 'utf8')) as Manifest;
  const terms = manifest['src/features/legal/TermsPage.tsx'];
  const shared = terms?.imports?.find((key) => key.startsWith('_public-') && key.endsWith('.js'));
  if (!terms || !shared) throw new Error('The build has no chunk for the Terms screen, or that chunk no shared code');
  return { own: `/${terms.file}`, shared: `/${manifest[shared]?.file}` };
}

/**
 * Answers 404 for `file` while `missing()` says so, as a server does for a file a deploy removed,
 * and counts the requests for it, the pages the tab loads and the page's attempts at loading code
 * (Vite's `vite:preloadError`, one per failed dynamic import, even when the browser answers a retry
 * from its own record of the failure without a request). `requestsPerLoad[n]` counts the requests
 * the n-th page load made for the file (index 0: before any).
 */
async function withCodeFile(page: Page, file: string, missing: () => boolean) {
  const seen = { requests: 0, pageLoads: 0, requestsPerLoad: [0] };
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      seen.pageLoads += 1;
      seen.requestsPerLoad[seen.pageLoads] = 0;
    }
  });
  await page.addInitScript(() => {
    const page = globalThis as any;
    page.failedCodeLoads = 0;
    page.addEventListener('vite:preloadError', () => {
      page.failedCodeLoads += 1;
    });
  });
  await page.route(
    (url) => url.pathname === file,
    async (route) => {
      seen.requests += 1;
      seen.requestsPerLoad[seen.pageLoads] = (seen.requestsPerLoad[seen.pageLoads] ?? 0) + 1;
      if (missing()) await route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
      else await route.continue();
    },
  );
  return seen;
}

/** How many times this page failed to load code so far. */
const failedCodeLoads = (page: Page) => page.evaluate((): number => (globalThis as any).failedCodeLoads);

test('a screen whose code went away with a deploy reloads once, into the current release', async ({ page }) => {
  // The old release's file is gone until the tab loads the current release's page.
  const seen = await withCodeFile(page, termsCode().own, () => seen.pageLoads < 2);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();

  await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/terms$/);
  expect(seen.pageLoads).toBe(2);
  expect(seen.requests).toBe(2);
});

test('a screen whose shared code stays missing shows a Reload button after one reload: no loop, no blank page', async ({ page }) => {
  // Three page loads and axe-core in both themes: a long test on a loaded machine.
  test.slow();
  const seen = await withCodeFile(page, termsCode().shared, () => true);
  await page.goto('/terms');

  const reload = page.getByRole('button', { name: 'Reload page' });
  // After the second page load (the first fails, reloads and fails again): twice a load's wait.
  await expect(reload).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A new version is available');
  expect(seen.pageLoads).toBe(2);
  // Each of the two loads asks for the shared file once or twice, never more: Vite hints a screen's
  // shared code with <link rel=modulepreload> and then imports the screen, which asks for it again.
  // The browser answers the import from the hint's request while that is under way, but asks once
  // more when the hint had already failed — on a loaded machine it has (a fresh-clone run saw
  // 4 requests for 2 loads). A loop would ask on and on.
  expect(seen.requestsPerLoad[1]).toBeGreaterThanOrEqual(1);
  expect(seen.requestsPerLoad[1]).toBeLessThanOrEqual(2);
  expect(seen.requestsPerLoad[2]).toBeGreaterThanOrEqual(1);
  expect(seen.requestsPerLoad[2]).toBeLessThanOrEqual(2);
  // One attempt on this page, when it opened: the message is not drawn over a loop of attempts.
  expect(await failedCodeLoads(page)).toBe(1);
  const requestsBeforeAxe = seen.requests;
  await expectNoAxeViolationsInBothThemes(page, 'the new version message');
  // The message asks for nothing while it is shown (the axe checks took their seconds).
  expect(seen.requests).toBe(requestsBeforeAxe);

  // The button reloads; the code is still missing, so the message comes back, after that one load.
  await Promise.all([page.waitForEvent('load'), reload.click()]);
  await expect(reload).toBeVisible();
  expect(seen.pageLoads).toBe(3);
  expect(seen.requestsPerLoad[3]).toBeGreaterThanOrEqual(1);
  expect(seen.requestsPerLoad[3]).toBeLessThanOrEqual(2);
  expect(await failedCodeLoads(page)).toBe(1);
});
