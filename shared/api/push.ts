import * as z from 'zod/mini';
import { route } from './contract.js';

/**
 * Browser notifications (Web Push, issue 25 §2): the product's VAPID public key, which a browser needs to
 * subscribe (PushManager.subscribe's applicationServerKey). The subscription becomes a 'webpush' channel
 * (shared/api/channels.ts); the reminders area answers this too.
 */
export interface PushKey {
  /** The uncompressed P-256 public key (65 bytes), base64url. */
  publicKey: string;
}

export const pushRoutes = {
  pushKey: route<PushKey>()({ method: 'GET', path: '/api/push/key', area: 'reminders', access: 'user', body: undefined }),
} as const;

export const pushResponseSchemas = {
  pushKey: z.object({ publicKey: z.string() }),
} as const;
