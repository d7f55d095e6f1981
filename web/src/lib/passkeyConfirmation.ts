/**
 * A fresh sign-in at the single sign-on provider, carried from its return screen to Settings → Passkeys (issue 38):
 * an account without a password proves with it that it is its owner adding a passkey. Kept in this tab only, until
 * the passkey is added or the tab closes; it lasts 5 minutes on the server.
 */
const KEY = 'passkey_confirmation';

export function keepPasskeyConfirmation(confirmation: string): void {
  try {
    window.sessionStorage.setItem(KEY, confirmation);
  } catch {
    // Storage disabled: the user confirms again.
  }
}

export function passkeyConfirmation(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetPasskeyConfirmation(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
