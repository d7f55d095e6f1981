import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { secretsClient } from '../../chassis/aws.js';
import { config } from '../../chassis/config.js';
import { type VapidKeys, vapidKeysFromSeed } from './web-push.js';

/**
 * The product's VAPID key pair, read once per container: VAPID_KEY locally (the local stack keeps it in
 * its data folder, or in memory with DATA_DIR=:memory:), the Secrets Manager secret VAPID_KEY_ARN in
 * the cloud. Either is a random seed the key pair is derived from (web-push.ts vapidKeysFromSeed). Read
 * here rather than in chassis/config.ts, so that only the functions that send pushes carry the check.
 */
let loaded: Promise<VapidKeys> | undefined;

export function vapidKeys(): Promise<VapidKeys> {
  loaded ??= (async () => {
    const { VAPID_KEY, VAPID_KEY_ARN } = process.env;
    if (VAPID_KEY !== undefined && VAPID_KEY.length < 32)
      throw new Error('Invalid function configuration: VAPID_KEY: must be at least 32 characters');
    if (VAPID_KEY) return vapidKeysFromSeed(VAPID_KEY);
    if (!VAPID_KEY_ARN) throw new Error('Invalid function configuration: VAPID_KEY or VAPID_KEY_ARN must be set');
    const { SecretString } = await secretsClient().send(new GetSecretValueCommand({ SecretId: VAPID_KEY_ARN }));
    if (!SecretString || SecretString.length < 32) throw new Error('VAPID key is missing or shorter than 32 characters');
    return vapidKeysFromSeed(SecretString);
  })();
  // A failed read is retried by the next request rather than cached for the instance's life.
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}

/**
 * The contact a push service's operator may write to about our messages (RFC 8292 §2.1): the support
 * address, or the site when none is configured.
 */
export function vapidSubject(): string {
  const { SUPPORT_EMAIL, PUBLIC_URL } = config();
  return SUPPORT_EMAIL ? `mailto:${SUPPORT_EMAIL}` : new URL(PUBLIC_URL).origin;
}
