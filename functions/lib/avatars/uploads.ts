import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AvatarUploadOutcome } from '../../../shared/api/account.js';
import type { LogoUploadOutcome } from '../../../shared/api/logos.js';
import type { User } from '../../../shared/api/user.js';
import { dynamo } from '../chassis/aws.js';
import { isConditionFailure } from '../chassis/errors.js';
import { epochSeconds, tableName } from '../chassis/table.js';

/**
 * The record of one upload (docs/decisions/0077-avatar-uploads.md): `USER#<id>` / `AVATARUPLOAD#<uploadId>`, an
 * avatar's, or a subscription's logo's (issue 36 §4: it names the subscription). Written `pending` when the account
 * function (an avatar) or the subscriptions function (a logo) hands out the upload, then
 * settled once by the avatar function that checks the picture on its arrival. The browser reads it
 * until it is settled. It expires with the day (TTL) and goes with the account (it is in the user's
 * partition).
 */
export const uploadKey = (userId: string, uploadId: string) => ({ pk: `USER#${userId}`, sk: `AVATARUPLOAD#${uploadId}` });

/** How long an upload's record is kept: as long as the bucket keeps a stray upload (infra/avatars.ts). */
const RECORD_SECONDS = 24 * 60 * 60;

interface UploadItem {
  status: AvatarUploadOutcome['status'];
  contentType: string;
  message?: string;
  user?: User;
  /** A logo's upload: the subscription it is for. */
  subscriptionId?: string;
}

/** A settled upload's outcome: an avatar's accepted one carries the user with their new picture. */
export type SettledUpload = { status: 'accepted'; message: string; user?: User } | { status: 'rejected'; message: string };

export async function createUploadRecord(userId: string, uploadId: string, contentType: string, subscriptionId?: string): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...uploadKey(userId, uploadId),
        status: 'pending',
        contentType,
        ...(subscriptionId ? { subscriptionId } : {}),
        expiresAt: epochSeconds() + RECORD_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

const readUpload = async (userId: string, uploadId: string) =>
  (await dynamo().send(new GetCommand({ TableName: tableName(), Key: uploadKey(userId, uploadId), ConsistentRead: true }))).Item as
    | UploadItem
    | undefined;

/** An avatar upload's outcome as the browser sees it; undefined when there is no such avatar upload of the user. */
export async function readUploadOutcome(userId: string, uploadId: string): Promise<AvatarUploadOutcome | undefined> {
  const item = await readUpload(userId, uploadId);
  if (!item || item.subscriptionId) return undefined;
  if (item.status === 'accepted' && item.user) return { status: 'accepted', message: item.message ?? '', user: item.user };
  if (item.status === 'rejected') return { status: 'rejected', message: item.message ?? '' };
  return { status: 'pending' };
}

/** A logo upload's outcome as the browser sees it; undefined when the user made no such upload for that subscription. */
export async function readLogoUploadOutcome(
  userId: string,
  subscriptionId: string,
  uploadId: string,
): Promise<LogoUploadOutcome | undefined> {
  const item = await readUpload(userId, uploadId);
  if (!item || item.subscriptionId !== subscriptionId) return undefined;
  if (item.status === 'pending') return { status: 'pending' };
  return { status: item.status, message: item.message ?? '' };
}

/**
 * The upload while it waits to be checked (a second delivery of the same arrival finds it settled): what it is for,
 * a subscription's logo or (none named) the avatar; undefined once settled or gone.
 */
export async function pendingUpload(userId: string, uploadId: string): Promise<{ subscriptionId?: string } | undefined> {
  const item = await readUpload(userId, uploadId);
  return item?.status === 'pending' ? { subscriptionId: item.subscriptionId } : undefined;
}

/** Settles a pending upload, once; false when it was settled already or is gone. */
export async function settleUpload(userId: string, uploadId: string, outcome: SettledUpload): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: uploadKey(userId, uploadId),
        UpdateExpression: 'SET #status = :status, message = :message, #user = :user',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status', '#user': 'user' },
        ExpressionAttributeValues: {
          ':status': outcome.status,
          ':message': outcome.message,
          ':user': (outcome.status === 'accepted' && outcome.user) || null,
          ':pending': 'pending',
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
