import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { AVATAR_KEY_PREFIX } from '../../../shared/api/account-messages.js';
import { AVATAR_CONTENT_TYPES, AVATAR_EXTENSIONS, type AvatarFormat } from '../../../shared/domain/avatar.js';
import { AVATAR_LIMITS } from '../../../shared/domain/profile.js';
import { createLogger } from '../chassis/log.js';
import { s3Client } from '../chassis/s3.js';
import { avatarsBucket } from './avatar-url.js';

/**
 * The avatar function's objects (functions/avatars): reading an upload, copying an accepted one to
 * its avatar key, deleting uploads, replaced avatars and a deleted user's prefixes. Only that function
 * bundles the S3 client; the account and admin functions never touch an object.
 */

/**
 * An upload's bytes, at most one more than any picture may have (so one larger is told as too large
 * without reading it all); null when it is gone (a second delivery of its arrival).
 */
export async function readUploadObject(key: string): Promise<Uint8Array | null> {
  try {
    const Range = `bytes=0-${AVATAR_LIMITS.gifBytes}`;
    const object = await s3Client().send(new GetObjectCommand({ Bucket: avatarsBucket(), Key: key, Range }));
    return await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray();
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey') return null;
    throw error;
  }
}

/** Copies an accepted upload to `avatars/<userId>/<uploadId>.<ext>`, typed by its bytes, cached for good; the new key. */
export async function copyToAvatar(uploadKey: string, userId: string, uploadId: string, format: AvatarFormat): Promise<string> {
  const Bucket = avatarsBucket();
  const key = `${AVATAR_KEY_PREFIX}${userId}/${uploadId}.${AVATAR_EXTENSIONS[format]}`;
  await s3Client().send(
    new CopyObjectCommand({
      Bucket,
      Key: key,
      CopySource: `${Bucket}/${uploadKey}`,
      MetadataDirective: 'REPLACE',
      ContentType: AVATAR_CONTENT_TYPES[format],
      CacheControl: 'public, max-age=31536000, immutable',
    }),
  );
  return key;
}

/**
 * Keeps an accepted logo (issue 36 §4) as `avatars/<userId>/logo-<uploadId>.<ext>`, beside the user's pictures (so it
 * goes with the account), cached for good: a PNG, JPEG or WebP upload copied as it is, typed by its bytes; an SVG as
 * its sanitised bytes (functions/lib/logos/svg.ts). The new key.
 */
export async function storeLogo(
  userId: string,
  uploadId: string,
  logo: { format: 'png' | 'jpeg' | 'webp'; uploadKey: string } | { format: 'svg'; bytes: Uint8Array },
): Promise<string> {
  const Bucket = avatarsBucket();
  const extension = logo.format === 'svg' ? 'svg' : AVATAR_EXTENSIONS[logo.format];
  const key = `${AVATAR_KEY_PREFIX}${userId}/logo-${uploadId}.${extension}`;
  const CacheControl = 'public, max-age=31536000, immutable';
  if (logo.format === 'svg') {
    await s3Client().send(new PutObjectCommand({ Bucket, Key: key, Body: logo.bytes, ContentType: 'image/svg+xml', CacheControl }));
  } else {
    await s3Client().send(
      new CopyObjectCommand({
        Bucket,
        Key: key,
        CopySource: `${Bucket}/${logo.uploadKey}`,
        MetadataDirective: 'REPLACE',
        ContentType: AVATAR_CONTENT_TYPES[logo.format],
        CacheControl,
      }),
    );
  }
  return key;
}

/** Deletes one object; a failure leaves an orphan behind (logged) and never fails the check. */
export async function deleteObject(key: string): Promise<void> {
  try {
    await s3Client().send(new DeleteObjectCommand({ Bucket: avatarsBucket(), Key: key }));
  } catch (error) {
    createLogger().warn('avatar object not deleted', { key, error: String(error) });
  }
}

/** Deletes every object under a prefix; throws on a failure, so the stream delivers the removal again. */
export async function deletePrefix(prefix: string): Promise<number> {
  const Bucket = avatarsBucket();
  let deleted = 0;
  let ContinuationToken: string | undefined;
  do {
    const page = await s3Client().send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
    for (const { Key } of page.Contents ?? []) {
      if (!Key) continue;
      await s3Client().send(new DeleteObjectCommand({ Bucket, Key }));
      deleted++;
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return deleted;
}
