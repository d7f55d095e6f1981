import * as z from 'zod/mini';
import { AVATAR_LIMITS } from '../domain/profile.js';
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
  /** SPEC §2 'Profile Customization': a GIF needs the animated-picture toggle. */
  gifNeedsToggle: 'Enable GIF Profile Pictures to use an animated picture',
  gifLocked: 'Animated profile pictures are available for VIP and Premium members',
  /** SPEC §8: what the browser shows for a 413. */
  tooLargeForServer: 'File too large for server',
  /** 403: the product always keeps one owner (DESIGN §5). */
  lastOwner: 'You are the only owner: make another user an owner before deleting your account',
} as const;

/** Avatar objects' keys start with this prefix; `/avatars/<rest>` serves `avatars/<rest>` (CloudFront and the local stack). */
export const AVATAR_KEY_PREFIX = 'avatars/';

/**
 * PUT /auth/avatar (SPEC §7): the picture as a data URL (`data:image/png;base64,...`). The server
 * checks the bytes, not the declared type. The request limit is Lambda's 6 MB payload: a larger body
 * answers 413, which the browser shows as 'File too large for server' (DESIGN §5).
 */
export const AVATAR_REQUEST_MAX_BYTES = 6 * 1024 * 1024;

export const avatarBody = z.object({
  avatar: z
    .string({ error: accountMessages.avatarInvalid })
    .check(z.minLength(1, { error: accountMessages.avatarInvalid }), z.maxLength(AVATAR_LIMITS.payloadBytes)),
});

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
export interface AccountExport {
  exportedAt: string;
  profile: User;
  subscriptions: Subscription[];
  activity: Activity[];
  next: { subscriptionsAfter: string | null; activityBefore: string | null };
}

export interface AvatarResponse extends MessageResponse {
  user: User;
}

export const accountRoutes = {
  updateAvatar: route<AvatarResponse>()({
    method: 'PUT',
    path: '/api/auth/avatar',
    area: 'account',
    access: 'user',
    body: avatarBody,
    maxBodyBytes: AVATAR_REQUEST_MAX_BYTES,
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
