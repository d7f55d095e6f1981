/*
 * The app's service worker (plain JavaScript, no build step; served from the site's root with
 * `Cache-Control: no-cache`, so a deploy's new version is picked up on the next visit).
 * - push: shows the reminder the server sent (functions/lib/reminders/channels/web-push.ts), one notification per reminder (tag).
 * - notificationclick: focuses an open tab of the app at the reminder's page, or opens one.
 * - fetch: navigations go to the network as without a service worker; only when the network fails is
 *   the offline page answered. Nothing else is cached: no app code, no API answers, so nothing stale
 *   can be served (docs/decisions/0092-web-push-and-pwa.md).
 */
const OFFLINE_CACHE = 'offline-v1';
const OFFLINE_PAGE = '/offline.html';
const OFFLINE_FILES = [OFFLINE_PAGE, '/offline.js', '/favicon.svg'];
const DEFAULT_URL = '/dashboard';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.addAll(OFFLINE_FILES.map((file) => new Request(file, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== OFFLINE_CACHE) await caches.delete(name);
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  if (request.mode !== 'navigate') {
    // The offline page's own files, when it asks for them with no network; every other request is the browser's.
    if (new URL(request.url).origin === self.location.origin && OFFLINE_FILES.includes(new URL(request.url).pathname)) {
      event.respondWith(fetch(request).catch(() => caches.match(request)));
    }
    return;
  }
  event.respondWith(
    (async () => {
      try {
        return (await event.preloadResponse) || (await fetch(request));
      } catch {
        return (await caches.match(OFFLINE_PAGE)) || Response.error();
      }
    })(),
  );
});

/** A path of this site: the message's, or the dashboard for anything else. */
function appUrl(url) {
  try {
    const parsed = new URL(url, self.location.origin);
    return parsed.origin === self.location.origin ? parsed.href : new URL(DEFAULT_URL, self.location.origin).href;
  } catch {
    return new URL(DEFAULT_URL, self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Subscription Tracker';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      icon: '/icon-192.png',
      badge: '/favicon-48.png',
      tag: typeof message.tag === 'string' && message.tag ? message.tag : undefined,
      data: { url: appUrl(message.url || DEFAULT_URL) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if (open.url !== url && 'navigate' in open) await open.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
