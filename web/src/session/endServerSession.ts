import { authRoutes as routes } from '@shared/api/auth';
import { api } from '../api/client';

/**
 * Logout ends this device's session on the server (POST /api/auth/logout), so its token stops
 * working at once while other devices stay signed in. Loaded on logout only. The browser has
 * already forgotten the token; a failure (offline, already ended) changes nothing for the user.
 */
export async function endServerSession(token: string): Promise<void> {
  try {
    await api(routes.logout, { token });
  } catch (error) {
    console.warn('The session could not be ended on the server', error);
  }
}
