import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on 127.0.0.1 that checks what a real one checks and decrypts what only the browser
 * could: the VAPID token (RFC 8292) against the key the subscription was made with, and the
 * `aes128gcm` body (RFC 8291) with the browser's private key and auth secret, which the test made.
 * Written from the RFCs independently of functions/lib/reminders/channels/web-push.ts, so the two check each other.
 */

/** A browser's side of a subscription: what it keeps secret and what it hands the application. */
export interface TestBrowser {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  privateKey: Buffer;
}

export interface ReceivedPush {
  subscriptionId: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted message, or why it could not be. */
  plaintext: string | null;
  problems: string[];
  jwtClaims: Record<string, unknown> | null;
}

export interface TestPushService {
  origin: string;
  received: ReceivedPush[];
  /** A browser subscribed with `applicationServerKey` (the product's VAPID public key). */
  subscribe(applicationServerKey: string): TestBrowser;
  /** The status the next pushes to this subscription are answered with (201 unless set). */
  answerWith(subscriptionId: string, status: number): void;
  close(): Promise<void>;
}

function decryptAes128gcm(body: Buffer, browser: TestBrowser): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (record.length > recordSize) throw new Error('record larger than its record size');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(browser.privateKey);
  const receiverPublicKey = ecdh.getPublicKey();
  const sharedSecret = ecdh.computeSecret(senderPublicKey);
  const auth = Buffer.from(browser.keys.auth, 'base64url');
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info'), Buffer.from([0]), receiverPublicKey, senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.concat([Buffer.from('Content-Encoding: aes128gcm'), Buffer.from([0])]), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.concat([Buffer.from('Content-Encoding: nonce'), Buffer.from([0])]), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with 0x02 and then any number of zero bytes of padding (RFC 8188 §2).
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record does not end with the 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}

function checkVapid(authorization: string | undefined, origin: string, applicationServerKey: string, problems: string[]) {
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) {
    problems.push(`Authorization is not "vapid t=…, k=…": ${authorization}`);
    return null;
  }
  const [token, key] = [match[1] as string, match[2] as string];
  if (key !== applicationServerKey) problems.push('k is not the key the subscription was made with');
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    format: 'jwk',
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) problems.push('the VAPID token’s ES256 signature does not verify');
  const parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (parsedHeader.alg !== 'ES256') problems.push(`alg is ${String(parsedHeader.alg)}`);
  const parsedClaims = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (parsedClaims.aud !== origin) problems.push(`aud is ${String(parsedClaims.aud)}, not ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (typeof parsedClaims.exp !== 'number' || parsedClaims.exp <= now || parsedClaims.exp > now + 24 * 3600) {
    problems.push(`exp ${String(parsedClaims.exp)} is not within the next 24 hours`);
  }
  if (typeof parsedClaims.sub !== 'string' || !/^(mailto:|https:)/.test(parsedClaims.sub))
    problems.push(`sub ${String(parsedClaims.sub)} is no contact`);
  return parsedClaims;
}

export async function startTestPushService(): Promise<TestPushService> {
  const browsers = new Map<string, { browser: TestBrowser; applicationServerKey: string; status: number }>();
  const received: ReceivedPush[] = [];
  let origin = '';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([a-z0-9]+)$/.exec(request.url ?? '')?.[1];
      const entry = id ? browsers.get(id) : undefined;
      if (!id || !entry || request.method !== 'POST') {
        response.writeHead(404).end();
        return;
      }
      const problems: string[] = [];
      const jwtClaims = checkVapid(request.headers.authorization, origin, entry.applicationServerKey, problems);
      if (request.headers['content-encoding'] !== 'aes128gcm') problems.push(`Content-Encoding is ${request.headers['content-encoding']}`);
      if (!/^\d+$/.test(String(request.headers.ttl))) problems.push(`TTL is ${request.headers.ttl}`);
      let plaintext: string | null = null;
      try {
        plaintext = decryptAes128gcm(Buffer.concat(chunks), entry.browser);
      } catch (error) {
        problems.push(`cannot decrypt: ${(error as Error).message}`);
      }
      received.push({ subscriptionId: id, headers: request.headers, plaintext, problems, jwtClaims });
      const status = problems.length > 0 ? 400 : entry.status;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 201 ? '' : `push service answer ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    subscribe(applicationServerKey) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = randomBytes(8).toString('hex');
      const browser: TestBrowser = {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
        privateKey: ecdh.getPrivateKey(),
      };
      browsers.set(id, { browser, applicationServerKey, status: 201 });
      return browser;
    },
    answerWith(subscriptionId, status) {
      const entry = browsers.get(subscriptionId);
      if (entry) entry.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
