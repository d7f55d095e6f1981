import { createHash, timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { EDGE_HEADERS } from '../../../shared/api/edge.js';
import { secretsClient } from './aws.js';
import { normalizeAddress, parseViewerAddress } from './client-address.js';
import { config } from './config.js';
import { HttpError } from './errors.js';

/** The 403 of a request that did not come through the site's CloudFront distribution. */
export const NOT_THROUGH_THE_SITE = 'Requests to the API must come through the site';

let originSecret: Promise<string | undefined> | undefined;

/**
 * The origin secret CloudFront sends (infra/cloudfront-site.ts): ORIGIN_SECRET in tests, the Secrets Manager
 * secret ORIGIN_SECRET_ARN in the cloud (read once per cold start), none locally or on LocalStack.
 */
function expectedSecret(): Promise<string | undefined> {
  originSecret ??= (async () => {
    const { ORIGIN_SECRET, ORIGIN_SECRET_ARN } = config();
    if (ORIGIN_SECRET) return ORIGIN_SECRET;
    if (!ORIGIN_SECRET_ARN) return undefined;
    const { SecretString } = await secretsClient().send(new GetSecretValueCommand({ SecretId: ORIGIN_SECRET_ARN }));
    if (!SecretString || SecretString.length < 32) throw new Error('The origin secret is missing or shorter than 32 characters');
    return SecretString;
  })();
  originSecret.catch(() => {
    originSecret = undefined;
  });
  return originSecret;
}

/** Compares in constant time, whatever the lengths. */
const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/**
 * Refuses (403) a request without the origin secret when one is configured; true when the request
 * proved it came through CloudFront, false when there is no check (local stack, LocalStack).
 */
export async function checkOrigin(headers: Record<string, string>): Promise<boolean> {
  const expected = await expectedSecret();
  if (expected === undefined) return false;
  if (!sameSecret(headers[EDGE_HEADERS.originSecret] ?? '', expected)) throw new HttpError(403, NOT_THROUGH_THE_SITE);
  return true;
}

/**
 * The client's address: the viewer's, from CloudFront's viewer-address header, when the request
 * came through CloudFront (`throughCloudFront`); otherwise API Gateway's `clientAddress`, which a client
 * cannot set — behind CloudFront it would be CloudFront's own address.
 */
export function clientAddress(clientAddress: string, headers: Record<string, string>, throughCloudFront: boolean): string {
  const viewer = throughCloudFront ? parseViewerAddress(headers[EDGE_HEADERS.viewerAddress]) : undefined;
  return viewer ?? normalizeAddress(clientAddress) ?? clientAddress;
}
