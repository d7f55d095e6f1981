import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, type CDPSession, chromium, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';

/**
 * Issue 25 §2: the service worker shows the reminders Web Push delivers, the app is installable as a
 * PWA, and a navigation without a network shows the offline page.
 */

test.use({ serviceWorkers: 'allow' });

/** The page's service worker registration, once it is active. */
async function activeServiceWorker(page: Page): Promise<void> {
  await page.evaluate(`(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!registration.active) throw new Error('no active service worker');
  })()`);
}

/** CDP's id of the origin's service worker registration, found with the ServiceWorker domain `cdp` enables. */
async function registrationId(cdp: CDPSession, page: Page): Promise<string> {
  const origin = new URL(page.url()).origin;
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

test('the site’s root serves the service worker and the offline page, revalidated on every load', async ({ request }) => {
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/^text\/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  const offline = await request.get('/offline.html');
  expect(offline.status()).toBe(200);
  expect(offline.headers()['cache-control']).toBe('no-cache');
});

test('a push message delivered to the service worker shows the reminder as a notification', async ({ context, page }) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/login');
  await activeServiceWorker(page);
  const cdp = await context.newCDPSession(page);
  const id = await registrationId(cdp, page);
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: id,
    data: JSON.stringify({
      title: 'Netflix renews in 3 days',
      body: '$17.99 on March 1',
      tag: 'reminder-netflix-2031-03-01',
      url: '/dashboard',
    }),
  });
  await expect
    .poll(() =>
      page.evaluate(`(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data, icon: n.icon }));
      })()`),
    )
    .toEqual([
      {
        title: 'Netflix renews in 3 days',
        body: '$17.99 on March 1',
        tag: 'reminder-netflix-2031-03-01',
        data: { url: `${new URL(page.url()).origin}/dashboard` },
        icon: `${new URL(page.url()).origin}/icon-192.png`,
      },
    ]);
});

test('Chromium finds the app installable', async ({ baseURL }) => {
  // Chromium installs nothing from an incognito profile, which every browser.newContext() is: a profile on disk.
  const profile = mkdtempSync(join(tmpdir(), 'pwa-profile-'));
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, args: CHROMIUM_ARGS, baseURL });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await activeServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
  } finally {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('without a network, a page of the app shows the offline page, and the app again once back online', async ({ context, page }) => {
  await page.goto('/login');
  await activeServiceWorker(page);
  await context.setOffline(true);
  await page.goto('/dashboard');
  const offline = page.getByRole('heading', { name: 'You are offline' });
  await expect(offline).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectNoAxeViolationsInBothThemes(page, 'the offline page');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Try again' })).toBeInViewport();
  expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);

  // Still offline, 'Try again' loads the address again: the offline page again.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(offline).toBeVisible();
  // Back online, 'Try again' loads the app (which signs a visitor in first).
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(offline).toBeHidden();
  await expect(page).toHaveURL(/\/login/);
});
