import * as z from 'zod/mini';
import { isCalendarDate, todayIn } from '../domain/dates.js';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from '../domain/text.js';
import { ID_PATTERN, type MessageResponse, route } from './contract.js';

/**
 * The most announcements kept at once: the reorder writes every one of them in one DynamoDB
 * transaction, which takes at most 100 items (docs/decisions/0049-announcements.md).
 */
export const MAX_ANNOUNCEMENTS = 100;
export const ANNOUNCEMENT_LIMITS = { title: 150, content: 5000, change: 500, changes: 30 } as const;
/** Announcements per page of the dashboard sidebar (SPEC §9). */
export const ANNOUNCEMENTS_PER_PAGE = 3;

/** An announcement as the API sends it (SPEC §3 'Announcement', DESIGN §5: `id` for `_id`). */
export interface Announcement {
  id: string;
  title: string;
  content: string;
  /** The 'What's New' list: never empty, no blank entries. */
  changes: string[];
  /** YYYY-MM-DD calendar date. */
  date: string;
  /** Position in the list, ascending; the public list is sorted by it. */
  displayOrder: number;
  createdAt: string;
  updatedAt: string;
}

/** Messages of the announcements (SPEC §5 'Admin', §8 'Announcements'). */
export const announcementMessages = {
  /** SPEC §5, word for word: title, content or every change missing. */
  required: 'Please fill in title, content, and at least one change',
  dateInvalid: 'Date must be a valid date (YYYY-MM-DD)',
  titleTooLong: `Title must be at most ${ANNOUNCEMENT_LIMITS.title} characters`,
  contentTooLong: `Content must be at most ${ANNOUNCEMENT_LIMITS.content} characters`,
  changeTooLong: `Each change must be at most ${ANNOUNCEMENT_LIMITS.change} characters`,
  tooManyChanges: `An announcement can list at most ${ANNOUNCEMENT_LIMITS.changes} changes`,
  changesNotText: 'Changes must be a list of text',
  notFound: 'Announcement not found',
  deleted: 'Announcement deleted successfully',
  tooMany: `There can be at most ${MAX_ANNOUNCEMENTS} announcements. Delete an old one first.`,
  reorderInvalid: 'Announcements must be a list of id and displayOrder',
  reorderDuplicateId: 'Each announcement can appear only once in the new order',
  reorderDuplicatePosition: 'Each announcement needs its own displayOrder',
  reorderNotWholeSet: 'The announcements have changed meanwhile. Reload them and try again.',
  /** SPEC §8 fallbacks, shown when the server sends no message. */
  failedToSave: 'Failed to save announcement',
  failedToDelete: 'Failed to delete announcement',
  failedToReorder: 'Failed to update order',
} as const;

const m = announcementMessages;

/** Trimmed text without forbidden characters; empty is allowed here and refused by the object check. */
const text = (field: string, max: number, tooLong: string) =>
  z
    .pipe(
      z.optional(z.nullable(z.string({ error: m.required }))),
      z.transform((value: string | null | undefined) => (value ?? '').trim()),
    )
    .check(
      z.refine((t: string) => t.length <= max, { error: tooLong }),
      z.refine((t: string) => !hasForbiddenCharacters(t), { error: forbiddenCharactersMessage(field) }),
    );

/** The changes with blank entries dropped (SPEC §5: the server drops them too). */
const changesField = z
  .pipe(
    z.optional(
      z
        .array(z.string({ error: m.changesNotText }), { error: m.changesNotText })
        .check(z.maxLength(ANNOUNCEMENT_LIMITS.changes, { error: m.tooManyChanges })),
    ),
    z.transform((list: string[] | undefined) => (list ?? []).map((change) => change.trim()).filter((change) => change !== '')),
  )
  .check(
    z.refine((list: string[]) => list.every((change) => change.length <= ANNOUNCEMENT_LIMITS.change), { error: m.changeTooLong }),
    z.refine((list: string[]) => list.every((change) => !hasForbiddenCharacters(change)), {
      error: forbiddenCharactersMessage('Changes'),
    }),
  );

/** POST /announcements and PUT /announcements/{id} (SPEC §2 Admin 'Announcements tab' form). */
export const announcementBody = z
  .object({
    /** Defaults to today (UTC) when missing or blank, as the form's date does (issue 23). */
    date: z
      .pipe(
        z.optional(z.nullable(z.string({ error: m.dateInvalid }))),
        z.transform((value: string | null | undefined) => (value ?? '').trim() || todayIn('UTC')),
      )
      .check(z.refine(isCalendarDate, { error: m.dateInvalid })),
    title: text('Title', ANNOUNCEMENT_LIMITS.title, m.titleTooLong),
    content: text('Content', ANNOUNCEMENT_LIMITS.content, m.contentTooLong),
    changes: changesField,
  })
  .check(
    z.refine((a) => a.title !== '' && a.content !== '' && a.changes.length > 0, {
      error: m.required,
    }),
  );

export type AnnouncementInput = z.input<typeof announcementBody>;
export type AnnouncementFields = z.output<typeof announcementBody>;

/** PUT /announcements/reorder: every announcement with its new position, in one transaction. */
export const reorderBody = z.object({
  announcements: z
    .array(
      z.object({
        id: z.string({ error: m.reorderInvalid }).check(z.regex(ID_PATTERN, { error: m.reorderInvalid })),
        displayOrder: z
          .number({ error: m.reorderInvalid })
          .check(z.int({ error: m.reorderInvalid }), z.gte(0, { error: m.reorderInvalid }), z.lte(10_000, { error: m.reorderInvalid })),
      }),
      { error: m.reorderInvalid },
    )
    .check(
      z.maxLength(MAX_ANNOUNCEMENTS, { error: m.reorderNotWholeSet }),
      z.refine((list) => new Set(list.map((a) => a.id)).size === list.length, { error: m.reorderDuplicateId }),
      z.refine((list) => new Set(list.map((a) => a.displayOrder)).size === list.length, { error: m.reorderDuplicatePosition }),
    ),
});

export type ReorderInput = z.input<typeof reorderBody>;

export const announcementRoutes = {
  listAnnouncements: route<Announcement[]>()({
    method: 'GET',
    path: '/api/announcements',
    area: 'announcements',
    access: 'public',
    body: undefined,
  }),
  createAnnouncement: route<Announcement>()({
    method: 'POST',
    path: '/api/announcements',
    area: 'announcements',
    access: 'admin',
    body: announcementBody,
    successStatus: 201,
  }),
  // Before `{id}`: the local stack matches routes in this order (API Gateway prefers the literal path anyway).
  reorderAnnouncements: route<Announcement[]>()({
    method: 'PUT',
    path: '/api/announcements/reorder',
    area: 'announcements',
    access: 'admin',
    body: reorderBody,
  }),
  updateAnnouncement: route<Announcement>()({
    method: 'PUT',
    path: '/api/announcements/{id}',
    area: 'announcements',
    access: 'admin',
    body: announcementBody,
    badParameter: { status: 404, message: m.notFound },
  }),
  deleteAnnouncement: route<MessageResponse>()({
    method: 'DELETE',
    path: '/api/announcements/{id}',
    area: 'announcements',
    access: 'admin',
    body: undefined,
    badParameter: { status: 404, message: m.notFound },
  }),
} as const;
