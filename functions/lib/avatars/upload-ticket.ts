import { AVATAR_UPLOAD_PREFIX, type AvatarUploadTicket, type AvatarUploadType } from '../../../shared/api/account.js';
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
 * can store exactly one object under the upload's key, of the given type, of at most the size the
 * type allows (SPEC §9: a GIF 10 MB, others 5 MB). The function's role may put objects under
 * `uploads/` only, so that is all the signature can ever allow.
 */
export async function avatarUploadTicket(userId: string, contentType: AvatarUploadType): Promise<AvatarUploadTicket> {
  const uploadId = crypto.randomUUID();
  const maxBytes = contentType === 'image/gif' ? AVATAR_LIMITS.gifBytes : AVATAR_LIMITS.imageBytes;
  await createUploadRecord(userId, uploadId, contentType);
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
