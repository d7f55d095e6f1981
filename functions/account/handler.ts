import { ACTIVITY_PAGE_SIZE, accountMessages, accountRoutes } from '../../shared/api/account.js';
import { authMessages } from '../../shared/api/auth-messages.js';
import { SUBSCRIPTIONS_PAGE_SIZE } from '../../shared/api/subscription-list.js';
import { avatarMaxBytes, dataUrlBytes, imageFormatOf } from '../../shared/domain/avatar.js';
import { canUseAnimatedAvatar } from '../../shared/domain/profile.js';
import { normalizeRole } from '../../shared/domain/roles.js';
import { verifyPassword } from '../lib/auth/passwords.js';
import { endAllSessions } from '../lib/auth/sessions.js';
import { now } from '../lib/chassis/clock.js';
import { badRequest, HttpError, tooManyRequests } from '../lib/chassis/errors.js';
import { createApiHandler } from '../lib/chassis/http.js';
import { isSubscriptionId, listSubscriptionPage, toSubscription } from '../lib/subscriptions/subscriptions.js';
import { beginLoginAttempt } from '../lib/throttles/throttle.js';
import { avatarUrl, deleteAllUserData, deleteAvatar, putAvatar } from '../lib/users/account-data.js';
import { activityCursor, isActivityCursor, listActivity, recordActivity } from '../lib/users/activity.js';
import { LastOwnerError } from '../lib/users/user-counters.js';
import { anotherOwnerExists, toPublicUser, updateUser } from '../lib/users/users.js';

/** The account area: the avatar, the data export and account deletion (issue 9, SPEC §2 'Your data'). */
export const handler = createApiHandler(accountRoutes, {
  updateAvatar: async ({ user, body, log }) => {
    const bytes = dataUrlBytes(body.avatar);
    // What the bytes are decides, never the type the data URL declares.
    const format = bytes && imageFormatOf(bytes);
    if (!bytes || !format) throw new HttpError(400, accountMessages.avatarInvalid);
    if (format === 'gif') {
      if (!canUseAnimatedAvatar(user.role)) throw new HttpError(403, accountMessages.gifLocked);
      if (!user.allowAnimatedPfp) throw new HttpError(400, accountMessages.gifNeedsToggle);
    }
    if (bytes.length > avatarMaxBytes(format)) {
      throw new HttpError(400, format === 'gif' ? accountMessages.gifTooLarge : accountMessages.imageTooLarge);
    }
    const key = await putAvatar(user.id, format, bytes);
    let updated: Awaited<ReturnType<typeof updateUser>>;
    try {
      updated = await updateUser(user.id, { avatar: avatarUrl(key), avatarKey: key });
    } catch (error) {
      await deleteAvatar(key);
      throw error;
    }
    if (user.avatarKey && user.avatarKey !== key) await deleteAvatar(user.avatarKey);
    log.info('avatar changed', { userId: user.id, format, bytes: bytes.length });
    await recordActivity(user.id, 'avatar_changed', user.username, { format, bytes: bytes.length });
    return { message: accountMessages.avatarUpdated, user: toPublicUser(updated) };
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
      subscriptions: subscriptions.map(toSubscription),
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
