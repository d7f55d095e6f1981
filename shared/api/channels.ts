import * as z from 'zod/mini';
import { CHANNEL_TYPES, type ChannelType, channelMessages, channelNameProblem } from '../domain/reminders/channels.js';
import type { ReminderEvent } from '../domain/reminders/events.js';
import { type MessageResponse, route } from './contract.js';

export { CHANNEL_TYPES, type ChannelType, channelMessages, MAX_CHANNELS } from '../domain/reminders/channels.js';

/**
 * Reminder channels and the deliveries log (issue 25 §2, §4): a VIP or Premium user's ntfy topics,
 * webhooks and Discord and Slack webhooks, each of which gets every reminder the user's e-mail gets
 * (docs/decisions/0090-reminder-channels.md); and the log of every reminder delivery, e-mail included.
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
/** A type's fields (shared/domain/reminders/channels.ts checks them against the type: CHANNEL_CONFIG_RULES). */
const configField = z.optional(z.record(z.string(), z.unknown(), { error: m.configInvalid }));

export const createChannelBody = z.object({
  type: z.enum(CHANNEL_TYPES, { error: m.typeInvalid }),
  name: nameField,
  enabled: enabledField,
  config: configField,
});

/** An edit: what is given changes; a secret left out of `config` stays (a webhook's URL, an ntfy token). */
export const updateChannelBody = z.object({ name: z.optional(nameField), enabled: enabledField, config: configField });

/** A channel as the API answers it. */
export interface Channel {
  id: string;
  type: ChannelType;
  name: string;
  enabled: boolean;
  /**
   * The type's settings with secrets masked ('••••abcd'): an ntfy token, a webhook's signing secret,
   * Discord's and Slack's webhook URLs. A webhook's creation answers its signing secret in full.
   */
  config: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
}

/** 'Send test': the provider's real answer, or what stopped the request (a refusal, the network, the timeout). */
export interface ChannelTestResult {
  ok: boolean;
  /** The HTTP status the provider answered, or null when no answer came. */
  status: number | null;
  /** The first characters of the provider's answer. */
  body: string;
  /** Why it failed, in words ('Timed out after 5 s', 'Refused: … is not a public address'), or null. */
  error: string | null;
  durationMs: number;
}

export const DELIVERY_STATUSES = ['sent', 'failed', 'retrying'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One reminder delivery attempt's outcome, in the deliveries log. */
export interface Delivery {
  id: string;
  /** When the attempt ended (ISO 8601). */
  at: string;
  subscriptionId: string;
  subscriptionName: string;
  event: ReminderEvent;
  daysBefore: number;
  channel: { type: 'email' | ChannelType; name: string };
  status: DeliveryStatus;
  /** Attempt number, 1 for the first. */
  attempt: number;
  error: string | null;
  /** A 'Send test' (issue 34 §3), whose subscription is the test's sample; false for a reminder. */
  test: boolean;
}

export interface DeliveryPage {
  deliveries: Delivery[];
  nextCursor: string | null;
}

const CURSOR_QUERY = { cursor: 'The `nextCursor` of the previous page' } as const;

export const channelRoutes = {
  listChannels: route<Channel[]>()({ method: 'GET', path: '/api/channels', area: 'reminders', access: 'user', body: undefined }),
  createChannel: route<Channel>()({
    method: 'POST',
    path: '/api/channels',
    area: 'reminders',
    access: 'user',
    body: createChannelBody,
    successStatus: 201,
  }),
  updateChannel: route<Channel>()({
    method: 'PUT',
    path: '/api/channels/{id}',
    area: 'reminders',
    access: 'user',
    body: updateChannelBody,
  }),
  deleteChannel: route<MessageResponse>()({
    method: 'DELETE',
    path: '/api/channels/{id}',
    area: 'reminders',
    access: 'user',
    body: undefined,
  }),
  /** A webhook's signing secret in full, for its owner. */
  channelSecret: route<{ secret: string }>()({
    method: 'GET',
    path: '/api/channels/{id}/secret',
    area: 'reminders',
    access: 'user',
    body: undefined,
  }),
  testChannel: route<ChannelTestResult>()({
    method: 'POST',
    path: '/api/channels/{id}/test',
    area: 'reminders',
    access: 'user',
    body: undefined,
  }),
  /** The signed-in user's deliveries of the last 90 days, newest first, 50 a page. */
  listDeliveries: route<DeliveryPage>()({
    method: 'GET',
    path: '/api/deliveries',
    area: 'reminders',
    access: 'user',
    body: undefined,
    queryParameters: CURSOR_QUERY,
  }),
  /** An admin's view of a user's deliveries (the user details' 'Deliveries'). */
  userDeliveries: route<DeliveryPage>()({
    method: 'GET',
    path: '/api/admin/users/{id}/deliveries',
    area: 'reminders',
    access: 'admin',
    body: undefined,
    queryParameters: CURSOR_QUERY,
  }),
} as const;
