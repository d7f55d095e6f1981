import * as z from 'zod/mini';
import type { AvatarUploadTicket } from './account.js';
import { route } from './contract.js';
import { LOGO_UPLOAD_TYPES, logoMessages } from './logo-messages.js';
import type { Subscription, SubscriptionLogo } from './subscription.js';
import { subscriptionMessages } from './subscriptions.js';

export { LOGO_UPLOAD_MAX_BYTES, LOGO_UPLOAD_TYPES, type LogoUploadType, logoMessages } from './logo-messages.js';

/**
 * 'Change logo' (issue 36 §4; docs/decisions/0140-the-users-logo.md): a subscription's logo as its owner chooses
 * it. Automatic (absent: the built-in brand its name names, else its website's icon, else the monogram), or one of
 * them pinned: the built-in brand, the website's icon, a picture of their own, or no logo (the monogram).
 */
export const LOGO_CHOICES = ['automatic', 'brand', 'website', 'upload', 'none'] as const;
export type LogoChoice = (typeof LOGO_CHOICES)[number];

/** GET /api/subscriptions/{id}/logo: the choice in force and what each choice would show (null: not available). */
export interface LogoOptions {
  choice: LogoChoice;
  /** What automatic shows now (null: the monogram). */
  automatic: SubscriptionLogo | null;
  brand: SubscriptionLogo | null;
  website: SubscriptionLogo | null;
  upload: SubscriptionLogo | null;
}

/** PUT /api/subscriptions/{id}/logo. */
export const logoChoiceBody = z.object({ choice: z.enum(LOGO_CHOICES, { error: logoMessages.choiceInvalid }) });

/** POST /api/subscriptions/{id}/logo/upload: the type of the picture about to be uploaded. */
export const logoUploadBody = z.object({ contentType: z.enum(LOGO_UPLOAD_TYPES, { error: logoMessages.uploadTypeInvalid }) });

/**
 * GET /api/subscriptions/{id}/logo/uploads/{uploadId}: what became of a logo's upload. `pending` until it has
 * arrived and been checked; then `accepted` (the subscription's choice is now `upload`) or `rejected` with why.
 */
export type LogoUploadOutcome = { status: 'pending' } | { status: 'accepted'; message: string } | { status: 'rejected'; message: string };

const noSuchSubscription = { status: 404, message: subscriptionMessages.notFound } as const;

export const logoRoutes = {
  logoOptions: route<LogoOptions>()({
    method: 'GET',
    path: '/api/subscriptions/{id}/logo',
    area: 'subscriptions',
    access: 'user',
    body: undefined,
    badParameter: noSuchSubscription,
  }),
  chooseLogo: route<Subscription>()({
    method: 'PUT',
    path: '/api/subscriptions/{id}/logo',
    area: 'subscriptions',
    access: 'user',
    body: logoChoiceBody,
    badParameter: noSuchSubscription,
  }),
  startLogoUpload: route<AvatarUploadTicket>()({
    method: 'POST',
    path: '/api/subscriptions/{id}/logo/upload',
    area: 'subscriptions',
    access: 'user',
    body: logoUploadBody,
    badParameter: noSuchSubscription,
  }),
  logoUploadOutcome: route<LogoUploadOutcome>()({
    method: 'GET',
    path: '/api/subscriptions/{id}/logo/uploads/{uploadId}',
    area: 'subscriptions',
    access: 'user',
    body: undefined,
    badParameter: noSuchSubscription,
  }),
} as const;
