import { userKeys } from './keys.js';
import type { UserItem } from './user-item.js';

/**
 * What the admin list's search looks in (GET /auth/users `search`): the username and the e-mail
 * address, lowercased, on one attribute.
 */
export function searchTextOf(username: string, email: string | null | undefined): string {
  return `${username.trim()}\n${email?.trim() ?? ''}`.toLowerCase();
}

/**
 * The user's entry in the admin search's directory (`USERDIR` / `<createdAt>#<id>`): the id and the
 * search text only, about 100 bytes, so a search reads 10,000 users in one or two 1 MB Query pages
 * (docs/decisions/0037-admin-user-management.md). Written in the same transaction as every write of
 * the username or e-mail (creation, `changeIdentity`) and deleted with the user.
 */
export function directoryEntry(user: Pick<UserItem, 'id' | 'createdAt' | 'username' | 'email'>) {
  return { ...userKeys.userDirectory(user.createdAt, user.id), userId: user.id, s: searchTextOf(user.username, user.email) };
}
