import { AVATAR_UPLOAD_PREFIX, type AvatarUploadTicket, type AvatarUploadType } from '../../../shared/api/account.js';
import { LOGO_UPLOAD_MAX_BYTES, type LogoUploadType } from '../../../shared/api/logo-messages.js';
import { AVATAR_LIMITS } from '../../../shared/domain/profile.js';
import { config } from '../chassis/config.js';
import { environmentCredentials } from '../chassis/credentials.js';
import { avatarsBucket } from './avatar-url.js';
import { presignedPost } from './post-policy.js';
import { createUploadRecord } from './uploads.js';

/** How long the browser has to start posting the picture. */
export const UPLOAD_POLICY_SECONDS = 5 * 60;

/** Where the picture goes: `uploads/<userId>/<uploadId>`, a key the server makes up. */
export const uploadObjectKey = (userId: string, uploadId: string) => `${AVATAR_UPLOAD_PREFIX}${userId}/${uploadId}`;

/** The bucket's POST URL: AVATARS_UPLOAD_URL (the stack's, or the local stack's emulator). */
function uploadUrl(): string {
  const url = config().AVATARS_UPLOAD_URL;
  if (!url) throw new Error('AVATARS_UPLOAD_URL is not configured');
  return url;
}

/**
 * Hands out one upload: a pending record, and a POST signed with the function's own credentials that
 * can store exactly one object under the upload's key, of the given type, of at most `maxBytes`. The
 * function's role may put objects under `uploads/` only, so that is all the signature can ever allow.
 */
async function uploadTicket(
  userId: string,
  upload: { contentType: string; maxBytes: number; subscriptionId?: string },
): Promise<AvatarUploadTicket> {
  const uploadId = crypto.randomUUID();
  const { contentType, maxBytes } = upload;
  await createUploadRecord(userId, uploadId, contentType, upload.subscriptionId);
  const post = presignedPost({
    url: uploadUrl(),
    bucket: avatarsBucket(),
    key: uploadObjectKey(userId, uploadId),
    contentType,
    maxBytes,
    credentials: await environmentCredentials(),
    region: process.env.AWS_REGION ?? 'us-east-1',
    // The system clock, not the functions' (chassis/clock.ts): S3 checks a signature's time against its own.
    now: new Date(),
    expiresInSeconds: UPLOAD_POLICY_SECONDS,
  });
  return { uploadId, url: post.url, fields: post.fields, maxBytes };
}

/** An avatar's upload, of at most the size its type allows (SPEC §9: a GIF 10 MB, others 5 MB). */
export function avatarUploadTicket(userId: string, contentType: AvatarUploadType): Promise<AvatarUploadTicket> {
  return uploadTicket(userId, { contentType, maxBytes: contentType === 'image/gif' ? AVATAR_LIMITS.gifBytes : AVATAR_LIMITS.imageBytes });
}

/** A subscription's logo's upload (issue 36 §4), of at most LOGO_UPLOAD_MAX_BYTES. */
export function logoUploadTicket(userId: string, subscriptionId: string, contentType: LogoUploadType): Promise<AvatarUploadTicket> {
  return uploadTicket(userId, { contentType, maxBytes: LOGO_UPLOAD_MAX_BYTES, subscriptionId });
}
