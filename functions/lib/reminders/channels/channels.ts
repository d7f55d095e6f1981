import { randomBytes, randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Channel } from '../../../../shared/api/channels.js';
import {
  type ChannelConfig,
  type ChannelConfigs,
  type ChannelType,
  channelConfigRules,
  channelMessages,
  MAX_CHANNELS,
  maskSecret,
  maskUrl,
} from '../../../../shared/domain/reminders/channels.js';
import { dynamo } from '../../chassis/aws.js';
import { badRequest, conflict, isConditionFailure, notFound } from '../../chassis/errors.js';
import { queryPrefix } from '../../chassis/query.js';
import { AGAIN, retryOnError, retryUntil } from '../../chassis/retry.js';
import { nowIso, tableName } from '../../chassis/table.js';
import { userKeys } from '../../users/keys.js';
import { cancellationCodes, withConflictRetries } from '../../users/user-counters.js';
import { CHANNEL_PREFIX, reminderKeys } from '../keys.js';

/**
 * A user's reminder channels (issue 25 §2): `USER#<id>` / `CHANNEL#<id>` items, read with one Query of the
 * user's partition. Settings hold secrets (an ntfy token, a webhook's signing secret, Discord's and Slack's
 * webhook URLs, a Telegram bot's token, a Gotify app token, Pushover's user key and token): they leave this module
 * masked, except the signing secret at creation and on demand.
 */
export type StoredChannel = {
  [T in ChannelType]: {
    id: string;
    userId: string;
    type: T;
    name: string;
    enabled: boolean;
    config: ChannelConfigs[T];
    createdAt: string;
    updatedAt: string;
  };
}[ChannelType];

/** A webhook's signing secret: 32 random bytes, 'whsec_' and base64url. */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const rules = channelConfigRules(newSigningSecret);

/** The settings of a type from a request's `config`, or a 400 with the first problem's message. */
export function channelConfigOf<T extends ChannelType>(
  type: T,
  input: Record<string, unknown>,
  stored?: ChannelConfigs[T],
): ChannelConfigs[T] {
  const result = (rules[type] as (i: Record<string, unknown>, s: ChannelConfigs[T] | undefined) => ChannelConfigs[T] | string)(
    input,
    stored,
  );
  if (typeof result === 'string') throw badRequest(result);
  return result;
}

/** The settings as a list or an edit answers them: every secret masked. */
function maskedConfig(channel: StoredChannel, revealSecret: boolean): Record<string, string | null> {
  switch (channel.type) {
    case 'ntfy':
      return {
        serverUrl: channel.config.serverUrl,
        topic: channel.config.topic,
        accessToken: channel.config.accessToken ? maskSecret(channel.config.accessToken) : null,
      };
    case 'webhook':
      return { url: channel.config.url, secret: revealSecret ? channel.config.secret : maskSecret(channel.config.secret) };
    case 'discord':
    case 'slack':
      return { url: maskUrl(channel.config.url) };
    case 'telegram':
      return { botToken: maskSecret(channel.config.botToken), chatId: channel.config.chatId };
    case 'gotify':
      return { serverUrl: channel.config.serverUrl, appToken: maskSecret(channel.config.appToken) };
    case 'pushover':
      return { userKey: maskSecret(channel.config.userKey), appToken: maskSecret(channel.config.appToken) };
    // The endpoint is the device's address at its push service: shown as a webhook URL is (the page finds
    // its own device's channel by masking its subscription's endpoint the same way); the keys never leave.
    case 'webpush':
      return { endpoint: maskUrl(channel.config.endpoint) };
  }
}

export function channelView(channel: StoredChannel, options: { revealSecret?: boolean } = {}): Channel {
  return {
    id: channel.id,
    type: channel.type,
    name: channel.name,
    enabled: channel.enabled,
    config: maskedConfig(channel, options.revealSecret ?? false),
    createdAt: channel.createdAt,
    updatedAt: channel.updatedAt,
  };
}

const fromItem = (item: Record<string, unknown>) => {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as StoredChannel;
};

/** The user's channels, oldest first (their ids are random: sorted by creation here). */
export async function listChannels(userId: string): Promise<StoredChannel[]> {
  const items = await queryPrefix<Record<string, unknown>>(`USER#${userId}`, CHANNEL_PREFIX);
  return items.map(fromItem).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** One channel of the user, or a 404 (another user's id names nothing here). */
export async function readChannel(userId: string, channelId: string): Promise<StoredChannel> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: reminderKeys.channel(userId, channelId) }));
  if (!Item) throw notFound(channelMessages.notFound);
  return fromItem(Item);
}

/** A channel read by the sender: null when it was deleted meanwhile. */
export async function findChannel(userId: string, channelId: string): Promise<StoredChannel | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: reminderKeys.channel(userId, channelId) }));
  return Item ? fromItem(Item) : null;
}

/**
 * The profile's count of the user's channels (issue 34 §11): changed in the same transaction as each
 * create (on the condition that it stays within MAX_CHANNELS) and each delete, as the subscriptions' is,
 * so that concurrent creations cannot pass the limit.
 */
export const CHANNEL_COUNT = 'channelCount';

async function storedChannelCount(userId: string): Promise<number | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: userKeys.user(userId),
      ConsistentRead: true,
      ProjectionExpression: '#count',
      ExpressionAttributeNames: { '#count': CHANNEL_COUNT },
    }),
  );
  return typeof Item?.[CHANNEL_COUNT] === 'number' ? (Item[CHANNEL_COUNT] as number) : undefined;
}

/**
 * Counts the user's channels (a consistent read) and stores the count, on the condition that it is still
 * `previous` (missing for a profile whose channels were never counted): a count that a create or a delete
 * changed meanwhile stays. Answers the channels counted.
 */
async function recountChannels(userId: string, previous: number | undefined): Promise<number> {
  const kept = (await queryPrefix(`USER#${userId}`, CHANNEL_PREFIX, { consistent: true, projection: 'id' })).length;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKeys.user(userId),
        UpdateExpression: 'SET #count = :kept',
        ConditionExpression:
          previous === undefined ? 'attribute_exists(pk) AND attribute_not_exists(#count)' : 'attribute_exists(pk) AND #count = :previous',
        ExpressionAttributeNames: { '#count': CHANNEL_COUNT },
        ExpressionAttributeValues: { ':kept': kept, ...(previous === undefined ? {} : { ':previous': previous }) },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return kept;
}

/** True when a transaction was refused by the condition of its item at `index`. */
const refusedAt = (error: unknown, index: number) => cancellationCodes(error)?.[index] === 'ConditionalCheckFailed';

export async function createChannel(
  userId: string,
  input: { type: ChannelType; name: string; enabled?: boolean; config?: Record<string, unknown> },
): Promise<StoredChannel> {
  const config = channelConfigOf(input.type, input.config ?? {});
  const at = nowIso();
  const channel = {
    id: randomUUID(),
    userId,
    type: input.type,
    name: input.name,
    enabled: input.enabled ?? true,
    config,
    createdAt: at,
    updatedAt: at,
  } as StoredChannel;
  const TableName = tableName();
  // Refused by the count: counted again, and tried again while there is room (the retry helper's 'changed' kind).
  return retryUntil(
    'changed',
    'a channel within the count',
    async () => {
      try {
        await withConflictRetries(() =>
          dynamo().send(
            new TransactWriteCommand({
              TransactItems: [
                {
                  Put: {
                    TableName,
                    Item: { ...reminderKeys.channel(userId, channel.id), ...channel },
                    ConditionExpression: 'attribute_not_exists(pk)',
                  },
                },
                {
                  Update: {
                    TableName,
                    Key: userKeys.user(userId),
                    UpdateExpression: 'ADD #count :one',
                    ConditionExpression: 'attribute_exists(pk) AND #count < :limit',
                    ExpressionAttributeNames: { '#count': CHANNEL_COUNT },
                    ExpressionAttributeValues: { ':one': 1, ':limit': MAX_CHANNELS },
                  },
                },
              ],
            }),
          ),
        );
        return channel;
      } catch (error) {
        if (!refusedAt(error, 1)) throw error;
        // At the limit, or a count never kept (channels made before it was) or drifted: counted again.
        const count = await storedChannelCount(userId);
        const counted = count === undefined || count >= MAX_CHANNELS ? await recountChannels(userId, count) : count;
        if (counted >= MAX_CHANNELS) throw conflict(channelMessages.tooMany);
        return AGAIN;
      }
    },
    undefined,
    { exhausted: () => conflict(channelMessages.tooMany) },
  );
}

/** Applies an edit; the item is replaced only if it still exists (a delete meanwhile is a 404). */
export async function updateChannel(
  userId: string,
  channelId: string,
  changes: { name?: string; enabled?: boolean; config?: Record<string, unknown> },
): Promise<StoredChannel> {
  const stored = await readChannel(userId, channelId);
  const config: ChannelConfig = changes.config ? channelConfigOf(stored.type, changes.config, stored.config) : stored.config;
  const channel = {
    ...stored,
    name: changes.name ?? stored.name,
    enabled: changes.enabled ?? stored.enabled,
    config,
    updatedAt: nowIso(),
  } as StoredChannel;
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...reminderKeys.channel(userId, channelId), ...channel },
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw notFound(channelMessages.notFound);
    throw error;
  }
  return channel;
}

/** Deletes a channel and counts it off the profile in one transaction (a count never kept is counted first). */
export async function deleteChannel(userId: string, channelId: string): Promise<void> {
  const TableName = tableName();
  // A count never kept or drifted refuses the decrement: counted again first, then tried again (the retry helper's 'changed' kind).
  await retryOnError(
    'changed',
    'a channel counted off',
    async (attempt) => {
      if (attempt > 1) await recountChannels(userId, await storedChannelCount(userId));
      try {
        await withConflictRetries(() =>
          dynamo().send(
            new TransactWriteCommand({
              TransactItems: [
                { Delete: { TableName, Key: reminderKeys.channel(userId, channelId), ConditionExpression: 'attribute_exists(pk)' } },
                {
                  Update: {
                    TableName,
                    Key: userKeys.user(userId),
                    UpdateExpression: 'ADD #count :minusOne',
                    ConditionExpression: 'attribute_exists(pk) AND #count > :zero',
                    ExpressionAttributeNames: { '#count': CHANNEL_COUNT },
                    ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
                  },
                },
              ],
            }),
          ),
        );
      } catch (error) {
        if (refusedAt(error, 0)) throw notFound(channelMessages.notFound);
        throw error;
      }
    },
    (error) => refusedAt(error, 1),
  );
}
