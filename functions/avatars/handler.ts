import type { DynamoDBStreamEvent } from 'aws-lambda';
import { AVATAR_KEY_PREFIX, AVATAR_UPLOAD_PREFIX } from '../../shared/api/account-messages.js';
import { deletePrefix } from '../lib/avatars/objects.js';
import { config } from '../lib/chassis/config.js';
import { withInvocation } from '../lib/chassis/invocation.js';
import { createLogger } from '../lib/chassis/log.js';
import { USER_PREFIX } from '../lib/chassis/table.js';
import { checkUpload } from './check.js';

/**
 * The avatar function (docs/decisions/0077-avatar-uploads.md), the only one with an S3 client:
 * - an upload's arrival (EventBridge 'Object Created' under `uploads/`; the local stack's S3 emulator
 *   delivers the same event) is checked and becomes the picture or is refused (check.ts);
 * - a user profile's removal (the table's stream, filtered to REMOVE of `PROFILE` items) deletes the
 *   user's `avatars/<userId>/` and `uploads/<userId>/` prefixes. A failure throws, and the stream
 *   delivers the removal again.
 */
config();

/** What EventBridge delivers for an object created in a bucket with EventBridge notifications on. */
export interface ObjectCreatedEvent {
  source: 'aws.s3';
  'detail-type': 'Object Created';
  detail: { bucket: { name: string }; object: { key: string; size?: number } };
}

export type AvatarEvent = ObjectCreatedEvent | DynamoDBStreamEvent;

async function handleAvatarEvent(event: AvatarEvent): Promise<{ checked?: string; usersCleaned?: number }> {
  const log = createLogger({ function: 'avatars' });
  if ('detail' in event) {
    // EventBridge's keys arrive URL-encoded like S3 notifications' ('+' for a space); ours have neither.
    const key = decodeURIComponent(event.detail.object.key.replace(/\+/g, ' '));
    if (!key.startsWith(AVATAR_UPLOAD_PREFIX)) return {};
    return { checked: await checkUpload(key, log) };
  }
  let usersCleaned = 0;
  for (const record of event.Records ?? []) {
    const pk = record.dynamodb?.Keys?.pk?.S;
    if (record.eventName !== 'REMOVE' || record.dynamodb?.Keys?.sk?.S !== 'PROFILE' || !pk?.startsWith(USER_PREFIX)) continue;
    const userId = pk.slice(USER_PREFIX.length);
    const deleted = (await deletePrefix(`${AVATAR_KEY_PREFIX}${userId}/`)) + (await deletePrefix(`${AVATAR_UPLOAD_PREFIX}${userId}/`));
    log.info('avatars of a deleted user deleted', { userId, objects: deleted });
    usersCleaned++;
  }
  return { usersCleaned };
}

/** The Lambda handler: its log lines carry the invocation's request id and trace id. */
export const handler = withInvocation(handleAvatarEvent);
