/**
 * The browser's side of Web Push (issue 25 §2): whether this browser can show notifications from the
 * app, this device's push subscription, and subscribing with the product's VAPID key. The service
 * worker (web/public/sw.js) shows what arrives.
 */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** This device's subscription, or null (none yet, or no service worker). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration ? registration.pushManager.getSubscription() : null;
}

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * Subscribes this device with the VAPID public key (base64url): a subscription made with another key (an
 * earlier deployment's) is replaced. The browser asks for permission first, if it has not been given.
 */
export async function subscribeThisDevice(publicKey: string): Promise<{ endpoint: string; p256dh: string; auth: string }> {
  const registration = await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  const key = bytesOf(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  const existingKey = subscription?.options.applicationServerKey;
  if (subscription && !(existingKey && new Uint8Array(existingKey).every((byte, i) => byte === key[i]))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' };
}
