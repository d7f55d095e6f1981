/**
 * The logo uploads' types, limit and messages (issue 36 §4), apart from the routes (logos.ts) so that the functions
 * that check or hand out uploads (the avatar and account functions) carry no subscription contract.
 */

/** The types a logo may be uploaded as; the bytes must be that format too (an SVG is sanitised on arrival). */
export const LOGO_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;
export type LogoUploadType = (typeof LOGO_UPLOAD_TYPES)[number];
/** The largest logo that may be uploaded (issue 36 §4). */
export const LOGO_UPLOAD_MAX_BYTES = 512 * 1024;

export const logoMessages = {
  choiceInvalid: 'Choose automatic, brand, website, upload or none',
  noBrand: 'Its name names no built-in logo',
  noWebsiteIcon: 'Its website has no icon to use',
  noUpload: 'Upload a logo first',
  uploadTypeInvalid: 'A logo must be a PNG, JPEG, WebP or SVG image',
  logoInvalid: 'That file is not a PNG, JPEG, WebP or SVG image that can be used as a logo',
  logoTooLarge: 'A logo may be at most 512 KB',
  logoTooManyPixels: 'A logo may be at most 2048 × 2048 pixels',
  logoUploaded: 'Logo uploaded',
  logoChanged: 'Logo changed',
  subscriptionGone: 'The subscription was deleted before its logo arrived',
} as const;
