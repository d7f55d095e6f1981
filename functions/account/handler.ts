import { ACTIVITY_PAGE_SIZE, accountMessages, accountRoutes, type SubscriptionWithPayments } from '../../shared/api/account.js';
import { authMessages } from '../../shared/api/auth-messages.js';
import type { Subscription } from '../../shared/api/subscription.js';
import { SUBSCRIPTIONS_PAGE_SIZE } from '../../shared/api/subscription-list.js';
import { canUseAnimatedAvatar } from '../../shared/domain/profile.js';
import { normalizeRole } from '../../shared/domain/roles.js';
import { verifyPassword } from '../lib/auth/passwords.js';
import { endAllSessions } from '../lib/auth/sessions.js';
import { createApiHandler } from '../lib/auth/signed-in-api.js';
import { avatarUploadTicket } from '../lib/avatars/upload-ticket.js';
import { readUploadOutcome } from '../lib/avatars/uploads.js';
import { now } from '../lib/chassis/clock.js';
import { badRequest, HttpError, tooManyRequests } from '../lib/chassis/errors.js';
import { listPaymentsOfRange } from '../lib/subscriptions/payments.js';
import { isSubscriptionId, listSubscriptionPage, toSubscription } from '../lib/subscriptions/subscriptions.js';
import { beginLoginAttempt } from '../lib/throttles/throttle.js';
import { deleteAllUserData } from '../lib/users/account-data.js';
import { activityCursor, isActivityCursor, listActivity } from '../lib/users/activity.js';
import { toPublicUser } from '../lib/users/public-user.js';
import { LastOwnerError } from '../lib/users/user-counters.js';
import { anotherOwnerExists } from '../lib/users/users.js';

/**
 * Each subscription with its payments, oldest renewal first (issue 35 §2.9: they go out with it, and come
 * back in): the page is in id order, so one query over its range of payment keys reads them all.
 */
async function withPayments(userId: string, subscriptions: readonly Subscription[]): Promise<SubscriptionWithPayments[]> {
  const first = subscriptions[0];
  const last = subscriptions.at(-1);
  if (!first || !last) return [];
  const ids = subscriptions.map((s) => s.id).sort();
  const payments = await listPaymentsOfRange(userId, ids[0] ?? first.id, ids.at(-1) ?? last.id);
  return subscriptions.map((s) => ({ ...s, payments: payments.get(s.id) ?? [] }));
}

/**
 * The account area: avatar uploads (handed out here, checked on arrival by functions/avatars), the
 * data export and account deletion (issue 9, SPEC §2 'Your data').
 */
export const handler = createApiHandler(accountRoutes, {
  startAvatarUpload: async ({ user, body }) => {
    // A GIF's rights are told here already, in the words the check on arrival uses (it tells them again).
    if (body.contentType === 'image/gif') {
      if (!canUseAnimatedAvatar(user.role)) throw new HttpError(403, accountMessages.gifLocked);
      if (!user.allowAnimatedPfp) throw new HttpError(400, accountMessages.gifNeedsToggle);
    }
    return avatarUploadTicket(user.id, body.contentType);
  },

  avatarUploadOutcome: async ({ user, params }) => {
    const outcome = await readUploadOutcome(user.id, params.id);
    if (!outcome) throw new HttpError(404, accountMessages.uploadNotFound);
    return outcome;
  },

  exportData: async ({ user, query }) => {
    const { subscriptionsAfter, activityBefore } = query;
    if (subscriptionsAfter !== undefined && !isSubscriptionId(subscriptionsAfter)) throw badRequest(accountMessages.exportCursorInvalid);
    if (activityBefore !== undefined && !isActivityCursor(activityBefore)) throw badRequest(accountMessages.exportCursorInvalid);
    // The first page has both lists; a cursor asks for the next page of its own list only (shared/api/account.ts).
    const first = subscriptionsAfter === undefined && activityBefore === undefined;
    const [subscriptions, activity] = await Promise.all([
      first || subscriptionsAfter ? listSubscriptionPage(user.id, subscriptionsAfter) : [],
      first || activityBefore ? listActivity(user.id, ACTIVITY_PAGE_SIZE, activityBefore) : [],
    ]);
    const lastSubscription = subscriptions.length === SUBSCRIPTIONS_PAGE_SIZE ? subscriptions[subscriptions.length - 1] : undefined;
    const lastActivity = activity.length === ACTIVITY_PAGE_SIZE ? activity[activity.length - 1] : undefined;
    return {
      exportedAt: now().toISOString(),
      profile: toPublicUser(user),
      subscriptions: await withPayments(user.id, subscriptions.map(toSubscription)),
      activity,
      next: {
        subscriptionsAfter: lastSubscription ? lastSubscription.id : null,
        activityBefore: lastActivity ? activityCursor(lastActivity) : null,
      },
    };
  },

  deleteAccount: async ({ user, body, clientAddress, log }) => {
    // Counted like a login, so this route cannot be used to guess the password either.
    const attempt = await beginLoginAttempt(user.username, clientAddress);
    if (!attempt.allowed) throw tooManyRequests(authMessages.tooManyAttempts, attempt.retryAfterSeconds);
    // 400, never 401: a 401 would sign the user out.
    if (!(await verifyPassword(body.password, user.passwordHash))) throw new HttpError(400, authMessages.passwordIncorrect);
    await attempt.succeeded();
    if (normalizeRole(user.role) === 'owner' && !(await anotherOwnerExists(user.id))) {
      throw new HttpError(403, accountMessages.lastOwner);
    }
    // Every session ends first, so no request of the user writes while the data goes.
    await endAllSessions(user.id, 'sign-out-everywhere');
    let itemsDeleted: number;
    try {
      ({ itemsDeleted } = await deleteAllUserData(user));
    } catch (error) {
      // Another owner went at the same moment: the last active owner stays, whole.
      if (error instanceof LastOwnerError) throw new HttpError(403, accountMessages.lastOwner);
      throw error;
    }
    log.info('account deleted', { userId: user.id, itemsDeleted });
    return { message: authMessages.accountDeleted };
  },
});
