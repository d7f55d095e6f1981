import { AVATAR_KEY_PREFIX } from '../../shared/api/account-messages.js';
import { LOGO_UPLOAD_MAX_BYTES, logoMessages } from '../../shared/api/logo-messages.js';
import { imageFormatOf, imageSizeOf } from '../../shared/domain/avatar.js';
import { avatarKeyOf, avatarUrl } from '../lib/avatars/avatar-url.js';
import { deleteObject, storeLogo } from '../lib/avatars/objects.js';
import { settleUpload } from '../lib/avatars/uploads.js';
import type { Logger } from '../lib/chassis/log.js';
import { sanitisedSvg } from '../lib/logos/svg.js';
import { saveUploadedLogo } from '../lib/subscriptions/logo-choice.js';

/** The longest side a raster logo may have: far more than the 72 px it is drawn at on a dense screen. */
const LOGO_LONGEST_SIDE_PX = 2048;

/**
 * What a logo's bytes are (issue 36 §4): a PNG, JPEG or WebP of a readable size within the limits, or an SVG that
 * the sanitiser can make safe; otherwise the message saying why not.
 */
function logoVerdict(bytes: Uint8Array): { format: 'png' | 'jpeg' | 'webp' } | { format: 'svg'; bytes: Uint8Array } | { problem: string } {
  if (bytes.length > LOGO_UPLOAD_MAX_BYTES) return { problem: logoMessages.logoTooLarge };
  const format = imageFormatOf(bytes);
  if (format === 'png' || format === 'jpeg' || format === 'webp') {
    const size = imageSizeOf(bytes, format);
    if (!size) return { problem: logoMessages.logoInvalid };
    if (Math.max(size.width, size.height) > LOGO_LONGEST_SIDE_PX) return { problem: logoMessages.logoTooManyPixels };
    return { format };
  }
  const svg = format === null ? sanitisedSvg(bytes) : null;
  return svg ? { format: 'svg', bytes: svg } : { problem: logoMessages.logoInvalid };
}

/**
 * Checks a logo's upload on its arrival (`uploads/<userId>/<uploadId>`, its record naming the subscription): makes
 * it the subscription's logo (its choice `upload`) and deletes the one it replaces, or records why not. The upload is
 * deleted either way, and its record settled once.
 */
export async function checkLogoUpload(
  key: string,
  bytes: Uint8Array,
  upload: { userId: string; uploadId: string; subscriptionId: string },
  log: Logger,
): Promise<'accepted' | 'rejected' | 'ignored'> {
  const { userId, uploadId, subscriptionId } = upload;
  const verdict = logoVerdict(bytes);
  if ('problem' in verdict) {
    await settleUpload(userId, uploadId, { status: 'rejected', message: verdict.problem });
    await deleteObject(key);
    log.info('logo upload rejected', { userId, uploadId, subscriptionId, problem: verdict.problem, bytes: bytes.length });
    return 'rejected';
  }
  const logoKey = await storeLogo(userId, uploadId, verdict.format === 'svg' ? verdict : { format: verdict.format, uploadKey: key });
  const saved = await saveUploadedLogo(userId, subscriptionId, avatarUrl(logoKey)).catch(async (error) => {
    await deleteObject(logoKey);
    throw error;
  });
  await deleteObject(key);
  if (saved.gone) {
    await deleteObject(logoKey);
    await settleUpload(userId, uploadId, { status: 'rejected', message: logoMessages.subscriptionGone });
    return 'ignored';
  }
  const replaced = saved.replaced && avatarKeyOf(saved.replaced);
  if (replaced?.startsWith(`${AVATAR_KEY_PREFIX}${userId}/logo-`) && replaced !== logoKey) await deleteObject(replaced);
  await settleUpload(userId, uploadId, { status: 'accepted', message: logoMessages.logoUploaded });
  log.info('logo uploaded', { userId, uploadId, subscriptionId, format: verdict.format, bytes: bytes.length });
  return 'accepted';
}
