import { authMessages, authRoutes } from '../../shared/api/auth.js';
import { unsubscribeMessages } from '../../shared/api/auth-messages.js';
import { isValidTimeZone } from '../../shared/domain/dates.js';
import { recordActivity } from '../lib/activity.js';
import { passwordResetEmail, sendEmail, verificationEmail } from '../lib/email.js';
import { HttpError, tooManyRequests } from '../lib/errors.js';
import { createApiHandler } from '../lib/http.js';
import { signTwoFactorTicket } from '../lib/jwt.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../lib/passwords.js';
import { isRememberedDevice } from '../lib/remembered-devices.js';
import { endAllSessions, endSession, startSession } from '../lib/sessions.js';
import {
  beginLoginAttempt,
  clearLoginAttempts,
  EMAIL_SENDS,
  LOCKOUT_RECORDS,
  mailToAddress,
  requireMailRequest,
  takeSlot,
  takeSlots,
} from '../lib/throttle.js';
import { consumeToken, issueToken } from '../lib/tokens.js';
import { verifyUnsubscribeToken } from '../lib/unsubscribe-token.js';
import {
  createUser,
  findUserByEmail,
  findUserByUsername,
  getUser,
  setPassword,
  toPublicUser,
  type UserItem,
  updateUser,
} from '../lib/users.js';
import { updateSettings } from './settings.js';

/** The auth area: registration, sign-in, the session's user, e-mail verification and password reset (SPEC §7). */
export const handler = createApiHandler(authRoutes, {
  register: async ({ body, clientAddress, log }) => {
    // Counted before the password is hashed; the verification mail counts against its address, so
    // nobody can mail-bomb a stranger by signing up with their address (docs/DECISIONS.md 'The edge').
    await requireMailRequest(clientAddress);
    const mail = await takeSlots(mailToAddress(body.email));
    if (!mail.taken) throw tooManyRequests(authMessages.tooManyEmailsToAddress, mail.retryAfterSeconds);
    let user: UserItem;
    try {
      user = await createUser({
        username: body.username,
        email: body.email,
        passwordHash: await hashPassword(body.password),
        role: 'member',
        emailVerified: false,
      });
    } catch (error) {
      await mail.giveBack();
      throw error;
    }
    const token = await issueToken('verify-email', user);
    await sendEmail(verificationEmail(body.email, user.username, token));
    log.info('user registered', { userId: user.id });
    await recordActivity(user.id, 'registration', user.username);
    return { message: authMessages.registered, userId: user.id };
  },

  login: async ({ body, clientAddress, log }) => {
    // Counted before the password is compared, so concurrent guesses cannot pass the limits (DECISIONS 'Login').
    const [attempt, user] = await Promise.all([beginLoginAttempt(body.username, clientAddress), findUserByUsername(body.username)]);
    if (!attempt.allowed) {
      log.info('login throttled', { retryAfterSeconds: attempt.retryAfterSeconds });
      // On the account's log once per window: refused guesses cannot flood it.
      if (user && (await takeSlot(LOCKOUT_RECORDS, user.id)).taken) {
        await recordActivity(user.id, 'login_lockout', user.username, { retryAfterSeconds: attempt.retryAfterSeconds });
      }
      throw tooManyRequests(authMessages.tooManyAttempts, attempt.retryAfterSeconds);
    }
    const passwordMatches = await verifyPassword(body.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !passwordMatches) {
      log.info('login failed', { userId: user?.id });
      throw new HttpError(401, authMessages.invalidCredentials);
    }
    await attempt.succeeded();
    if (user.accountStatus === 'deactivated') {
      throw new HttpError(403, authMessages.loginDeactivated, { showContactSupport: true });
    }
    if (user.email && !user.emailVerified && !user.emailGateCleared) {
      throw new HttpError(403, authMessages.verificationRequired, { requiresVerification: true, email: user.email });
    }
    const timeZone = body.timeZone && isValidTimeZone(body.timeZone) ? body.timeZone : undefined;
    // Two-factor sign-in (DESIGN §5): no session yet, a ticket for POST /2fa/verify, unless this browser is remembered.
    if (user.twoFactorEnabled && !(body.deviceToken && (await isRememberedDevice(body.deviceToken, user)))) {
      log.info('login needs a two-factor code', { userId: user.id });
      const twoFactorTicket = await signTwoFactorTicket({ userId: user.id, tokenVersion: user.tokenVersion, timeZone });
      return { requiresTwoFactor: true as const, userId: user.id, twoFactorTicket };
    }
    const signedIn = timeZone && timeZone !== user.timeZone ? await updateUser(user.id, { timeZone }) : user;
    const token = await startSession(signedIn);
    await recordActivity(user.id, 'login', user.username);
    return { token, userId: user.id, requiresTwoFactor: false as const, user: toPublicUser(signedIn) };
  },

  updateSettings,

  forgotPassword: async ({ body, clientAddress, log }) => {
    await requireMailRequest(clientAddress);
    // The answer is the same whether or not the address exists, and whether or not a limit held the mail back.
    const user = await findUserByEmail(body.email);
    if (user?.email && (await takeSlots([[EMAIL_SENDS, `reset#${user.id}`], ...mailToAddress(user.email)])).taken) {
      const token = await issueToken('reset-password', user);
      await sendEmail(passwordResetEmail(user.email, user.username, token));
      log.info('password reset mail sent', { userId: user.id });
    }
    return { message: authMessages.resetLinkSent };
  },

  resetPassword: async ({ body, clientAddress, log }) => {
    const consumed = await consumeToken('reset-password', body.token);
    if (consumed.status !== 'valid') throw new HttpError(400, authMessages.resetLinkInvalid);
    const { user } = consumed;
    // Another reset link of this user may have been used since this one was read: then this one has ended too.
    if (!(await setPassword(user, await hashPassword(body.password), 'password-reset'))) {
      throw new HttpError(400, authMessages.resetLinkInvalid);
    }
    await clearLoginAttempts(user.username, clientAddress);
    log.info('password reset', { userId: user.id });
    await recordActivity(user.id, 'password_reset', user.username);
    return { message: authMessages.passwordReset };
  },

  resendVerificationPublic: async ({ body, clientAddress, log }) => {
    await requireMailRequest(clientAddress);
    const user = await findUserByEmail(body.email);
    if (user?.email && !user.emailVerified && (await takeSlots([[EMAIL_SENDS, `verify#${user.id}`], ...mailToAddress(user.email)])).taken) {
      const token = await issueToken('verify-email', user);
      await sendEmail(verificationEmail(user.email, user.username, token));
      log.info('verification mail resent', { userId: user.id });
    }
    return { message: authMessages.verificationSent };
  },

  // Ends this device's session only: its token answers 401 at once, other devices stay signed in.
  logout: async ({ user, sessionId }) => {
    await endSession(user.id, sessionId);
    return { message: authMessages.loggedOut };
  },

  // 'Sign out of all devices': bumps the token version, which ends every session, this one included.
  logoutAll: async ({ user, log }) => {
    await endAllSessions(user.id, 'sign-out-everywhere');
    log.info('signed out everywhere', { userId: user.id });
    await recordActivity(user.id, 'signed_out_everywhere', user.username);
    return { message: authMessages.loggedOutEverywhere };
  },

  verifyEmail: async ({ params }) => {
    const consumed = await consumeToken('verify-email', params.token ?? '');
    if (consumed.status === 'expired') throw new HttpError(400, authMessages.verificationExpired);
    if (consumed.status === 'invalid') throw new HttpError(400, authMessages.verificationInvalid);
    // A link proves only the address it was sent to: consumeToken refuses it once the address changed.
    const { user } = consumed;
    if (!user.emailVerified) {
      await updateUser(user.id, { emailVerified: true });
      await recordActivity(user.id, 'email_verified', user.username, { email: user.email });
    }
    return { message: authMessages.emailVerified };
  },

  // No sign-in: the signed token names the user. Idempotent; a deleted account gets no reminders anyway.
  unsubscribe: async ({ params, log }) => {
    const userId = await verifyUnsubscribeToken(params.token ?? '');
    if (!userId) throw new HttpError(400, unsubscribeMessages.linkInvalid);
    const user = await getUser(userId);
    const fields = (['notify10Days', 'notify3Days', 'notify1Day'] as const).filter((name) => user?.[name] !== false);
    if (user && fields.length > 0) {
      await updateUser(user.id, { notify10Days: false, notify3Days: false, notify1Day: false });
      log.info('reminders turned off by an unsubscribe link', { userId: user.id });
      await recordActivity(user.id, 'settings_changed', user.username, { fields: fields.join(', '), via: 'unsubscribe link' });
    }
    return { message: unsubscribeMessages.unsubscribed };
  },
});
