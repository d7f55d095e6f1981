import type { ServerResponse } from 'node:http';
import { GetObjectCommand, type GetObjectCommandOutput, S3Client } from '@aws-sdk/client-s3';
import { SECURITY_HEADERS } from '../functions/lib/chassis/security-headers.js';
import { AVATAR_KEY_PREFIX } from '../shared/api/account.js';
import { sendText } from './answers.js';

/**
 * `/avatars/<rest>`: the object `avatars/<rest>` of the avatars bucket, read from the S3 emulator, as
 * CloudFront's `/avatars/*` behaviour serves the bucket in the cloud (the path is the key).
 */
export const AVATARS_PATH = '/avatars/';

export function avatars(bucket: string): (res: ServerResponse, key: string) => Promise<void> {
  const s3 = new S3Client({ forcePathStyle: true });
  return async (res, key) => {
    let object: GetObjectCommandOutput;
    try {
      object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: `${AVATAR_KEY_PREFIX}${key}` }));
    } catch {
      return sendText(res, 404, 'Not found');
    }
    const bytes = await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray();
    res.writeHead(200, {
      'content-type': object.ContentType ?? 'application/octet-stream',
      'cache-control': 'public, max-age=300',
      ...SECURITY_HEADERS,
    });
    res.end(Buffer.from(bytes));
  };
}
