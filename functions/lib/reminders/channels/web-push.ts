import { createCipheriv, createECDH, createHash, createPrivateKey, hkdfSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * Web Push from the application server's side, with node:crypto only (no library: web-push and its
 * dependencies would weigh on the sender's bundle for ~150 lines of standard cryptography):
 * - the message is encrypted for the browser's subscription with RFC 8291 (ECDH P-256, HKDF-SHA-256,
 *   AES-128-GCM, one `aes128gcm` record of RFC 8188);
 * - the request carries a VAPID token (RFC 8292: an ES256 JWT for the push service's origin, signed
 *   with the product's key, whose public half the browser was given at subscribe time);
 * - TTL and Urgency (RFC 8030) say how long the push service may hold it and how soon to wake the device.
 * Everything here is pure but the random salt and ephemeral key, which a caller may fix (tests).
 */

/** What PushManager.subscribe() gave the browser, as PushSubscription.toJSON() has it. */
export interface PushSubscriptionKeys {
  endpoint: string;
  /** The browser's P-256 public key, uncompressed (65 bytes), base64url. */
  p256dh: string;
  /** The browser's 16-byte authentication secret, base64url. */
  auth: string;
}

/** The product's VAPID key pair. */
export interface VapidKeys {
  /** Uncompressed P-256 public key (65 bytes), base64url: PushManager.subscribe's applicationServerKey. */
  publicKey: string;
  privateKey: KeyObject;
}

/** RFC 8030's Urgency values. */
export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushRequest {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: Buffer;
}

/** The record size every message is sent with (RFC 8188 §2.1): one record holds a whole message. */
export const RECORD_SIZE = 4096;
/** salt (16) + record size (4) + key id length (1) + key id (the 65-byte public key). */
const HEADER_BYTES = 16 + 4 + 1 + 65;
const TAG_BYTES = 16;
/**
 * Largest plaintext a message may carry: push services accept 4096-byte bodies (RFC 8291 §4), from which
 * the header, the GCM tag and the record's padding delimiter are taken.
 */
export const MAX_PAYLOAD_BYTES = RECORD_SIZE - HEADER_BYTES - TAG_BYTES - 1;
/** How long a VAPID token is valid: RFC 8292 §2 allows at most 24 hours. */
export const VAPID_TOKEN_SECONDS = 12 * 60 * 60;

const P256 = 'prime256v1';

function base64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url');
}

/**
 * The product's VAPID key pair, derived from a secret seed (the data folder's `vapid-key` locally, the
 * Secrets Manager secret in the cloud: both random strings): the private scalar is SHA-256 of the seed,
 * hashed again in the (2^-32) case that it is not a valid P-256 scalar. The same seed always gives the
 * same keys, so subscriptions survive restarts and cold starts.
 */
export function vapidKeysFromSeed(seed: string): VapidKeys {
  let scalar = createHash('sha256').update(`vapid:${seed}`).digest();
  for (;;) {
    const ecdh = createECDH(P256);
    try {
      ecdh.setPrivateKey(scalar);
    } catch {
      scalar = createHash('sha256').update(scalar).digest();
      continue;
    }
    const publicKey = ecdh.getPublicKey();
    const privateKey = createPrivateKey({
      format: 'jwk',
      key: {
        kty: 'EC',
        crv: 'P-256',
        d: base64url(scalar),
        x: base64url(publicKey.subarray(1, 33)),
        y: base64url(publicKey.subarray(33, 65)),
      },
    });
    return { publicKey: base64url(publicKey), privateKey };
  }
}

/** Whether a subscription's keys have the shapes RFC 8291 needs (a 65-byte uncompressed point, a 16-byte secret). */
export function subscriptionKeysProblem(keys: { p256dh: string; auth: string }): string | null {
  const isBase64url = (value: string) => /^[A-Za-z0-9_-]+={0,2}$/.test(value);
  if (!isBase64url(keys.p256dh) || !isBase64url(keys.auth)) return 'keys must be base64url';
  const publicKey = Buffer.from(keys.p256dh, 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 0x04) return 'p256dh must be an uncompressed P-256 public key';
  try {
    const probe = createECDH(P256);
    probe.generateKeys();
    probe.computeSecret(publicKey);
  } catch {
    return 'p256dh must be a point on P-256';
  }
  if (Buffer.from(keys.auth, 'base64url').length !== 16) return 'auth must be 16 bytes';
  return null;
}

export interface EncryptionInputs {
  /** 16 random bytes unless given (tests). */
  salt?: Buffer;
  /** The sender's one-time key pair (private scalar), random unless given (tests). */
  senderPrivateKey?: Buffer;
}

/**
 * The message's body, encrypted for one subscription (RFC 8291 §3–4): the `aes128gcm` header (salt,
 * record size, the sender's one-time public key as key id), then the single record: the plaintext,
 * its delimiter 0x02, sealed with AES-128-GCM.
 */
export function encryptPayload(plaintext: Buffer, keys: { p256dh: string; auth: string }, inputs: EncryptionInputs = {}): Buffer {
  if (plaintext.length > MAX_PAYLOAD_BYTES) throw new RangeError(`A push message holds at most ${MAX_PAYLOAD_BYTES} bytes`);
  const receiverPublicKey = Buffer.from(keys.p256dh, 'base64url');
  const authSecret = Buffer.from(keys.auth, 'base64url');
  const sender = createECDH(P256);
  if (inputs.senderPrivateKey) sender.setPrivateKey(inputs.senderPrivateKey);
  else sender.generateKeys();
  const senderPublicKey = sender.getPublicKey();
  const sharedSecret = sender.computeSecret(receiverPublicKey);
  const salt = inputs.salt ?? randomBytes(16);

  // RFC 8291 §3.3–3.4: the input keying material binds both public keys and the auth secret.
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublicKey, senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, authSecret, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const cipher = createCipheriv('aes-128-gcm', contentKey, nonce);
  const sealed = Buffer.concat([cipher.update(plaintext), cipher.update(Buffer.from([0x02])), cipher.final(), cipher.getAuthTag()]);

  const header = Buffer.alloc(HEADER_BYTES);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(senderPublicKey.length, 20);
  senderPublicKey.copy(header, 21);
  return Buffer.concat([header, sealed]);
}

/**
 * `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292 §3): an ES256 JWT whose audience is the push
 * service's origin, valid for VAPID_TOKEN_SECONDS, with the contact the push service may write to.
 */
export function vapidAuthorization(endpoint: string, subject: string, keys: VapidKeys, now: Date): string {
  const header = base64url(JSON.stringify({ typ: 'JWT', alg: 'ES256' }));
  const claims = base64url(
    JSON.stringify({ aud: new URL(endpoint).origin, exp: Math.floor(now.getTime() / 1000) + VAPID_TOKEN_SECONDS, sub: subject }),
  );
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), { key: keys.privateKey, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${header}.${claims}.${base64url(signature)}, k=${keys.publicKey}`;
}

export interface PushMessageOptions {
  /** Seconds the push service may keep the message for an offline device. */
  ttlSeconds: number;
  urgency: PushUrgency;
  /** `mailto:` address or `https:` URL the push service's operator may contact (RFC 8292 §2.1). */
  subject: string;
  now: Date;
}

/** The HTTP request that delivers `payload` (JSON the service worker reads) to one subscription. */
export function pushRequest(
  subscription: PushSubscriptionKeys,
  payload: unknown,
  vapid: VapidKeys,
  options: PushMessageOptions,
  inputs: EncryptionInputs = {},
): PushRequest {
  const body = encryptPayload(Buffer.from(JSON.stringify(payload)), subscription, inputs);
  return {
    url: subscription.endpoint,
    method: 'POST',
    headers: {
      authorization: vapidAuthorization(subscription.endpoint, options.subject, vapid, options.now),
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      ttl: String(Math.max(0, Math.floor(options.ttlSeconds))),
      urgency: options.urgency,
    },
    body,
  };
}

/**
 * What a push service's answer means for the channel (RFC 8030 §5, §8.3): 201 (or any 2xx) delivered;
 * 404 and 410 the subscription is gone for good (the browser unsubscribed or the permission was
 * withdrawn), so the channel is disabled; 429 and 5xx are worth retrying; any other 4xx will fail again
 * the same way (a bad request, a key the service refuses).
 */
export type PushAnswer = 'delivered' | 'gone' | 'retry' | 'rejected';

export function pushAnswer(status: number): PushAnswer {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'rejected';
}
