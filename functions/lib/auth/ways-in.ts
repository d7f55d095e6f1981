import type { SignInMethods } from '../../../shared/api/admin.js';
import { queryPrefix } from '../chassis/query.js';
import { userKeys } from '../users/keys.js';
import type { UserItem } from '../users/user-item.js';
import { PASSKEY_PREFIX, SSO_LINK_PREFIX } from './keys.js';

/**
 * The ways a user signs in (issue 38): their password, their passkeys and their sign-ins linked with a provider. Removing a passkey or unlinking a provider that is the last of them is refused.
 */
export async function signInMethods(user: Pick<UserItem, 'id' | 'passwordHash'>): Promise<SignInMethods> {
  const partition = userKeys.user(user.id).pk;
  const [passkeys, links] = await Promise.all([
    queryPrefix<unknown>(partition, PASSKEY_PREFIX, { consistent: true }),
    queryPrefix<{ provider: string }>(partition, SSO_LINK_PREFIX, { consistent: true }),
  ]);
  return { password: Boolean(user.passwordHash), passkeys: passkeys.length, providers: links.map((link) => link.provider) };
}

/** How many ways the user signs in: what removing one more is checked against. */
export async function waysIn(user: Pick<UserItem, 'id' | 'passwordHash'>): Promise<number> {
  const methods = await signInMethods(user);
  return (methods.password ? 1 : 0) + methods.passkeys + methods.providers.length;
}
