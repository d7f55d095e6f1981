import * as z from 'zod/mini';
import { CHANNEL_TYPES } from '../domain/reminders/channels.js';
import { REMINDER_EVENTS } from '../domain/reminders/events.js';
import { DELIVERY_STATUSES } from './channels.js';

/**
 * The answers of the channel routes (shared/api/channels.ts) as zod schemas, for the API description only
 * (shared/api/responses.ts checks that they match the contract's types); kept apart so the web app's
 * contract carries none of them.
 */
const channelResponse = z.object({
  id: z.string(),
  type: z.enum(CHANNEL_TYPES),
  name: z.string(),
  enabled: z.boolean(),
  config: z.record(z.string(), z.nullable(z.string())),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const deliveryPageResponse = z.object({
  deliveries: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      subscriptionId: z.string(),
      subscriptionName: z.string(),
      event: z.enum(REMINDER_EVENTS),
      daysBefore: z.number(),
      channel: z.object({ type: z.enum(['email', ...CHANNEL_TYPES]), name: z.string() }),
      status: z.enum(DELIVERY_STATUSES),
      attempt: z.number(),
      error: z.nullable(z.string()),
      test: z.boolean(),
    }),
  ),
  nextCursor: z.nullable(z.string()),
});

export const channelResponseSchemas = {
  listChannels: z.array(channelResponse),
  createChannel: channelResponse,
  updateChannel: channelResponse,
  deleteChannel: z.object({ message: z.string() }),
  channelSecret: z.object({ secret: z.string() }),
  testChannel: z.object({
    ok: z.boolean(),
    status: z.nullable(z.number()),
    body: z.string(),
    error: z.nullable(z.string()),
    durationMs: z.number(),
  }),
  listDeliveries: deliveryPageResponse,
  userDeliveries: deliveryPageResponse,
} as const;
