import { type LogoChoice, logoMessages, type logoRoutes } from '../../shared/api/logos.js';
import { subscriptionMessages } from '../../shared/api/subscriptions.js';
import { logoOptions, offeredBrand } from '../../shared/domain/logos/logo.js';
import type { StoredLogoChoice } from '../../shared/domain/logos/site-logo.js';
import type { AreaHandlers } from '../lib/auth/signed-in-api.js';
import { logoUploadTicket } from '../lib/avatars/upload-ticket.js';
import { readLogoUploadOutcome } from '../lib/avatars/uploads.js';
import { badRequest, notFound } from '../lib/chassis/errors.js';
import { ownSubscription } from '../lib/sharing/shared-view.js';
import { saveLogoChoice } from '../lib/subscriptions/logo-choice.js';
import { getSubscription, type SubscriptionItem } from '../lib/subscriptions/subscriptions.js';
import { withLogo } from '../lib/subscriptions/with-logo.js';

/**
 * 'Change logo' (issue 36 §4; docs/decisions/0140-the-users-logo.md): the owner's choice of a subscription's logo,
 * and their own picture for it, uploaded the way avatars are (a POST straight to the bucket, checked on arrival by
 * the avatar function). Each subscription is looked up under the caller's own partition: a member of a shared
 * subscription sees the payer's choice and cannot change it (it is not theirs: 404).
 */

async function ownItem(userId: string, id: string): Promise<SubscriptionItem> {
  const subscription = await getSubscription(userId, id);
  if (!subscription) throw notFound(subscriptionMessages.notFound);
  return subscription;
}

/** The choice as kept, or the refusal of one that has nothing to show. */
function storedChoice(subscription: SubscriptionItem, choice: LogoChoice): StoredLogoChoice | undefined {
  const options = logoOptions(subscription);
  switch (choice) {
    case 'automatic':
      return undefined;
    case 'brand': {
      const slug = offeredBrand(subscription);
      if (!slug) throw badRequest(logoMessages.noBrand);
      return { kind: 'brand', slug };
    }
    case 'website':
      if (!options.website) throw badRequest(logoMessages.noWebsiteIcon);
      return { kind: 'website' };
    case 'upload':
      if (!options.upload) throw badRequest(logoMessages.noUpload);
      return { kind: 'upload' };
    case 'none':
      return { kind: 'none' };
  }
}

export const logoHandlers: AreaHandlers<typeof logoRoutes> = {
  logoOptions: async ({ user, params }) => logoOptions(await ownItem(user.id, params.id)),

  chooseLogo: async ({ user, params, body }) => {
    const subscription = await ownItem(user.id, params.id);
    const saved = await saveLogoChoice(user.id, subscription.id, storedChoice(subscription, body.choice));
    if (!saved) throw notFound(subscriptionMessages.notFound);
    return withLogo(ownSubscription(saved), saved);
  },

  startLogoUpload: async ({ user, params, body }) => {
    const subscription = await ownItem(user.id, params.id);
    return logoUploadTicket(user.id, subscription.id, body.contentType);
  },

  logoUploadOutcome: async ({ user, params }) => {
    const outcome = await readLogoUploadOutcome(user.id, params.id, params.uploadId);
    if (!outcome) throw notFound(subscriptionMessages.notFound);
    return outcome;
  },
};
