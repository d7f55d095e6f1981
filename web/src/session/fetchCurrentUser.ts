import { routes } from '@shared/api';
import type { User } from '@shared/api/user';
import { ApiError, api } from '../api/client';

/**
 * GET /api/auth/me: the signed-in user, or null when the server answered 401 (the session has
 * ended). Any other failure is thrown. Kept out of the entry chunk (it pulls in the API client and
 * the contract's schemas) and loaded on first use.
 */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await api(routes.me);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
