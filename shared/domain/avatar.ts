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
