import * as z from 'zod/mini';
import { CHANNEL_TYPES, channelMessages, channelNameProblem } from '../domain/channels.js';
import { REMINDER_EVENTS } from '../domain/reminders.js';
import { type MessageResponse, route } from './contract.js';

export { CHANNEL_TYPES, type ChannelType, channelMessages, MAX_CHANNELS } from '../domain/channels.js';

/**
 * Reminder channels and the deliveries log (issue 25 §2, §4): a VIP or Premium user's ntfy topics,
 * webhooks and Discord and Slack webhooks, each of which gets every reminder the user's e-mail gets
 * (docs/decisions/pending-reminder-channels.md); and the log of every reminder delivery, e-mail included.
 */

const m = channelMessages;

const nameField = z.string({ error: m.nameRequired }).check(
  z.superRefine<string>((value, ctx) => {
    const message = channelNameProblem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
  z.trim(),
);
const enabledField = z.optional(z.boolean({ error: m.enabledInvalid }));
/** A type's fields (shared/domain/channels.ts checks them against the type: CHANNEL_CONFIG_RULES). */
const configField = z.optional(z.record(z.string(), z.unknown(), { error: m.configInvalid }));

export const createChannelBody = z.object({
  type: z.enum(CHANNEL_TYPES, { error: m.typeInvalid }),
  name: nameField,
  enabled: enabledField,
  config: configField,
});

/** An edit: what is given changes; a secret left out of `config` stays (a webhook's URL, an ntfy token). */
export const updateChannelBody = z.object({ name: z.optional(nameField), enabled: enabledField, config: configField });

export const channelResponse = z.object({
  id: z.string(),
  type: z.enum(CHANNEL_TYPES),
  name: z.string(),
  enabled: z.boolean(),
  /**
   * The type's settings with secrets masked ('••••abcd'): an ntfy token, a webhook's signing secret,
   * Discord's and Slack's webhook URLs. A webhook's creation answers its signing secret in full.
   */
  config: z.record(z.string(), z.nullable(z.string())),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Channel = z.output<typeof channelResponse>;

/** 'Send test': the provider's real answer, or what stopped the request (a refusal, the network, the timeout). */
export const channelTestResponse = z.object({
  ok: z.boolean(),
  /** The HTTP status the provider answered, or null when no answer came. */
  status: z.nullable(z.number()),
  /** The first characters of the provider's answer. */
  body: z.string(),
  /** Why it failed, in words ('Timed out after 5 s', 'Refused: … is not a public address'), or null. */
  error: z.nullable(z.string()),
  durationMs: z.number(),
});
export type ChannelTestResult = z.output<typeof channelTestResponse>;

export const DELIVERY_STATUSES = ['sent', 'failed', 'retrying'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const deliveryResponse = z.object({
  id: z.string(),
  /** When the attempt ended (ISO 8601). */
  at: z.string(),
  subscriptionId: z.string(),
  subscriptionName: z.string(),
  event: z.enum(REMINDER_EVENTS),
  daysBefore: z.number(),
  channel: z.object({ type: z.enum(['email', ...CHANNEL_TYPES]), name: z.string() }),
  status: z.enum(DELIVERY_STATUSES),
  /** Attempt number, 1 for the first. */
  attempt: z.number(),
  error: z.nullable(z.string()),
});
export type Delivery = z.output<typeof deliveryResponse>;

export const deliveryPageResponse = z.object({ deliveries: z.array(deliveryResponse), nextCursor: z.nullable(z.string()) });
export type DeliveryPage = z.output<typeof deliveryPageResponse>;

const CURSOR_QUERY = { cursor: 'The `nextCursor` of the previous page' } as const;

export const channelRoutes = {
  listChannels: route<Channel[]>()({ method: 'GET', path: '/api/channels', area: 'channels', access: 'user', body: undefined }),
  createChannel: route<Channel>()({
    method: 'POST',
    path: '/api/channels',
    area: 'channels',
    access: 'user',
    body: createChannelBody,
    successStatus: 201,
  }),
  updateChannel: route<Channel>()({ method: 'PUT', path: '/api/channels/{id}', area: 'channels', access: 'user', body: updateChannelBody }),
  deleteChannel: route<MessageResponse>()({
    method: 'DELETE',
    path: '/api/channels/{id}',
    area: 'channels',
    access: 'user',
    body: undefined,
  }),
  /** A webhook's signing secret in full, for its owner. */
  channelSecret: route<{ secret: string }>()({
    method: 'GET',
    path: '/api/channels/{id}/secret',
    area: 'channels',
    access: 'user',
    body: undefined,
  }),
  testChannel: route<ChannelTestResult>()({
    method: 'POST',
    path: '/api/channels/{id}/test',
    area: 'channels',
    access: 'user',
    body: undefined,
  }),
  /** The signed-in user's deliveries of the last 90 days, newest first, 50 a page. */
  listDeliveries: route<DeliveryPage>()({
    method: 'GET',
    path: '/api/deliveries',
    area: 'channels',
    access: 'user',
    body: undefined,
    queryParameters: CURSOR_QUERY,
  }),
  /** An admin's view of a user's deliveries (the user details' 'Deliveries'). */
  userDeliveries: route<DeliveryPage>()({
    method: 'GET',
    path: '/api/admin/users/{id}/deliveries',
    area: 'channels',
    access: 'admin',
    body: undefined,
    queryParameters: CURSOR_QUERY,
  }),
} as const;

/** The answers of the channel routes, for the API description (shared/api/responses.ts). */
export const channelResponseSchemas = {
  listChannels: z.array(channelResponse),
  createChannel: channelResponse,
  updateChannel: channelResponse,
  deleteChannel: z.object({ message: z.string() }),
  channelSecret: z.object({ secret: z.string() }),
  testChannel: channelTestResponse,
  listDeliveries: deliveryPageResponse,
  userDeliveries: deliveryPageResponse,
} as const;
