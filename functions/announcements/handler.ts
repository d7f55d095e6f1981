import { announcementRoutes, announcementMessages as messages } from '../../shared/api/announcements.js';
import {
  createAnnouncement,
  deleteAnnouncement,
  listAnnouncements,
  toAnnouncement,
  updateAnnouncement,
  writeOrder,
} from '../lib/announcements/announcements.js';
import { createApiHandler } from '../lib/auth/signed-in-api.js';
import { conflict, notFound } from '../lib/chassis/errors.js';
import { nowIso } from '../lib/chassis/table.js';

/**
 * The announcements area (SPEC §7 'Announcements'): anyone reads the list, admins write it. The
 * chassis validates bodies (announcementBody drops blank changes) and refuses non-admins.
 */
export const handler = createApiHandler(announcementRoutes, {
  listAnnouncements: async () => (await listAnnouncements()).map(toAnnouncement),

  createAnnouncement: async ({ body }) => {
    const created = await createAnnouncement(body);
    if (!created) throw conflict(messages.tooMany);
    return toAnnouncement(created);
  },

  updateAnnouncement: async ({ body, params }) => {
    const updated = await updateAnnouncement(params.id, body);
    if (!updated) throw notFound(messages.notFound);
    return toAnnouncement(updated);
  },

  deleteAnnouncement: async ({ params }) => {
    if (!(await deleteAnnouncement(params.id))) throw notFound(messages.notFound);
    return { message: messages.deleted };
  },

  /**
   * The new order must name exactly the announcements that exist (no unknown, missing or repeated
   * id — the schema refuses repeats); it is written in one transaction, or not at all.
   */
  reorderAnnouncements: async ({ body }) => {
    const current = await listAnnouncements();
    const existing = new Set(current.map((a) => a.id));
    const wholeSet = body.announcements.length === existing.size && body.announcements.every((a) => existing.has(a.id));
    const now = nowIso();
    if (!wholeSet || !(await writeOrder(body.announcements, now))) throw conflict(messages.reorderNotWholeSet);
    const position = new Map(body.announcements.map((a) => [a.id, a.displayOrder]));
    return current
      .map((item) => toAnnouncement({ ...item, displayOrder: position.get(item.id) ?? item.displayOrder, updatedAt: now }))
      .sort((a, b) => a.displayOrder - b.displayOrder);
  },
});
