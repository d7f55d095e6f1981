import { createHmac } from 'node:crypto';
import type { AwsCredentials } from '../chassis/credentials.js';

/**
 * A browser-based upload to S3 with HTTP POST, signed with Signature Version 4 (AWS's 'Browser-Based
 * Uploads Using POST'): the policy document lists every condition the form must meet, is encoded in
 * base64 and signed with the key derived from the secret, the date, the region and `s3`. The whole
 * signing is the HMAC chain below over node:crypto, so the function that hands out uploads carries no
 * S3 client.
 */

/** A condition of a POST policy: an exact field, `eq` / `starts-with` a value, or the file's size range. */
export type PolicyCondition =
  | Record<string, string>
  | ['eq' | 'starts-with', `$${string}`, string]
  | ['content-length-range', number, number];

export interface PostPolicy {
  expiration: string;
  conditions: PolicyCondition[];
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** SigV4's signing key: HMAC('AWS4' + secret, date) → region → service → 'aws4_request'. */
export function signingKey(secretAccessKey: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
}

/** The signature of a base64 policy (its string to sign), as lowercase hex. */
export function policySignature(policyBase64: string, secretAccessKey: string, date: string, region: string): string {
  return createHmac('sha256', signingKey(secretAccessKey, date, region, 's3'))
    .update(policyBase64, 'utf8')
    .digest('hex');
}

/** `20151229T000000Z`: SigV4's timestamp of an instant. */
export const amzDate = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export interface PresignedPostRequest {
  /** Where the form is posted: the bucket's own URL. */
  url: string;
  bucket: string;
  key: string;
  contentType: string;
  /** The largest file S3 takes; a larger one is refused (EntityTooLarge) and never stored. */
  maxBytes: number;
  credentials: AwsCredentials;
  region: string;
  now: Date;
  expiresInSeconds: number;
}

export interface PresignedPost {
  url: string;
  /** The form's fields, in order, before the file (which comes last, as `file`). */
  fields: Record<string, string>;
}

/** The URL and fields of a POST that can store exactly one object: this key, this type, at most maxBytes. */
export function presignedPost(request: PresignedPostRequest): PresignedPost {
  const { credentials, region, now } = request;
  const date = amzDate(now);
  const fields: Record<string, string> = {
    key: request.key,
    'Content-Type': request.contentType,
    'x-amz-algorithm': 'AWS4-HMAC-SHA256',
    'x-amz-credential': `${credentials.accessKeyId}/${date.slice(0, 8)}/${region}/s3/aws4_request`,
    'x-amz-date': date,
    ...(credentials.sessionToken ? { 'x-amz-security-token': credentials.sessionToken } : {}),
  };
  const policy: PostPolicy = {
    expiration: new Date(now.getTime() + request.expiresInSeconds * 1000).toISOString(),
    conditions: [
      { bucket: request.bucket },
      ...Object.entries(fields).map(([name, value]) => ({ [name]: value })),
      ['content-length-range', 1, request.maxBytes],
    ],
  };
  const encoded = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64');
  return {
    url: request.url,
    fields: {
      ...fields,
      policy: encoded,
      'x-amz-signature': policySignature(encoded, credentials.secretAccessKey, date.slice(0, 8), region),
    },
  };
}
