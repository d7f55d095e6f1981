import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, type CDPSession, chromium, expect, type Page, test } from '@playwright/test';
import { startTestPushService } from '../unit/push-service';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { baseUrl, createMember, openSettings, section, updateProfile } from './helpers';

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
  const origin = new URL(page.url()).origin;
  const shown = () =>
    page.evaluate(`(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data, icon: n.icon }));
    })()`);
  // A push that reaches the worker while Chromium still starts it can be dropped (twice in fresh-clone runs on a
  // loaded machine): it is sent again until it shows. The tag is the same, so a second one replaces the first.
  await expect(async () => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: id,
      data: JSON.stringify({
        title: 'Netflix renews in 3 days',
        body: '$17.99 on March 1',
        tag: 'reminder-netflix-2031-03-01',
        url: '/dashboard',
      }),
    });
    await expect.poll(shown, { timeout: 3000 }).toEqual([
      {
        title: 'Netflix renews in 3 days',
        body: '$17.99 on March 1',
        tag: 'reminder-netflix-2031-03-01',
        data: { url: `${origin}/dashboard` },
        icon: `${origin}/icon-192.png`,
      },
    ]);
  }).toPass({ timeout: 20_000 });
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

/**
 * Chromium's PushManager.subscribe() needs Google's push service (FCM), which this machine cannot reach:
 * the page's PushManager is replaced at the browser API boundary only, with a subscription whose endpoint
 * is a push service on 127.0.0.1 that checks the VAPID token and decrypts the message (test/unit/push-service.ts).
 * Everything else is real: permission, the service worker, the API, the sender, the encryption.
 */
function stubPushManager(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }): string {
  return `(() => {
    let current = null;
    const encode = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
    PushManager.prototype.getSubscription = async () => current;
    PushManager.prototype.subscribe = async (options) => {
      const key = new Uint8Array(options.applicationServerKey).buffer;
      window.__subscribedWithKey = encode(key);
      current = {
        endpoint: ${JSON.stringify(subscription.endpoint)},
        options: { userVisibleOnly: options.userVisibleOnly, applicationServerKey: key },
        toJSON: () => ({ endpoint: ${JSON.stringify(subscription.endpoint)}, expirationTime: null, keys: ${JSON.stringify(subscription.keys)} }),
        unsubscribe: async () => {
          current = null;
          window.__unsubscribed = true;
          return true;
        },
      };
      return current;
    };
  })()`;
}

test('a VIP enables notifications on this device, sends a test that arrives, and removes the device', async ({ context, page }) => {
  // Two sign-ups' worth of set-up, axe-core in both themes, a push sent and delivered: a long journey.
  test.slow();
  const service = await startTestPushService();
  try {
    const user = await createMember('push');
    await updateProfile(user.id, { role: 'vip' });
    const key = (await (await fetch(`${baseUrl()}/api/push/key`, { headers: { authorization: `Bearer ${user.token}` } })).json()) as {
      publicKey: string;
    };
    const browser = service.subscribe(key.publicKey);
    await context.addInitScript(stubPushManager({ endpoint: browser.endpoint, keys: browser.keys }));
    await context.grantPermissions(['notifications']);
    await openSettings(page, user);

    const card = section(page, 'Browser notifications');
    await expect(card.getByLabel('Name of this device')).toHaveValue(/^Chrome on Linux$/);
    await card.getByLabel('Name of this device').fill('Work laptop');
    await card.getByRole('button', { name: 'Enable notifications on this device' }).click();
    await expect(card.getByText('Notifications are on for this device. Send a test to see one.')).toBeFocused();
    expect(await page.evaluate('window.__subscribedWithKey')).toBe(key.publicKey);
    const device = card.getByRole('listitem').filter({ hasText: 'Work laptop' });
    await expect(device.getByText('This device')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Enable notifications on this device' })).toHaveCount(0);
    await expectNoAxeViolationsInBothThemes(page, 'settings with a browser notification device');

    await device.getByRole('button', { name: 'Send test to Work laptop' }).click();
    await expect(device.getByText('Sent: the push service answered 201.')).toBeVisible();
    const [push] = service.received;
    expect(push?.problems).toEqual([]);
    const message = JSON.parse(push?.plaintext ?? '{}') as { title: string; body: string; tag: string; url: string };
    expect(message.title).toMatch(/^\[Test\] Netflix Premium renews in 3 days$/);

    // What the push service would hand the browser, handed to the service worker once it is active (a push
    // delivered while it still installs is dropped): the notification shows.
    await activeServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const id = await registrationId(cdp, page);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId: id,
      data: push?.plaintext ?? '',
    });
    await expect
      .poll(() =>
        page.evaluate(`(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.tag]))()`),
      )
      .toEqual([[message.title, 'test']]);

    await device.getByRole('button', { name: 'Remove Work laptop' }).click();
    await page.getByRole('alertdialog', { name: 'Remove Work laptop?' }).getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(card.getByText('Work laptop no longer gets notifications.')).toBeFocused();
    expect(await page.evaluate('window.__unsubscribed')).toBe(true);
    await expect(card.getByRole('button', { name: 'Enable notifications on this device' })).toBeVisible();
  } finally {
    await service.close();
  }
});

test('a member sees what browser notifications are and the way to them', async ({ page }) => {
  const user = await createMember('pushmember');
  await openSettings(page, user);
  const card = section(page, 'Browser notifications');
  await expect(card.getByText(/^Available for VIP and Premium members\./)).toBeVisible();
  await expect(card.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/upgrade');
  await expect(card.getByRole('button', { name: 'Enable notifications on this device' })).toHaveCount(0);
});
