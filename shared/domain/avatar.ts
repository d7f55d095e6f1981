import { AVATAR_LIMITS } from './profile.js';

/**
 * Avatar images (SPEC §5 'Avatar upload', §9): what a picture is, told by its bytes (magic numbers),
 * never by the type its data URL declares, and the size limit that applies to it.
 */

export type AvatarFormat = 'png' | 'jpeg' | 'webp' | 'gif';

export const AVATAR_CONTENT_TYPES: Record<AvatarFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

export const AVATAR_EXTENSIONS: Record<AvatarFormat, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', gif: 'gif' };

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image format the bytes are, or null for anything else. */
export function imageFormatOf(bytes: Uint8Array): AvatarFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  return null;
}

/** SPEC §5: a GIF may be at most 10 MB, other images at most 5 MB. */
export function avatarMaxBytes(format: AvatarFormat): number {
  return format === 'gif' ? AVATAR_LIMITS.gifBytes : AVATAR_LIMITS.imageBytes;
}

/**
 * The bytes of a base64 data URL (`data:<type>;base64,<data>`), or null when it is not one. The
 * declared type is read past, not trusted: `imageFormatOf` decides what the bytes are.
 */
export function dataUrlBytes(dataUrl: string): Uint8Array | null {
  const match = /^data:[^,;]*(?:;[^,;]+)*;base64,([A-Za-z0-9+/]*={0,2})$/.exec(dataUrl.trim());
  if (!match || match[1].length % 4 === 1) return null;
  const binary = atob(match[1]);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export interface ImageSize {
  width: number;
  height: number;
}

const be16 = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const le16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const le24 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const be32 = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + ((b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]);

function jpegSize(b: Uint8Array): ImageSize | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // Start of frame: every SOFn but DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: be16(b, at + 5), width: be16(b, at + 7) };
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    at += 2 + be16(b, at + 2);
  }
  return null;
}

function webpSize(b: Uint8Array): ImageSize | null {
  const chunk = String.fromCharCode(...b.subarray(12, 16));
  if (chunk === 'VP8 ' && b.length >= 30) return { width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff };
  if (chunk === 'VP8L' && b.length >= 25) {
    return { width: 1 + (((b[22] & 0x3f) << 8) | b[21]), height: 1 + (((b[24] & 0x0f) << 10) | (b[23] << 2) | ((b[22] & 0xc0) >> 6)) };
  }
  if (chunk === 'VP8X' && b.length >= 30) return { width: 1 + le24(b, 24), height: 1 + le24(b, 27) };
  return null;
}

/** The width and height an image's header declares (PNG IHDR, GIF screen, JPEG frame, WebP VP8/VP8L/VP8X), or null. */
export function imageSizeOf(bytes: Uint8Array, format: AvatarFormat): ImageSize | null {
  let size: ImageSize | null = null;
  if (format === 'png' && bytes.length >= 24) size = { width: be32(bytes, 16), height: be32(bytes, 20) };
  else if (format === 'gif' && bytes.length >= 10) size = { width: le16(bytes, 6), height: le16(bytes, 8) };
  else if (format === 'jpeg') size = jpegSize(bytes);
  else if (format === 'webp') size = webpSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

/** What is wrong with an uploaded picture, by the rule it breaks (the account area's messages name each). */
export type AvatarProblem = 'invalid' | 'gifLocked' | 'gifNeedsToggle' | 'gifTooLarge' | 'imageTooLarge' | 'tooManyPixels';

export interface AvatarRights {
  /** The role may use animated pictures (vip, premium, developer, owner: profile.ts canUseAnimatedAvatar). */
  animatedUnlocked: boolean;
  /** 'Enable GIF Profile Pictures' is on. */
  animatedEnabled: boolean;
}

/**
 * The first rule an uploaded picture breaks (SPEC §5 'Avatar upload', §9), told by its bytes: an image
 * of an accepted format with a readable size; a GIF only with the role's rights and the toggle on;
 * at most 10 MB for a GIF and 5 MB for others; other images at most 300 px on the longer side (the
 * browser scales them so before uploading; a GIF is kept as it is). Null when it may be the picture.
 */
export function avatarProblemOf(
  bytes: Uint8Array,
  rights: AvatarRights,
): { problem: AvatarProblem } | { format: AvatarFormat; size: ImageSize } {
  const format = imageFormatOf(bytes);
  const size = format && imageSizeOf(bytes, format);
  if (!format || !size) return { problem: 'invalid' };
  if (format === 'gif') {
    if (!rights.animatedUnlocked) return { problem: 'gifLocked' };
    if (!rights.animatedEnabled) return { problem: 'gifNeedsToggle' };
  }
  if (bytes.length > avatarMaxBytes(format)) return { problem: format === 'gif' ? 'gifTooLarge' : 'imageTooLarge' };
  if (format !== 'gif' && Math.max(size.width, size.height) > AVATAR_LIMITS.longestSidePx) return { problem: 'tooManyPixels' };
  return { format, size };
}
