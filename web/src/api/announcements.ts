/**
 * The announcements' server state (DESIGN §7b), in the one TanStack Query cache of queries.ts: the
 * public list the dashboard sidebar and the admin tab share, and the admin's writes, which update
 * the cached list from the server's answers. Loaded with the signed-in screens only.
 */
import { routes } from '@shared/api';
import type { Announcement, AnnouncementInput } from '@shared/api/announcements';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from './client';
import { queryClient } from './queries';

export const announcementsKey = ['announcements'] as const;

const byDisplayOrder = (a: Announcement, b: Announcement) => a.displayOrder - b.displayOrder;

/**
 * GET /api/announcements, in display order. Reloads on every mount and whenever the window regains
 * focus (SPEC §4). A failure is logged; the screens then show the list as it was — empty on the
 * first load (SPEC §8 'Loading failures').
 */
export const announcementsQuery = queryOptions({
  queryKey: announcementsKey,
  queryFn: async ({ signal }): Promise<Announcement[]> => {
    try {
      return (await api(routes.listAnnouncements, { signal })).sort(byDisplayOrder);
    } catch (error) {
      if (!signal.aborted) console.error('Failed to load announcements', error);
      throw error;
    }
  },
  refetchOnMount: 'always',
  refetchOnWindowFocus: 'always',
});

/** Writes a list into the cache after any list request under way is cancelled (its older answer cannot overwrite this one). */
async function setList(update: (list: Announcement[]) => Announcement[]): Promise<void> {
  await queryClient.cancelQueries({ queryKey: announcementsKey });
  queryClient.setQueryData<Announcement[]>(announcementsKey, (list) => update(list ?? []).sort(byDisplayOrder));
}

/** POST /api/announcements (no id) or PUT /api/announcements/{id}: the saved one replaces or joins the list. */
export function useSaveAnnouncement() {
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AnnouncementInput }) =>
      id ? api(routes.updateAnnouncement, { params: { id }, body: input }) : api(routes.createAnnouncement, { body: input }),
    onSuccess: (saved) => setList((list) => [...list.filter((a) => a.id !== saved.id), saved]),
  });
}

/** DELETE /api/announcements/{id}: the announcement leaves the list. */
export function useDeleteAnnouncement() {
  return useMutation({
    mutationFn: (id: string) => api(routes.deleteAnnouncement, { params: { id } }),
    onSuccess: (_answer, id) => setList((list) => list.filter((a) => a.id !== id)),
  });
}

const ORDER_KEY = ['announcement-order'] as const;

/**
 * PUT /api/announcements/reorder with the whole list in its new order. Call showOrder() first so
 * the new order shows at once. Saves run one after another (one mutation scope), so quick
 * successive moves reach the server in the order they were made; the last one's answer is kept.
 * A refused save puts `previous` (the order before that move) back.
 */
export function useReorderAnnouncements() {
  return useMutation({
    mutationKey: ORDER_KEY,
    scope: { id: 'announcement-order' },
    mutationFn: ({ order }: { order: Announcement[]; previous: Announcement[] }) =>
      api(routes.reorderAnnouncements, { body: { announcements: order.map((a, index) => ({ id: a.id, displayOrder: index })) } }),
    onError: (_error, { previous }) => setList(() => previous),
    onSuccess: async (saved) => {
      // Another move is waiting to be saved: its order is already on screen, this answer is older.
      if (queryClient.isMutating({ mutationKey: ORDER_KEY }) > 1) return;
      await setList(() => saved);
    },
  });
}

/** Puts a new order into the cache immediately, before its save starts (the save may wait for an earlier one). */
export function showOrder(order: Announcement[]): void {
  void queryClient.cancelQueries({ queryKey: announcementsKey });
  queryClient.setQueryData<Announcement[]>(
    announcementsKey,
    order.map((a, index) => ({ ...a, displayOrder: index })),
  );
}
