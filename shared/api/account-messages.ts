/**
 * The account area's messages and the avatar objects' key prefixes, apart from the route schemas
 * (account.ts), so the avatar function, which validates no request body, bundles no schema library.
 */

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
