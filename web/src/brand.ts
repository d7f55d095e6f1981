/** The product's name as the interface writes it. */
export const APP_NAME = 'Subscription Tracker';

/** The support address named in the legal pages and the contact page (SPEC §2 'Terms and Privacy'). */
export const SUPPORT_EMAIL = 'support@subscriptiontracker.app';

/** The document title of a screen: 'Login · Subscription Tracker'. */
export function pageTitle(screen?: string): string {
  return screen ? `${screen} · ${APP_NAME}` : APP_NAME;
}
