import { queryPrefix } from '../chassis/query.js';
import { userKeys } from '../users/keys.js';
import type { UserItem } from '../users/user-item.js';
import { LINK_PREFIX } from './sso-links.js';

/**
 * The ways a user signs in (issue 38): their password, their passkeys (`PASSKEY#…`) and their sign-ins linked with a
 * provider (`SSOLINK#…`). Removing a passkey or unlinking a provider that is the last of them is refused.
 */
export async function waysIn(user: Pick<UserItem, 'id' | 'passwordHash'>): Promise<number> {
  const partition = userKeys.user(user.id).pk;
  const [passkeys, links] = await Promise.all([
    queryPrefix<unknown>(partition, 'PASSKEY#', { consistent: true }),
    queryPrefix<unknown>(partition, LINK_PREFIX, { consistent: true }),
  ]);
  return (user.passwordHash ? 1 : 0) + passkeys.length + links.length;
}
