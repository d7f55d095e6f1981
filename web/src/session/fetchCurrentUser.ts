import { routes } from '@shared/api';
import type { User } from '@shared/api/user';
import { api } from '../api/client';

/** GET /api/auth/me. Kept out of the entry chunk (it pulls in the contract's schemas) and loaded on first use. */
export function fetchCurrentUser(): Promise<User> {
  return api(routes.me);
}
