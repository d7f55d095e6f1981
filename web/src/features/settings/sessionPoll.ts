import { onlineManager } from '@tanstack/react-query';
import { queryClient, queryKeys } from '../../api/queries';

/**
 * Runs `work` with the session poll (the ['me'] query, every 5 s) held back: a poll under way is
 * cancelled and the next one waits until `work` is done. For a call that replaces this device's
 * token (a password change ends every session and answers a new token): a poll sent with the old
 * token after the server saved the change would get a 401 and sign the user out.
 */
export async function whileSessionPollPaused<T>(work: () => Promise<T>): Promise<T> {
  // Queries do not start while TanStack Query counts the app offline; they run when it is back online.
  onlineManager.setOnline(false);
  try {
    await queryClient.cancelQueries({ queryKey: queryKeys.me });
    return await work();
  } finally {
    onlineManager.setOnline(true);
  }
}
