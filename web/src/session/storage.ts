import type { User } from '@shared/api/user';

/** localStorage keys (SPEC §3 'Local storage keys'). */
export const storageKeys = {
  token: 'token',
  user: 'user',
  deactivationMessage: 'deactivationMessage',
  sessionMessage: 'sessionMessage',
} as const;

type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** localStorage can be unavailable (privacy modes, quota): the app then behaves as signed out. */
function read(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the session then lasts as long as the page.
  }
}

export function storedToken(): string | null {
  return read(storageKeys.token);
}

/** The stored user record; it leaves out the avatar (SPEC §3), which can be large. */
export function storedUser(): User | null {
  const json = read(storageKeys.user);
  if (!json) return null;
  try {
    const user = JSON.parse(json) as User;
    return typeof user === 'object' && user !== null && typeof user.username === 'string' ? { ...user, avatar: null } : null;
  } catch {
    return null;
  }
}

export function storeUser(user: User): void {
  const { avatar: _avatar, ...record } = user;
  write(storageKeys.user, JSON.stringify(record));
}

export function storeSession(token: string, user: User): void {
  write(storageKeys.token, token);
  storeUser(user);
}

export function clearSession(): void {
  write(storageKeys.token, null);
  write(storageKeys.user, null);
}

/** Notices for the login screen after a forced sign-out (SPEC §4 Session). */
export type SignOutNotice = 'deactivationMessage' | 'sessionMessage';

export function storeNotice(key: SignOutNotice, message: string): void {
  write(storageKeys[key], message);
}

/** Reads a stored notice without removing it. */
export function peekNotice(key: SignOutNotice): string | null {
  return read(storageKeys[key]);
}

export function clearNotice(key: SignOutNotice): void {
  write(storageKeys[key], null);
}
