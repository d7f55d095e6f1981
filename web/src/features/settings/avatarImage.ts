import { accountMessages } from '@shared/api/account';
import { AVATAR_LIMITS } from '@shared/domain/profile';

/**
 * Preparing a profile picture in the browser (SPEC §5 'Avatar upload', §9): the size limits, GIFs
 * kept as they are, other images scaled to at most 300 px on the longer side and re-encoded as
 * JPEG 0.8, and the encoded payload kept under 10MB.
 */

export const AVATAR_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
const ACCEPTED_TYPES = new Set(AVATAR_ACCEPT.split(','));

export const avatarMessages = {
  loadFailed: 'Failed to load image',
  readFailed: 'Failed to read file',
  invalidFile: 'Invalid file',
  uploadFailed: 'Failed to upload',
  /** SPEC §8: what the browser shows for a 413. */
  tooLargeForServer: 'File too large for server',
} as const;

/** 'size' problems clear after 3 s, like a success; other errors after 5 s (SPEC §8). */
export type AvatarProblemKind = 'size' | 'error';

export class AvatarProblem extends Error {
  readonly kind: AvatarProblemKind;
  constructor(message: string, kind: AvatarProblemKind = 'error') {
    super(message);
    this.name = 'AvatarProblem';
    this.kind = kind;
  }
}

export function isGif(file: Pick<File, 'type'>): boolean {
  return file.type === 'image/gif';
}

export interface AnimatedAvatarRights {
  /** The role may use animated pictures at all (vip, premium, developer, owner). */
  unlocked: boolean;
  /** 'Enable GIF Profile Pictures' is on. */
  enabled: boolean;
}

/** The first rule a chosen file breaks, before anything is read: type, animated-picture rights, size. */
export function fileProblem(file: Pick<File, 'type' | 'size'>, animated: AnimatedAvatarRights): AvatarProblem | null {
  if (!ACCEPTED_TYPES.has(file.type)) return new AvatarProblem(accountMessages.avatarInvalid);
  if (isGif(file)) {
    if (!animated.unlocked) return new AvatarProblem(accountMessages.gifLocked);
    if (!animated.enabled) return new AvatarProblem(accountMessages.gifNeedsToggle);
    if (file.size > AVATAR_LIMITS.gifBytes) return new AvatarProblem(accountMessages.gifTooLarge, 'size');
    return null;
  }
  if (file.size > AVATAR_LIMITS.imageBytes) return new AvatarProblem(accountMessages.imageTooLarge, 'size');
  return null;
}

/** SPEC §5: the encoded payload must be under 10MB. */
export function payloadProblem(dataUrl: string): AvatarProblem | null {
  if (dataUrl.length < AVATAR_LIMITS.payloadBytes) return null;
  const megabytes = (dataUrl.length / (1024 * 1024)).toFixed(2);
  return new AvatarProblem(`File too large (${megabytes} MB). Please use a file smaller than 10MB.`, 'size');
}

/** The width and height that fit `width`×`height` into a square of `max` px, keeping the aspect ratio, never enlarging. */
export function fittedSize(width: number, height: number, max: number = AVATAR_LIMITS.longestSidePx): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new AvatarProblem(avatarMessages.readFailed));
    reader.onerror = () => reject(new AvatarProblem(avatarMessages.readFailed));
    reader.readAsDataURL(file);
  });
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new AvatarProblem(avatarMessages.loadFailed));
    image.src = src;
  });
}

/** Scales an image to at most 300 px on its longer side and encodes it as JPEG at quality 0.8. */
async function resizedJpeg(dataUrl: string): Promise<string> {
  const image = await loadImage(dataUrl);
  if (!image.naturalWidth || !image.naturalHeight) throw new AvatarProblem(avatarMessages.loadFailed);
  const { width, height } = fittedSize(image.naturalWidth, image.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new AvatarProblem(avatarMessages.loadFailed);
  // JPEG has no transparency: transparent pixels become white rather than black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
  return canvas.toDataURL('image/jpeg', AVATAR_LIMITS.jpegQuality);
}

/** The data URL to upload for an accepted file: a GIF as it is, any other image resized and re-encoded. */
export async function avatarPayload(file: File): Promise<string> {
  const original = await readAsDataUrl(file);
  const payload = isGif(file) ? original : await resizedJpeg(original);
  const problem = payloadProblem(payload);
  if (problem) throw problem;
  return payload;
}
