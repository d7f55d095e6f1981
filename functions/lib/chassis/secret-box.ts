import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { secretsClient } from './aws.js';
import { config } from './config.js';

/**
 * Encryption of two-factor secrets at rest (AES-256-GCM). The key comes from the secret store, a
 * secret of its own: TWO_FACTOR_KEY locally (the local stack keeps it in its data folder), the
 * Secrets Manager secret TWO_FACTOR_KEY_ARN in the cloud, read once per cold start. Each value is
 * bound to its owner (`context`, the user id, as additional authenticated data), so a ciphertext
 * copied to another user's item does not decrypt.
 */

const VERSION = 'v1';
const IV_BYTES = 12;

/** The 32-byte AES key from the key material (any string of at least 32 characters). */
export function aesKey(material: string): Buffer {
  return createHash('sha256').update(material, 'utf8').digest();
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function encryptWithKey(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plaintext, or null when the value is malformed, was encrypted under another key or context, or was altered. */
export function decryptWithKey(key: Buffer, sealed: string, context: string): string | null {
  const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
  if (version !== VERSION || rest.length > 0 || iv === undefined || tag === undefined || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

let loadedKey: Promise<Buffer> | undefined;

function twoFactorKey(): Promise<Buffer> {
  loadedKey ??= (async () => {
    const { TWO_FACTOR_KEY, TWO_FACTOR_KEY_ARN } = config();
    if (TWO_FACTOR_KEY) return aesKey(TWO_FACTOR_KEY);
    if (!TWO_FACTOR_KEY_ARN) throw new Error('Invalid function configuration: TWO_FACTOR_KEY or TWO_FACTOR_KEY_ARN must be set');
    const { SecretString } = await secretsClient().send(new GetSecretValueCommand({ SecretId: TWO_FACTOR_KEY_ARN }));
    if (!SecretString || SecretString.length < 32) throw new Error('Two-factor key is missing or shorter than 32 characters');
    return aesKey(SecretString);
  })();
  // A failed read is retried by the next request rather than cached for the instance's life.
  loadedKey.catch(() => {
    loadedKey = undefined;
  });
  return loadedKey;
}

export async function encryptSecret(plaintext: string, context: string): Promise<string> {
  return encryptWithKey(await twoFactorKey(), plaintext, context);
}

export async function decryptSecret(sealed: string, context: string): Promise<string | null> {
  return decryptWithKey(await twoFactorKey(), sealed, context);
}
