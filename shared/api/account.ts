import * as z from 'zod/mini';
import { accountMessages } from './account-messages.js';
import { type MessageResponse, route } from './contract.js';
import type { Payment } from './payments.js';
import type { Subscription } from './subscription.js';
import type { User } from './user.js';

export { AVATAR_KEY_PREFIX, AVATAR_UPLOAD_PREFIX, accountMessages } from './account-messages.js';

/** The types a picture may be uploaded as; the bytes must be one of these formats too (shared/domain/avatar.ts). */
export const AVATAR_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type AvatarUploadType = (typeof AVATAR_UPLOAD_TYPES)[number];

/**
 * POST /auth/avatar/upload: the type of the picture about to be uploaded. A GIF is refused here
 * already when the role may not use one or the toggle is off (the same messages the check gives).
 */
export const avatarUploadBody = z.object({
  contentType: z.enum(AVATAR_UPLOAD_TYPES, { error: accountMessages.avatarInvalid }),
});

/**
 * The browser posts the picture straight to the avatars bucket (docs/decisions/0077-avatar-uploads.md):
 * a multipart form to `url`, every one of `fields` first and the file last (as `file`). S3 refuses a
 * file over `maxBytes` (EntityTooLarge) or of another type; the policy expires after a few minutes.
 */
export interface AvatarUploadTicket {
  uploadId: string;
  url: string;
  fields: Record<string, string>;
  maxBytes: number;
}

/**
 * GET /auth/avatar/uploads/{id}: what became of an upload. `pending` until the picture has arrived
 * and been checked; then `accepted` with the updated user (the new picture in `user.avatar`), or
 * `rejected` with the rule it broke, in the words the old upload route used.
 */
export type AvatarUploadOutcome =
  | { status: 'pending' }
  | { status: 'accepted'; message: string; user: User }
  | { status: 'rejected'; message: string };

/** DELETE /auth/account: the password confirms it. */
export const deleteAccountBody = z.object({
  password: z.string({ error: 'Password is required' }).check(z.minLength(1, { error: 'Password is required' }), z.maxLength(1000)),
});

/** One entry of a user's activity log (SPEC §3 'User detail response'). */
export interface Activity {
  id: string;
  /** Underscore words, e.g. `password_changed`; shown upper-cased with spaces. */
  actionType: string;
  createdAt: string;
  /** Username of who did it: the user, an admin, or `system`. */
  performedBy: string;
  details: Record<string, string | number | boolean | null>;
  /** Repeats folded into this entry (functions/lib/users/activity.ts): how many in all, and when the last one was. */
  count?: number;
  lastAt?: string;
}

/** The most activity entries one page of the data export carries (an entry is well under 1 KB of JSON). */
export const ACTIVITY_PAGE_SIZE = 1000;

/**
 * GET /auth/export: everything the product keeps about the user, as the privacy page promises (JSON),
 * a page at a time so that no answer nears Lambda's 6 MB: at most SUBSCRIPTIONS_PAGE_SIZE
 * subscriptions and ACTIVITY_PAGE_SIZE activity entries (newest first). Without a query it answers
 * the first page of both lists; `?subscriptionsAfter=` and `?activityBefore=` (the values of
 * `next`) ask for the next page of that list only, the other list empty. `next` is null for a list
 * that is complete. The web app puts the pages together into one file.
 */
/** An exported subscription with its payments (issue 35 §2.9: paid with the amount charged, skipped), oldest renewal first. */
export interface SubscriptionWithPayments extends Subscription {
  payments: Payment[];
}

export interface AccountExport {
  exportedAt: string;
  profile: User;
  subscriptions: SubscriptionWithPayments[];
  activity: Activity[];
  next: { subscriptionsAfter: string | null; activityBefore: string | null };
}

export const accountRoutes = {
  startAvatarUpload: route<AvatarUploadTicket>()({
    method: 'POST',
    path: '/api/auth/avatar/upload',
    area: 'account',
    access: 'user',
    body: avatarUploadBody,
  }),
  avatarUploadOutcome: route<AvatarUploadOutcome>()({
    method: 'GET',
    path: '/api/auth/avatar/uploads/{id}',
    area: 'account',
    access: 'user',
    body: undefined,
    badParameter: { status: 404, message: accountMessages.uploadNotFound },
  }),
  exportData: route<AccountExport>()({
    method: 'GET',
    path: '/api/auth/export',
    area: 'account',
    access: 'user',
    body: undefined,
  }),
  deleteAccount: route<MessageResponse>()({
    method: 'DELETE',
    path: '/api/auth/account',
    area: 'account',
    access: 'user',
    body: deleteAccountBody,
  }),
} as const;
