import type { User } from '@shared/api/user';
import { setCurrentUser } from '../../api/queries';

/** How long the success message stays readable before the page reloads. */
export const SELF_RELOAD_DELAY_MS = 800;

/**
 * SPEC §4 'Changing your own role reloads the page': a change an admin makes to their own account
 * (a membership granted or extended, their e-mail) stores the new user and reloads the page, so
 * every screen reads the new state. Changes to anyone else reload nothing.
 */
export function reloadIfSelf(changed: User, me: User): boolean {
  if (changed.id !== me.id) return false;
  setCurrentUser(changed);
  window.setTimeout(() => window.location.reload(), SELF_RELOAD_DELAY_MS);
  return true;
}
