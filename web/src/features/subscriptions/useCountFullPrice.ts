import { useCallback, useSyncExternalStore } from 'react';
import { useCurrentUser } from '../../session/context';

/**
 * The 'Count full price' switch (issue 26): off, the dashboard, the yearly report and insights count
 * the user's share of each shared subscription; on, its whole price. One switch for the three screens,
 * remembered per account in this browser (localStorage) and kept in step across them and across tabs.
 */
const STORAGE_KEY = 'count-full-price';
const listeners = new Set<() => void>();

const keyOf = (userId: string) => `${STORAGE_KEY}:${userId}`;

function read(userId: string): boolean {
  try {
    return window.localStorage.getItem(keyOf(userId)) === '1';
  } catch {
    return false;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useCountFullPrice(): [boolean, (fullPrice: boolean) => void] {
  const { id } = useCurrentUser();
  const fullPrice = useSyncExternalStore(
    subscribe,
    () => read(id),
    () => false,
  );
  const setFullPrice = useCallback(
    (next: boolean) => {
      try {
        if (next) window.localStorage.setItem(keyOf(id), '1');
        else window.localStorage.removeItem(keyOf(id));
      } catch (error) {
        console.error('Could not remember the full-price switch', error);
      }
      for (const listener of listeners) listener();
    },
    [id],
  );
  return [fullPrice, setFullPrice];
}
