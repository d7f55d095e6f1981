import { AVATAR_KEY_PREFIX } from '../../../shared/api/account-messages.js';
import { config } from '../chassis/config.js';

/**
 * Where an avatar object is served: `/avatars/<rest>` of the site serves the key `avatars/<rest>`
 * (CloudFront's `/avatars/*` behaviour, the local stack's `/avatars/`). AVATARS_BASE_URL, when the
 * stack sets it, is that same path on an absolute origin (the LocalStack deployment's bucket URL).
 */
export function avatarUrl(key: string): string {
  return `${avatarsBase()}/${key.slice(AVATAR_KEY_PREFIX.length)}`;
}

/** The key of an avatar object from its address (avatarUrl's inverse); undefined for an address elsewhere. */
export function avatarKeyOf(url: string): string | undefined {
  const base = `${avatarsBase()}/`;
  return url.startsWith(base) ? `${AVATAR_KEY_PREFIX}${url.slice(base.length)}` : undefined;
}

const avatarsBase = () => (config().AVATARS_BASE_URL ?? '/avatars').replace(/\/+$/, '');

/** The avatars bucket, from the stack's configuration. */
export function avatarsBucket(): string {
  const bucket = config().AVATARS_BUCKET;
  if (!bucket) throw new Error('AVATARS_BUCKET is not configured');
  return bucket;
}
