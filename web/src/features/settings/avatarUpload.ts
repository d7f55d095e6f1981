import { routes } from '@shared/api';
import { accountMessages } from '@shared/api/account';
import type { User } from '@shared/api/user';
import { dataUrlBytes } from '@shared/domain/avatar';
import { api } from '../../api/client';
import { BucketRefusal, postToBucket, settledOutcome } from '../../lib/bucketUpload';
import { AvatarProblem, avatarMessages } from './avatarImage';

/**
 * Sending a prepared picture (avatarImage.ts) the way the server hands uploads out (web/src/lib/bucketUpload.ts).
 */

/** S3's refusal of the form, as SPEC §8 words it: over the size the policy allows, or too large for the server. */
function refusalOf(refusal: BucketRefusal, contentType: string): AvatarProblem {
  if (refusal.code === 'EntityTooLarge') {
    return new AvatarProblem(contentType === 'image/gif' ? accountMessages.gifTooLarge : accountMessages.imageTooLarge, 'size');
  }
  if (refusal.status === 413) return new AvatarProblem(avatarMessages.tooLargeForServer);
  return new AvatarProblem(avatarMessages.uploadFailed);
}

/** Uploads a picture given as a data URL and answers the user with it as their picture; throws an AvatarProblem or an ApiError. */
export async function uploadAvatar(payload: string): Promise<User> {
  const bytes = dataUrlBytes(payload);
  if (!bytes) throw new AvatarProblem(avatarMessages.readFailed);
  const contentType = payload.startsWith('data:image/gif') ? 'image/gif' : 'image/jpeg';
  const ticket = await api(routes.startAvatarUpload, { body: { contentType } });
  try {
    await postToBucket(ticket, new Blob([bytes as BlobPart], { type: contentType }));
  } catch (error) {
    throw error instanceof BucketRefusal ? refusalOf(error, contentType) : new AvatarProblem(avatarMessages.uploadFailed);
  }
  const outcome = await settledOutcome(() => api(routes.avatarUploadOutcome, { params: { id: ticket.uploadId } }));
  if (outcome?.status === 'accepted') return outcome.user;
  throw new AvatarProblem(outcome?.message ?? avatarMessages.uploadFailed);
}
