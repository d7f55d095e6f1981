/**
 * Registers the app's service worker (web/public/sw.js: browser notifications and the offline page)
 * once the page has loaded, so it never competes with the first screen. Browsers without service
 * workers, or a failed registration, leave the app exactly as it is.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
