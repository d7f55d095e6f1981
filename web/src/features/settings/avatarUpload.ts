import { routes } from '@shared/api';
import { accountMessages } from '@shared/api/account';
import type { User } from '@shared/api/user';
import { dataUrlBytes } from '@shared/domain/avatar';
import { api } from '../../api/client';
import { AvatarProblem, avatarMessages } from './avatarImage';

/**
 * Sending a prepared picture (avatarImage.ts) the way the server hands uploads out
 * (docs/decisions/0077-avatar-uploads.md): ask for an upload, post the picture straight to the
 * avatars bucket (a multipart form, the fields first and the file last), then ask how it went until
 * the check on its arrival has decided, every POLL_MS for at most WAIT_MS.
 */
export const POLL_MS = 400;
export const WAIT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/** S3's refusal of the form, as SPEC §8 words it: over the size the policy allows, or too large for the server. */
async function refusalOf(response: Response, contentType: string): Promise<AvatarProblem> {
  const code = /<Code>([^<]+)<\/Code>/.exec(await response.text().catch(() => ''))?.[1];
  if (code === 'EntityTooLarge') {
    return new AvatarProblem(contentType === 'image/gif' ? accountMessages.gifTooLarge : accountMessages.imageTooLarge, 'size');
  }
  if (response.status === 413) return new AvatarProblem(avatarMessages.tooLargeForServer);
  return new AvatarProblem(avatarMessages.uploadFailed);
}

/** Uploads a picture given as a data URL and answers the user with it as their picture; throws an AvatarProblem or an ApiError. */
export async function uploadAvatar(payload: string): Promise<User> {
  const bytes = dataUrlBytes(payload);
  if (!bytes) throw new AvatarProblem(avatarMessages.readFailed);
  const contentType = payload.startsWith('data:image/gif') ? 'image/gif' : 'image/jpeg';
  const ticket = await api(routes.startAvatarUpload, { body: { contentType } });
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', new Blob([bytes as BlobPart], { type: contentType }));
  let posted: Response;
  try {
    posted = await fetch(ticket.url, { method: 'POST', body: form });
  } catch {
    throw new AvatarProblem(avatarMessages.uploadFailed);
  }
  if (!posted.ok) throw await refusalOf(posted, contentType);
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const outcome = await api(routes.avatarUploadOutcome, { params: { id: ticket.uploadId } });
    if (outcome.status === 'accepted') return outcome.user;
    if (outcome.status === 'rejected') throw new AvatarProblem(outcome.message);
    await sleep(POLL_MS);
  }
  throw new AvatarProblem(avatarMessages.uploadFailed);
}
