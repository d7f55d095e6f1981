import { createHash, randomBytes } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../chassis/aws.js';
import { conflict } from '../chassis/errors.js';
import { nowIso, tableName } from '../chassis/table.js';
import { effectiveUserItem } from '../membership/membership.js';
import { userKeys } from '../users/keys.js';
import type { UserItem } from '../users/user-item.js';
import { calendarKeys } from './keys.js';

/**
 * A user's calendar feed (issue 25 §3): a random secret of 32 bytes (256 bits, base64url) in the feed's
 * URL, of which only its SHA-256 is stored, twice: on the lookup entry `CALFEED#<hash>` that finds
 * the user from a URL, and on the profile, so that making a new URL or turning the feed off removes
 * the old entry in the same transaction. The secret reads the feed and nothing else.
 */

/** The feed's file name in its URL: the secret and `.ics`. */
export const feedFileName = (secret: string) => `${secret}.ics`;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The secret of a feed file name (`<secret>.ics`, its shape checked by the contract). */
const secretOf = (feedFile: string) => feedFile.slice(0, -'.ics'.length);

const changedMeanwhile = () => conflict('Your calendar feed was changed at the same time. Please try again.');

/** The profile's update, on the condition that its feed is still the one read (none, or `hash`). */
function profileUpdate(user: UserItem, update: string, values: Record<string, unknown> = {}) {
  const seen = user.calendarFeedHash;
  return {
    Update: {
      TableName: tableName(),
      Key: userKeys.user(user.id),
      UpdateExpression: update,
      ConditionExpression: `attribute_exists(pk) AND ${seen ? 'calendarFeedHash = :seen' : 'attribute_not_exists(calendarFeedHash)'}`,
      ExpressionAttributeValues: { ...values, ...(seen ? { ':seen': seen } : {}) },
    },
  };
}

async function write(items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>): Promise<void> {
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw changedMeanwhile();
    throw error;
  }
}

/** Makes the user's feed a new secret, replacing the old one at once; answers the secret (shown once) and when. */
export async function createFeed(user: UserItem): Promise<{ secret: string; createdAt: string }> {
  const secret = randomBytes(32).toString('base64url');
  const hash = hashOf(secret);
  const createdAt = nowIso();
  const TableName = tableName();
  await write([
    profileUpdate(user, 'SET calendarFeedHash = :hash, calendarFeedCreatedAt = :createdAt', { ':hash': hash, ':createdAt': createdAt }),
    {
      Put: {
        TableName,
        Item: { ...calendarKeys.calendarFeed(hash), userId: user.id, createdAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...(user.calendarFeedHash ? [{ Delete: { TableName, Key: calendarKeys.calendarFeed(user.calendarFeedHash) } }] : []),
  ]);
  return { secret, createdAt };
}

/** Turns the user's feed off: its URL answers 404 from now on. Nothing to do when it is off. */
export async function deleteFeed(user: UserItem): Promise<void> {
  if (!user.calendarFeedHash) return;
  await write([
    profileUpdate(user, 'REMOVE calendarFeedHash, calendarFeedCreatedAt'),
    { Delete: { TableName: tableName(), Key: calendarKeys.calendarFeed(user.calendarFeedHash) } },
  ]);
}

/**
 * The owner of the feed a file name stands for, with the membership in effect now (read, never
 * written): none for an unknown or replaced secret, a deactivated account or one deleted.
 */
export async function feedOwner(feedFile: string): Promise<UserItem | undefined> {
  const hash = hashOf(secretOf(feedFile));
  const { Item: entry } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: calendarKeys.calendarFeed(hash) }));
  if (typeof entry?.userId !== 'string') return undefined;
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: userKeys.user(entry.userId) }));
  const user = Item as UserItem | undefined;
  if (!user || user.calendarFeedHash !== hash || user.accountStatus === 'deactivated') return undefined;
  return effectiveUserItem(user);
}
