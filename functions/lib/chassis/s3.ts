import { S3Client } from '@aws-sdk/client-s3';
import { environmentCredentials } from './credentials.js';

/**
 * The S3 client factory, apart from aws.ts so that only the functions that store or delete objects (the
 * account area, and the admin area, which deletes a deleted user's avatar) bundle the S3 client.
 * Endpoints come from AWS_ENDPOINT_URL(_S3) like every client's (aws.ts).
 */
let s3: S3Client | undefined;

/** Path-style addressing for an emulator (LocalStack, s3rver) behind an endpoint URL; AWS's own style otherwise. */
export function s3Client(): S3Client {
  const emulated = Boolean(process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL);
  s3 ??= new S3Client({ credentials: environmentCredentials, forcePathStyle: emulated });
  return s3;
}
