import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AVATAR_KEY_PREFIX, AVATAR_UPLOAD_PREFIX, accountMessages } from '../../shared/api/account-messages.js';
import { type AvatarProblem, avatarProblemOf } from '../../shared/domain/avatar.js';
import { canUseAnimatedAvatar } from '../../shared/domain/profile.js';
import { avatarUrl } from '../lib/avatars/avatar-url.js';
import { copyToAvatar, deleteObject, readUploadObject } from '../lib/avatars/objects.js';
import { pendingUpload, settleUpload } from '../lib/avatars/uploads.js';
import { dynamo } from '../lib/chassis/aws.js';
import { isConditionFailure } from '../lib/chassis/errors.js';
import type { Logger } from '../lib/chassis/log.js';
import { retryOnError } from '../lib/chassis/retry.js';
import { tableName } from '../lib/chassis/table.js';
import { recordActivity } from '../lib/users/activity.js';
import { userKeys } from '../lib/users/keys.js';
import { toPublicUser } from '../lib/users/public-user.js';
import type { UserItem } from '../lib/users/user-item.js';
import { getUser } from '../lib/users/users.js';
import { checkLogoUpload } from './logo-check.js';

/** The message of each rule a picture can break: the words the upload route has always answered. */
export const PROBLEM_MESSAGES: Record<AvatarProblem, string> = {
  invalid: accountMessages.avatarInvalid,
  gifLocked: accountMessages.gifLocked,
  gifNeedsToggle: accountMessages.gifNeedsToggle,
  gifTooLarge: accountMessages.gifTooLarge,
  imageTooLarge: accountMessages.imageTooLarge,
  tooManyPixels: accountMessages.imageTooManyPixels,
};

const UPLOAD_KEY = new RegExp(`^${AVATAR_UPLOAD_PREFIX}([0-9a-f-]{36})/([0-9a-f-]{36})$`);

/**
 * Makes the avatar the user's picture on the condition that the picture is still the one read, so
 * of two uploads settled at once each replaces exactly the picture it saw (and deletes that one);
 * undefined when the user is gone.
 */
function setAvatar(userId: string, avatarKey: string): Promise<{ updated: UserItem; replaced?: string } | undefined> {
  return retryOnError(
    'changed',
    'the avatar',
    async () => {
      const user = await getUser(userId);
      if (!user) return undefined;
      const { Attributes } = await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: userKeys.user(userId),
          UpdateExpression: 'SET avatar = :avatar, avatarKey = :key',
          ConditionExpression: user.avatarKey
            ? 'attribute_exists(pk) AND avatarKey = :seen'
            : 'attribute_exists(pk) AND attribute_not_exists(avatarKey)',
          ExpressionAttributeValues: {
            ':avatar': avatarUrl(avatarKey),
            ':key': avatarKey,
            ...(user.avatarKey ? { ':seen': user.avatarKey } : {}),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { updated: Attributes as UserItem, replaced: user.avatarKey };
    },
    isConditionFailure,
  );
}

/**
 * Checks one upload on its arrival (`uploads/<userId>/<uploadId>`); a subscription's logo is logo-check.ts's. An
 * avatar: its bytes against SPEC's rules
 * for the user as they are now (shared/domain/avatar.ts), then either copies it to
 * `avatars/<userId>/<uploadId>.<ext>`, makes it the picture and deletes the picture it replaced, or
 * records why not. The upload is deleted either way and its record settled once: a second delivery
 * of the same arrival finds it settled and does nothing more.
 */
export async function checkUpload(key: string, log: Logger): Promise<'accepted' | 'rejected' | 'ignored'> {
  const match = UPLOAD_KEY.exec(key);
  if (!match) {
    log.warn('avatar upload under an unknown key', { key });
    await deleteObject(key);
    return 'ignored';
  }
  const [, userId, uploadId] = match;
  const pending = await pendingUpload(userId, uploadId);
  const bytes = pending ? await readUploadObject(key) : null;
  if (bytes && pending?.subscriptionId)
    return checkLogoUpload(key, bytes, { userId, uploadId, subscriptionId: pending.subscriptionId }, log);
  const user = bytes && (await getUser(userId));
  if (!bytes || !user) {
    await deleteObject(key);
    return 'ignored';
  }
  const verdict = avatarProblemOf(bytes, {
    animatedUnlocked: canUseAnimatedAvatar(user.role),
    animatedEnabled: Boolean(user.allowAnimatedPfp),
  });
  if ('problem' in verdict) {
    await settleUpload(userId, uploadId, { status: 'rejected', message: PROBLEM_MESSAGES[verdict.problem] });
    await deleteObject(key);
    log.info('avatar upload rejected', { userId, uploadId, problem: verdict.problem, bytes: bytes.length });
    return 'rejected';
  }
  const avatarKey = await copyToAvatar(key, userId, uploadId, verdict.format);
  const set = await setAvatar(userId, avatarKey).catch(async (error) => {
    await deleteObject(avatarKey);
    throw error;
  });
  await deleteObject(key);
  if (!set) {
    // The account went while its picture was checked: its prefixes are deleted by the cleanup.
    await deleteObject(avatarKey);
    return 'ignored';
  }
  if (set.replaced?.startsWith(AVATAR_KEY_PREFIX) && set.replaced !== avatarKey) await deleteObject(set.replaced);
  const details = { format: verdict.format, bytes: bytes.length };
  await recordActivity(userId, 'avatar_changed', user.username, details);
  await settleUpload(userId, uploadId, { status: 'accepted', message: accountMessages.avatarUpdated, user: toPublicUser(set.updated) });
  log.info('avatar changed', { userId, uploadId, ...details });
  return 'accepted';
}
