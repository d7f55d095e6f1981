import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { AVATARS_BUCKET } from '../../local/functions.js';
import { AVATAR_KEY_PREFIX } from '../../shared/api/account.js';
import { apiUrl, call, eventually, ownerSession, PASSWORD, type SignedInUser, signedInUser, stack, uploadAvatar } from './helpers.js';

/**
 * Issue 21 point 7: deleting an account removes every object under `avatars/<userId>/`, not only the
 * one the profile names: an image stored by an upload that crashed before the profile was updated is
 * an orphan no profile names. Since issue 22 §6 the avatar function deletes them once the profile's
 * removal reaches it through the table's stream.
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==', 'base64');

let s3: S3Client;
beforeAll(() => {
  s3 = new S3Client({
    endpoint: stack.s3Endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});

const served = async (path: string) => (await fetch(apiUrl() + path)).status;

/** A user with a profile picture and an orphan image beside it; the site paths of both. */
async function userWithOrphan(): Promise<{ user: SignedInUser; paths: string[] }> {
  const user = await signedInUser();
  const { outcome } = await uploadAvatar(user.token, PNG, 'image/png');
  expect(outcome?.status).toBe('accepted');
  const orphanKey = `${AVATAR_KEY_PREFIX}${user.id}/${crypto.randomUUID()}.png`;
  await s3.send(new PutObjectCommand({ Bucket: AVATARS_BUCKET, Key: orphanKey, Body: PNG, ContentType: 'image/png' }));
  const paths = [outcome?.user.avatar as string, `/${orphanKey}`];
  for (const path of paths) expect(await served(path), path).toBe(200);
  return { user, paths };
}

/** The objects go after the profile, through the table's stream: waited for, each path until it answers 404. */
async function goneAsynchronously(paths: string[]): Promise<void> {
  for (const path of paths) await eventually(async () => ((await served(path)) === 404 ? true : undefined), `${path} to be deleted`);
}

describe("deleting an account removes the user's whole avatars/<userId>/ prefix", () => {
  it('when the user deletes their account', async () => {
    const { user, paths } = await userWithOrphan();
    const deleted = await call('DELETE', '/api/auth/account', { token: user.token, body: { password: PASSWORD } });
    expect(deleted.status).toBe(200);
    await goneAsynchronously(paths);
  });

  it('when an admin deletes the user', async () => {
    const { user, paths } = await userWithOrphan();
    const deleted = await call('DELETE', `/api/auth/users/${user.id}`, { token: await ownerSession() });
    expect(deleted.status).toBe(200);
    await goneAsynchronously(paths);
  });
});
