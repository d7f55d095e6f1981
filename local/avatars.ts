import { type IncomingMessage, request, type ServerResponse } from 'node:http';
import { GetObjectCommand, type GetObjectCommandOutput, S3Client } from '@aws-sdk/client-s3';
import { SECURITY_HEADERS } from '../functions/lib/chassis/security-headers.js';
import { AVATAR_KEY_PREFIX } from '../shared/api/account.js';
import { SITE_LOGO_KEY_PREFIX } from '../shared/domain/logos/site-logo.js';
import { sendText } from './answers.js';

/**
 * The avatars bucket's folders the site serves, as CloudFront's behaviours serve them in the cloud (the path is
 * the key): `/avatars/*`, and `/logos/sites/*`, the websites' icons the logo function keeps (infra/logos.ts).
 */
export const BUCKET_PATHS = [`/${AVATAR_KEY_PREFIX}`, `/${SITE_LOGO_KEY_PREFIX}`];

/** The object `key` of the avatars bucket (a path of BUCKET_PATHS without its `/`), read from the S3 emulator. */
export function avatarsBucketObjects(bucket: string): (res: ServerResponse, key: string) => Promise<void> {
  const s3 = new S3Client({ forcePathStyle: true });
  return async (res, key) => {
    // A key is a name, never a way out of its folder (the emulator keeps objects as files).
    if (key.split('/').includes('..')) return sendText(res, 404, 'Not found');
    let object: GetObjectCommandOutput;
    try {
      object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
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

/**
 * `/avatar-uploads`: where browsers post avatar uploads on the local stack, passed on to the upload gate
 * (s3-upload-gate.ts: S3's checks of the POST policy, then the S3 emulator). On the app's own origin, so
 * that an upload works wherever the app is reached — the emulators listen on 127.0.0.1 only — as the
 * bucket's own origin does in the cloud.
 */
export const AVATAR_UPLOADS_PATH = '/avatar-uploads';

export function avatarUploads(gateUrl: string): (req: IncomingMessage, res: ServerResponse) => void {
  const gate = new URL(gateUrl);
  return (req, res) => {
    const upstream = request(
      { hostname: gate.hostname, port: gate.port, path: gate.pathname, method: req.method, headers: { ...req.headers, host: gate.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (res.headersSent) res.destroy();
      else sendText(res, 502, 'The S3 emulator did not answer');
    });
    req.pipe(upstream);
  };
}
