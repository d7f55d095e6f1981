import { authMessages, authRoutes } from '../../shared/api/auth.js';
import { isValidTimeZone } from '../../shared/domain/dates.js';
import { hasPaidFeatures } from '../../shared/domain/roles.js';
import { verificationEmail, passwordResetEmail, sendEmail } from '../lib/email.js';
import { HttpError } from '../lib/errors.js';
import { createApiHandler } from '../lib/http.js';
import { signSession } from '../lib/jwt.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../lib/passwords.js';
import { clearCount, countEvent, EMAIL_SENDS, isThrottled, LOGIN_FAILURES } from '../lib/throttle.js';
import { consumeToken, issueToken } from '../lib/tokens.js';
import {
  createUser,
  findUserByEmail,
  findUserByUsername,
  getUser,
  setPassword,
  toPublicUser,
  updateUser,
} from '../lib/users.js';

/** The auth area: registration, sign-in, the session's user, e-mail verification and password reset (SPEC §7). */
export const handler = createApiHandler(authRoutes, {
  register: async ({ body, log }) => {
    const user = await createUser({
      username: body.username,
      email: body.email,
      passwordHash: await hashPassword(body.password),
      role: 'member',
      emailVerified: false,
    });
    const token = await issueToken('verify-email', user.id, body.email);
    await sendEmail(verificationEmail(body.email, user.username, token));
    log.info('user registered', { userId: user.id });
    return { message: authMessages.registered, userId: user.id };
  },

  login: async ({ body, log }) => {
    const user = await findUserByUsername(body.username);
    const throttleKey = user?.id ?? body.username.toLowerCase();
    if (await isThrottled(LOGIN_FAILURES, throttleKey)) throw new HttpError(429, authMessages.tooManyAttempts);
    const passwordMatches = await verifyPassword(body.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !passwordMatches) {
      const nowThrottled = (await countEvent(LOGIN_FAILURES, throttleKey)) >= LOGIN_FAILURES.limit;
      log.info('login failed', { userId: user?.id });
      throw new HttpError(nowThrottled ? 429 : 401, nowThrottled ? authMessages.tooManyAttempts : authMessages.invalidCredentials);
    }
    if (user.accountStatus === 'deactivated') {
      throw new HttpError(403, authMessages.loginDeactivated, { showContactSupport: true });
    }
    if (user.email && !user.emailVerified) {
      throw new HttpError(403, authMessages.verificationRequired, { requiresVerification: true, email: user.email });
    }
    await clearCount(LOGIN_FAILURES, throttleKey);
    const signedIn =
      body.timeZone && isValidTimeZone(body.timeZone) && body.timeZone !== user.timeZone
        ? await updateUser(user.id, { timeZone: body.timeZone })
        : user;
    const token = await signSession({ userId: user.id, tokenVersion: signedIn.tokenVersion });
    return { token, userId: user.id, requiresTwoFactor: false, user: toPublicUser(signedIn) };
  },

  me: async ({ user }) => toPublicUser(user),

  updateSettings: async ({ user, body }) => {
    if (body.notificationMethod && body.notificationMethod !== 'email') throw new HttpError(400, authMessages.smsComingSoon);
    if (body.notify1Day && !hasPaidFeatures(user.role)) throw new HttpError(403, authMessages.oneDayPaidOnly);
    const updated = await updateUser(user.id, {
      ...body,
      timeZone: body.timeZone && isValidTimeZone(body.timeZone) ? body.timeZone : undefined,
      phoneNumber: body.phoneNumber === '' ? null : body.phoneNumber,
      displayName: body.displayName === '' ? user.username : body.displayName,
    });
    return { message: authMessages.settingsUpdated, user: toPublicUser(updated) };
  },

  forgotPassword: async ({ body, log }) => {
    // The answer is the same whether or not the address exists.
    const user = await findUserByEmail(body.email);
    if (user?.email && (await countEvent(EMAIL_SENDS, `reset#${user.id}`)) <= EMAIL_SENDS.limit) {
      const token = await issueToken('reset-password', user.id);
      await sendEmail(passwordResetEmail(user.email, user.username, token));
      log.info('password reset mail sent', { userId: user.id });
    }
    return { message: authMessages.resetLinkSent };
  },

  resetPassword: async ({ body, log }) => {
    const consumed = await consumeToken('reset-password', body.token);
    if (consumed.status !== 'valid') throw new HttpError(400, authMessages.resetLinkInvalid);
    const user = await getUser(consumed.userId);
    if (!user) throw new HttpError(400, authMessages.resetLinkInvalid);
    await setPassword(user.id, await hashPassword(body.password), 'password-reset');
    await clearCount(LOGIN_FAILURES, user.id);
    log.info('password reset', { userId: user.id });
    return { message: authMessages.passwordReset };
  },

  resendVerificationPublic: async ({ body, log }) => {
    const user = await findUserByEmail(body.email);
    if (user?.email && !user.emailVerified && (await countEvent(EMAIL_SENDS, `verify#${user.id}`)) <= EMAIL_SENDS.limit) {
      const token = await issueToken('verify-email', user.id, user.email);
      await sendEmail(verificationEmail(user.email, user.username, token));
      log.info('verification mail resent', { userId: user.id });
    }
    return { message: authMessages.verificationSent };
  },

  verifyEmail: async ({ params }) => {
    const consumed = await consumeToken('verify-email', params.token ?? '');
    if (consumed.status === 'expired') throw new HttpError(400, authMessages.verificationExpired);
    if (consumed.status === 'invalid') throw new HttpError(400, authMessages.verificationInvalid);
    const user = await getUser(consumed.userId);
    // A link proves only the address it was sent to; a changed address needs its own link.
    if (!user || !user.email || user.email.toLowerCase() !== consumed.email?.toLowerCase()) {
      throw new HttpError(400, authMessages.verificationInvalid);
    }
    if (!user.emailVerified) await updateUser(user.id, { emailVerified: true });
    return { message: authMessages.emailVerified };
  },
});
