import type { authRoutes } from '../../shared/api/auth.js';
import { authMessages } from '../../shared/api/auth-messages.js';
import { isValidTimeZone } from '../../shared/domain/dates.js';
import { passwordMessages } from '../../shared/domain/password.js';
import { canUseAnimatedAvatar, colorTier, effectTier, unlocks } from '../../shared/domain/profile.js';
import { hasPaidFeatures } from '../../shared/domain/roles.js';
import { confirmCurrentPassword } from '../lib/auth/confirm-password.js';
import { hashPassword } from '../lib/auth/passwords.js';
import { sendSecurityNotice } from '../lib/auth/security-notices.js';
import { startSession } from '../lib/auth/sessions.js';
import type { ApiRequest, RouteHandler } from '../lib/auth/signed-in-api.js';
import { issueToken, TOKEN_LIFETIME_SECONDS } from '../lib/auth/tokens.js';
import { conflict, HttpError, tooManyRequests } from '../lib/chassis/errors.js';
import { epochSeconds } from '../lib/chassis/table.js';
import { verificationEmail } from '../lib/email/account-emails.js';
import { sendEmail } from '../lib/email/email.js';
import { reindexUserReminders } from '../lib/reminders/reminder-index.js';
import { EMAIL_SENDS, mailToAddress, requireMailRequest, type Slots, takeSlots } from '../lib/throttles/throttle.js';
import { type ActivityDetails, recordActivity, recordRepeatableActivity } from '../lib/users/activity.js';
import { changeIdentity } from '../lib/users/identity-change.js';
import { toPublicUser } from '../lib/users/public-user.js';
import type { UserItem } from '../lib/users/user-item.js';
import { getUser, setPassword } from '../lib/users/users.js';

/**
 * PUT /auth/settings (SPEC §7, issue 9): one of three kinds of change per request — account
 * information, a password change, or profile customization. Each is recorded in the activity log.
 */
type SettingsRoute = (typeof authRoutes)['updateSettings'];
type SettingsRequest = ApiRequest<SettingsRoute>;
type SettingsBody = SettingsRequest['body'];

/** A password change is asked for by a new password; `currentPassword` also confirms an e-mail change. */
const PASSWORD_FIELDS = ['newPassword'] as const;
/** Attributes the change sets that the activity log does not name. */
const INTERNAL_FIELDS = new Set(['emailVerified', 'pendingEmailUntil', 'timeZoneChosen']);
const PROFILE_FIELDS = ['profileEffect', 'profileColor', 'allowAnimatedPfp'] as const;
/** Settings the reminders' index depends on: when they go out and which of SPEC's go out. */
const REMINDER_FIELDS = new Set(['notify10Days', 'notify3Days', 'notify1Day', 'timeZone', 'reminderHour']);
const ACCOUNT_FIELDS = [
  'email',
  'username',
  'displayName',
  'phoneNumber',
  'notificationMethod',
  'currencyPreference',
  'notify10Days',
  'notify3Days',
  'notify1Day',
  'timeZone',
  'reminderHour',
] as const;

type Kind = 'account' | 'password' | 'profile';

/** The kind of change the body asks for; a body of no field is an (empty) account change. */
function kindOf(body: SettingsBody): Kind {
  const present = (fields: readonly (keyof SettingsBody)[]) => fields.some((field) => body[field] !== undefined);
  const kinds = (
    [
      ['account', present(ACCOUNT_FIELDS)],
      ['password', present(PASSWORD_FIELDS)],
      ['profile', present(PROFILE_FIELDS)],
    ] as const
  ).filter(([, isPresent]) => isPresent);
  if (kinds.length > 1) throw new HttpError(400, authMessages.oneKindOfChange);
  // A current password with nothing else is a password change missing its new password.
  if (kinds.length === 0 && body.currentPassword !== undefined) return 'password';
  return kinds[0]?.[0] ?? 'account';
}

export const updateSettings: RouteHandler<SettingsRoute> = async (request) => {
  const kind = kindOf(request.body);
  if (kind === 'password') return changePassword(request);
  if (kind === 'profile') return customizeProfile(request);
  return changeAccountInfo(request);
};

/** Names of the fields that change; the activity log says which fields, never their values. */
function changedFields(user: UserItem, changes: Record<string, unknown>): string[] {
  return Object.entries(changes)
    .filter(([name, value]) => value !== undefined && (user as unknown as Record<string, unknown>)[name] !== value)
    .map(([name]) => name);
}

async function changeAccountInfo({ user, body, clientAddress, log }: SettingsRequest) {
  if (body.notificationMethod && body.notificationMethod !== 'email') throw new HttpError(400, authMessages.smsComingSoon);
  if (body.notify1Day && !hasPaidFeatures(user.role)) throw new HttpError(403, authMessages.oneDayPaidOnly);
  if (body.timeZone !== undefined && !isValidTimeZone(body.timeZone)) throw new HttpError(400, authMessages.timeZoneInvalid);

  const username = body.username !== undefined && body.username !== user.username ? body.username : undefined;
  const requestedEmail = body.email === undefined ? undefined : body.email === '' ? null : body.email;
  const emailChanges = requestedEmail !== undefined && requestedEmail !== user.email;
  // Another spelling of the same address (letter case) stays verified; a new address waits for its link.
  const newAddress =
    emailChanges && requestedEmail !== null && requestedEmail.toLowerCase() !== (user.email ?? '').toLowerCase() ? requestedEmail : null;
  // A stolen session alone cannot move or remove the account's address (issue 21).
  if (emailChanges) {
    await confirmCurrentPassword(user, body.currentPassword, clientAddress, log, authMessages.passwordRequiredForEmail);
  }
  // A new address gets a verification mail: limited per account, per client address and per address mailed.
  let mail: Slots | undefined;
  if (newAddress) {
    await requireMailRequest(clientAddress);
    mail = await takeSlots([[EMAIL_SENDS, `verify#${user.id}`], ...mailToAddress(newAddress)]);
    if (!mail.taken) {
      const message = mail.refusedBy.includes(EMAIL_SENDS) ? authMessages.tooManyEmailChanges : authMessages.tooManyEmailsToAddress;
      throw tooManyRequests(message, mail.retryAfterSeconds);
    }
  }

  const changes = {
    displayName: body.displayName === '' ? (username ?? user.username) : body.displayName,
    phoneNumber: body.phoneNumber === '' ? null : body.phoneNumber,
    notificationMethod: body.notificationMethod,
    currencyPreference: body.currencyPreference,
    notify10Days: body.notify10Days,
    notify3Days: body.notify3Days,
    notify1Day: body.notify1Day,
    // A zone chosen here stays: signing in from a browser in another zone no longer replaces it.
    timeZone: body.timeZone,
    ...(body.timeZone !== undefined ? { timeZoneChosen: true } : {}),
    reminderHour: body.reminderHour,
    // A new address is only pending: no guard item (it reserves nothing) until its link is used.
    ...(newAddress ? { pendingEmail: newAddress, pendingEmailUntil: epochSeconds() + TOKEN_LIFETIME_SECONDS['verify-email'] } : {}),
    ...(requestedEmail === null && user.email ? { emailVerified: false } : {}),
  };
  const fields = changedFields(user, changes).filter((name) => !INTERNAL_FIELDS.has(name));
  if (username !== undefined) fields.push('username');
  if (emailChanges) fields.push(newAddress ? 'pendingEmail' : 'email');

  // The account's address itself changes only when removed or re-cased; a removal drops a pending one too.
  const addressChange = emailChanges && !newAddress ? requestedEmail : undefined;
  const result = await changeIdentity(user, {
    username,
    email: addressChange,
    changes,
    remove: requestedEmail === null ? ['pendingEmail', 'pendingEmailUntil'] : undefined,
  });
  if ('conflict' in result) {
    if (mail?.taken) await mail.giveBack();
    if (result.conflict === 'username') throw conflict(authMessages.usernameTaken);
    if (result.conflict === 'email') throw conflict(authMessages.emailTaken);
    throw conflict(authMessages.changedMeanwhile);
  }
  const updated = result.user;
  if (newAddress) {
    const token = await issueToken('verify-email', { ...updated, email: newAddress });
    await sendEmail(verificationEmail(newAddress, updated.username, token, 'new-address'));
    log.info('verification mail sent for a new address', { userId: user.id });
    await sendSecurityNotice(user, { kind: 'email-change-requested', newAddress }, log);
  } else if (requestedEmail === null && user.email) {
    await sendSecurityNotice(user, { kind: 'email-removed' }, log);
  }
  // What the reminders' hours and rules depend on (issue 25 §1): the subscriptions' index entries move with it.
  if (changedFields(user, changes).some((name) => REMINDER_FIELDS.has(name))) await reindexUserReminders(user.id);
  if (fields.length > 0) {
    const details: ActivityDetails = { fields: fields.join(', ') };
    if (username !== undefined) details.previousUsername = user.username;
    await recordRepeatableActivity(user.id, 'settings_changed', updated.username, details);
  }
  return {
    message: authMessages.settingsUpdated,
    user: toPublicUser(updated),
    ...(newAddress ? { emailAdded: true } : {}),
  };
}

async function changePassword({ user, body, clientAddress, log }: SettingsRequest) {
  if (body.newPassword === undefined) throw new HttpError(400, passwordMessages.required);
  await confirmCurrentPassword(user, body.currentPassword, clientAddress, log, 'Current password is required');
  if (body.newPassword === body.currentPassword) throw new HttpError(400, authMessages.newPasswordSameAsCurrent);
  // Bumps the token version: every session (this one too) and every reset link ends.
  if (!(await setPassword(user, await hashPassword(body.newPassword), 'password-change'))) {
    // The sessions were ended meanwhile (another password change, 'sign out of all devices').
    throw new HttpError(401, authMessages.sessionExpired);
  }
  const token = await startSession({ id: user.id, tokenVersion: user.tokenVersion + 1 });
  const updated = await getUser(user.id);
  if (!updated) throw new HttpError(401, authMessages.sessionExpired);
  log.info('password changed', { userId: user.id });
  await recordActivity(user.id, 'password_changed', user.username);
  await sendSecurityNotice(updated, { kind: 'password-changed' }, log);
  return { message: authMessages.passwordChanged, user: toPublicUser(updated), token };
}

async function customizeProfile({ user, body }: SettingsRequest) {
  // SPEC §6: the tier locks are enforced here; the modal resets locked choices before saving (SPEC §4).
  if (body.profileEffect !== undefined && !unlocks(user.role, effectTier(body.profileEffect) ?? 'premium')) {
    throw new HttpError(403, authMessages.effectLocked);
  }
  if (body.profileColor !== undefined && !unlocks(user.role, colorTier(body.profileColor) ?? 'premium')) {
    throw new HttpError(403, authMessages.colorLocked);
  }
  if (body.allowAnimatedPfp === true && !canUseAnimatedAvatar(user.role)) throw new HttpError(403, authMessages.animatedLocked);
  const changes = {
    profileEffect: body.profileEffect,
    profileColor: body.profileColor,
    allowAnimatedPfp: body.allowAnimatedPfp,
  };
  const result = await changeIdentity(user, { changes });
  if ('conflict' in result) throw conflict(authMessages.changedMeanwhile);
  const details: ActivityDetails = {};
  for (const [name, value] of Object.entries(changes)) if (value !== undefined) details[name] = value;
  await recordRepeatableActivity(user.id, 'profile_customized', user.username, details);
  return { message: authMessages.profileSaved, user: toPublicUser(result.user) };
}
