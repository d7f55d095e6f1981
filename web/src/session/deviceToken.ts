/**
 * The remembered-device token (SPEC §3 'Local storage keys': device_token; §9: 30 days). The
 * two-factor verify call returns it when 'Remember this device for 30 days' was ticked; every login
 * from this browser sends it, and the server skips the code while it is valid. It is kept apart from
 * the session: signing out does not forget the device.
 */
const DEVICE_TOKEN_KEY = 'device_token';

/** The stored device token, or undefined when there is none (or storage is unavailable). */
export function storedDeviceToken(): string | undefined {
  try {
    return window.localStorage.getItem(DEVICE_TOKEN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function storeDeviceToken(token: string): void {
  try {
    window.localStorage.setItem(DEVICE_TOKEN_KEY, token);
  } catch {
    // Storage full or disabled: the next login asks for the code again.
  }
}
