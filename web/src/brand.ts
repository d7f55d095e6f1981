/** The product's name as the interface writes it. */
export const APP_NAME = 'Subscription Tracker';

/** The document title of a screen: 'Login · Subscription Tracker'. */
export function pageTitle(screen?: string): string {
  return screen ? `${screen} · ${APP_NAME}` : APP_NAME;
}
