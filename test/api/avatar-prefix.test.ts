import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { AVATARS_BUCKET } from '../../local/functions.js';
import { AVATAR_KEY_PREFIX } from '../../shared/api/account.js';
import { apiUrl, call, ownerSession, PASSWORD, type SignedInUser, signedInUser } from './helpers.js';

/**
 * Issue 21 point 7: deleting an account removes every object under `avatars/<userId>/`, not only the
 * one the profile names: an image stored by an upload that crashed before the profile was updated is
 * an orphan no profile names.
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==', 'base64');

let s3: S3Client;
beforeAll(() => {
  s3 = new S3Client({
    endpoint: inject('s3Endpoint'),
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});

const served = async (path: string) => (await fetch(apiUrl() + path)).status;

/** A user with a profile picture and an orphan image beside it; the site paths of both. */
async function userWithOrphan(): Promise<{ user: SignedInUser; paths: string[] }> {
  const user = await signedInUser();
  const uploaded = await call('PUT', '/api/auth/avatar', {
    token: user.token,
    body: { avatar: `data:image/png;base64,${PNG.toString('base64')}` },
  });
  expect(uploaded.status).toBe(200);
  const orphanKey = `${AVATAR_KEY_PREFIX}${user.id}/${crypto.randomUUID()}.png`;
  await s3.send(new PutObjectCommand({ Bucket: AVATARS_BUCKET, Key: orphanKey, Body: PNG, ContentType: 'image/png' }));
  const paths = [uploaded.body.user.avatar as string, `/${orphanKey}`];
  for (const path of paths) expect(await served(path), path).toBe(200);
  return { user, paths };
}

describe("deleting an account removes the user's whole avatars/<userId>/ prefix", () => {
  it('when the user deletes their account', async () => {
    const { user, paths } = await userWithOrphan();
    const deleted = await call('DELETE', '/api/auth/account', { token: user.token, body: { password: PASSWORD } });
    expect(deleted.status).toBe(200);
    for (const path of paths) expect(await served(path), path).toBe(404);
  });

  it('when an admin deletes the user', async () => {
    const { user, paths } = await userWithOrphan();
    const deleted = await call('DELETE', `/api/auth/users/${user.id}`, { token: await ownerSession() });
    expect(deleted.status).toBe(200);
    for (const path of paths) expect(await served(path), path).toBe(404);
  });
});
