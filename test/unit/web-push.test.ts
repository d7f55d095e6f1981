import { describe, expect, it } from 'vitest';
import {
  encryptPayload,
  MAX_PAYLOAD_BYTES,
  pushAnswer,
  pushRequest,
  subscriptionKeysProblem,
  vapidKeysFromSeed,
} from '../../functions/lib/reminders/channels/web-push.js';
import { startTestPushService } from './push-service.js';

/** Issue 25 §2: Web Push with VAPID, the sending side tested against a receiver that decrypts RFC 8291's payload. */

const b64 = (value: string) => Buffer.from(value, 'base64url');

describe('RFC 8291 message encryption', () => {
  it('gives Appendix A’s body for its keys, salt and plaintext', () => {
    const body = encryptPayload(
      Buffer.from('When I grow up, I want to be a watermelon'),
      {
        p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
        auth: 'BTBZMqHH6r4Tts7J_aSIgg',
      },
      { salt: b64('DGv6ra1nlYgDCS1FRnbzlw'), senderPrivateKey: b64('yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw') },
    );
    expect(body.toString('base64url')).toBe(
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
    );
  });

  it('refuses a message longer than one 4096-byte record holds', () => {
    const keys = {
      p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
      auth: 'BTBZMqHH6r4Tts7J_aSIgg',
    };
    expect(encryptPayload(Buffer.alloc(MAX_PAYLOAD_BYTES), keys)).toHaveLength(4096);
    expect(() => encryptPayload(Buffer.alloc(MAX_PAYLOAD_BYTES + 1), keys)).toThrow(RangeError);
  });
});

describe('VAPID keys', () => {
  it('are the same for the same seed, different for another, and a 65-byte uncompressed point', () => {
    const keys = vapidKeysFromSeed('seed-one');
    expect(vapidKeysFromSeed('seed-one').publicKey).toBe(keys.publicKey);
    expect(vapidKeysFromSeed('seed-two').publicKey).not.toBe(keys.publicKey);
    expect(b64(keys.publicKey)).toHaveLength(65);
    expect(b64(keys.publicKey)[0]).toBe(0x04);
  });
});

describe('subscription keys', () => {
  it('accepts a browser’s keys and says what is wrong with others', () => {
    const good = {
      p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
      auth: 'BTBZMqHH6r4Tts7J_aSIgg',
    };
    expect(subscriptionKeysProblem(good)).toBeNull();
    expect(subscriptionKeysProblem({ ...good, auth: 'AAAA' })).toBe('auth must be 16 bytes');
    expect(subscriptionKeysProblem({ ...good, p256dh: Buffer.alloc(65, 4).toString('base64url') })).toBe('p256dh must be a point on P-256');
    expect(subscriptionKeysProblem({ ...good, p256dh: 'not base64!' })).toBe('keys must be base64url');
  });
});

describe('a push sent to a push service on 127.0.0.1', () => {
  it('is accepted with a valid VAPID token and decrypts to the message, with TTL and Urgency', async () => {
    const service = await startTestPushService();
    try {
      const vapid = vapidKeysFromSeed('the product’s seed');
      const browser = service.subscribe(vapid.publicKey);
      const request = pushRequest(
        { endpoint: browser.endpoint, ...browser.keys },
        { title: 'Netflix renews in 3 days', body: '€17.99 on 1 March', url: '/dashboard' },
        vapid,
        { ttlSeconds: 86_400, urgency: 'normal', subject: 'mailto:support@example.com', now: new Date() },
      );
      const answer = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
      expect(answer.status).toBe(201);
      expect(pushAnswer(answer.status)).toBe('delivered');
      const [received] = service.received;
      expect(received?.problems).toEqual([]);
      expect(JSON.parse(received?.plaintext ?? 'null')).toEqual({
        title: 'Netflix renews in 3 days',
        body: '€17.99 on 1 March',
        url: '/dashboard',
      });
      expect(received?.headers.ttl).toBe('86400');
      expect(received?.headers.urgency).toBe('normal');
      expect(received?.jwtClaims?.sub).toBe('mailto:support@example.com');
    } finally {
      await service.close();
    }
  });

  it('is refused when signed with another key than the subscription’s', async () => {
    const service = await startTestPushService();
    try {
      const browser = service.subscribe(vapidKeysFromSeed('the product’s seed').publicKey);
      const request = pushRequest({ endpoint: browser.endpoint, ...browser.keys }, { title: 'x' }, vapidKeysFromSeed('another seed'), {
        ttlSeconds: 60,
        urgency: 'high',
        subject: 'mailto:support@example.com',
        now: new Date(),
      });
      const answer = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
      expect(answer.status).toBe(400);
      expect(service.received[0]?.problems).toContain('k is not the key the subscription was made with');
    } finally {
      await service.close();
    }
  });
});

describe('what a push service’s answer means', () => {
  it('201 delivered; 404 and 410 gone; 429 and 5xx retried; other 4xx rejected', () => {
    expect([201, 404, 410, 429, 500, 503, 400, 413].map(pushAnswer)).toEqual([
      'delivered',
      'gone',
      'gone',
      'retry',
      'retry',
      'retry',
      'rejected',
      'rejected',
    ]);
  });
});
