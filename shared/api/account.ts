import * as z from 'zod/mini';
import { type MessageResponse, route } from './contract.js';
import type { Subscription } from './subscription.js';
import type { User } from './user.js';

/** Messages of the account area (avatar, data export, account deletion). */
export const accountMessages = {
  exportCursorInvalid: 'The page of the export to continue from is not valid',
  avatarUpdated: 'Profile picture updated successfully!',
  avatarInvalid: 'Please choose a PNG, JPEG, WebP or GIF image',
  gifTooLarge: 'File too large. Max size: 10MB',
  imageTooLarge: 'File too large. Max size: 5MB',
  /** SPEC §5, §9: the browser scales pictures other than GIFs to 300px on the longer side before uploading. */
  imageTooManyPixels: 'Pictures other than GIFs may be at most 300px on the longer side',
  /** The upload was not checked in time (the browser stops waiting), or its record is gone. */
  uploadNotFound: 'Upload not found',
  /** SPEC §2 'Profile Customization': a GIF needs the animated-picture toggle. */
  gifNeedsToggle: 'Enable GIF Profile Pictures to use an animated picture',
  gifLocked: 'Animated profile pictures are available for VIP and Premium members',
  /** 403: the product always keeps one owner (DESIGN §5). */
  lastOwner: 'You are the only owner: make another user an owner before deleting your account',
} as const;

/** Avatar objects' keys start with this prefix; `/avatars/<rest>` serves `avatars/<rest>` (CloudFront and the local stack). */
export const AVATAR_KEY_PREFIX = 'avatars/';

/** Uploads arrive under this prefix (`uploads/<userId>/<uploadId>`), are checked, then copied under AVATAR_KEY_PREFIX. */
export const AVATAR_UPLOAD_PREFIX = 'uploads/';

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
 * The browser posts the picture straight to the avatars bucket (docs/decisions/pending-avatar-uploads.md):
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
export interface AccountExport {
  exportedAt: string;
  profile: User;
  subscriptions: Subscription[];
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
