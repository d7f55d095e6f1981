import type { User } from '@shared/api/user';

/** The name the interface shows for a user: the display name, else the username (SPEC §2 Dashboard). */
export function displayNameOf(user: Pick<User, 'displayName' | 'username'>): string {
  return user.displayName?.trim() || user.username;
}
