import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AvatarUploadOutcome } from '../../../shared/api/account.js';
import type { User } from '../../../shared/api/user.js';
import { dynamo } from '../chassis/aws.js';
import { isConditionFailure } from '../chassis/errors.js';
import { epochSeconds, tableName } from '../chassis/table.js';

/**
 * The record of one avatar upload (docs/decisions/0077-avatar-uploads.md): `USER#<id>` /
 * `AVATARUPLOAD#<uploadId>`, written `pending` when the account function hands out the upload, then
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
}

export async function createUploadRecord(userId: string, uploadId: string, contentType: string): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...uploadKey(userId, uploadId), status: 'pending', contentType, expiresAt: epochSeconds() + RECORD_SECONDS },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The upload's outcome as the browser sees it; undefined when there is no such upload of the user. */
export async function readUploadOutcome(userId: string, uploadId: string): Promise<AvatarUploadOutcome | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: uploadKey(userId, uploadId), ConsistentRead: true }));
  const item = Item as UploadItem | undefined;
  if (!item) return undefined;
  if (item.status === 'accepted' && item.user) return { status: 'accepted', message: item.message ?? '', user: item.user };
  if (item.status === 'rejected') return { status: 'rejected', message: item.message ?? '' };
  return { status: 'pending' };
}

/** True while the upload is waiting to be checked (a second delivery of the same arrival finds it settled). */
export async function isPendingUpload(userId: string, uploadId: string): Promise<boolean> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: uploadKey(userId, uploadId), ConsistentRead: true }));
  return (Item as UploadItem | undefined)?.status === 'pending';
}

/** Settles a pending upload, once; false when it was settled already or is gone. */
export async function settleUpload(
  userId: string,
  uploadId: string,
  outcome: Exclude<AvatarUploadOutcome, { status: 'pending' }>,
): Promise<boolean> {
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
          ':user': outcome.status === 'accepted' ? outcome.user : null,
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
