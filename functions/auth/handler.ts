import { accessTokenRoutes } from '../../shared/api/access-tokens.js';
import { authMessages, authRoutes } from '../../shared/api/auth.js';
import { unsubscribeMessages } from '../../shared/api/auth-messages.js';
import { ssoMessages } from '../../shared/api/sso-messages.js';
import { isValidTimeZone } from '../../shared/domain/dates.js';
import { signTwoFactorTicket, verifySession } from '../lib/auth/jwt.js';
import { hashPassword, verifyPassword } from '../lib/auth/passwords.js';
import { isRememberedDevice } from '../lib/auth/remembered-devices.js';
import { sendSecurityNotice } from '../lib/auth/security-notices.js';
import { endAllSessions, endSession, startSession } from '../lib/auth/sessions.js';
import { createApiHandler } from '../lib/auth/signed-in-api.js';
import { consumeToken, issueToken } from '../lib/auth/tokens.js';
import { config } from '../lib/chassis/config.js';
import { conflict, HttpError, tooManyRequests } from '../lib/chassis/errors.js';
import { bearerToken } from '../lib/chassis/http.js';
import type { Logger } from '../lib/chassis/log.js';
import { passwordResetEmail, signInLinkEmail, verificationEmail } from '../lib/email/account-emails.js';
import { sendEmail } from '../lib/email/email.js';
import { verifyUnsubscribeToken } from '../lib/reminders/unsubscribe-token.js';
import { claimEmailInvitations } from '../lib/sharing/sharing-store.js';
import {
  beginLoginAttempt,
  clearLoginAttempts,
  EMAIL_SENDS,
  isUnderPasswordAttack,
  LOCKOUT_RECORDS,
  mailToAddress,
  recordLoginFailure,
  requireMailRequest,
  takeSlot,
  takeSlots,
} from '../lib/throttles/throttle.js';
import { recordActivity } from '../lib/users/activity.js';
import { changeIdentity } from '../lib/users/identity-change.js';
import { toPublicUser } from '../lib/users/public-user.js';
import type { UserItem } from '../lib/users/user-item.js';
import { createUser, findUserByEmail, findUserByUsername, getUser, setPassword, updateUser } from '../lib/users/users.js';
import { accessTokenHandlers } from './access-tokens.js';
import { updateSettings } from './settings.js';

/**
 * How long every answer to a login under a password attack takes after its password was compared,
 * right or wrong: the sign-in link's mail is sent within it (issue 34 §1). A mail slower than this
 * shows in the log (`sign-in answer overran its time`).
 */
export const UNDER_ATTACK_ANSWER_MS = 1000;

/**
 * Mails a single-use 15-minute sign-in link to the account's verified address, when the password was
 * right, the account is active and the mail throttles allow it. Never throws: its outcome must not
 * show in the answer, which is the same whatever happens here.
 */
async function mailSignInLink(user: UserItem, log: Logger): Promise<void> {
  try {
    if (!user.email || !user.emailVerified || user.accountStatus === 'deactivated') return;
    const mail = await takeSlots([[EMAIL_SENDS, `sign-in#${user.id}`], ...mailToAddress(user.email)]);
    if (!mail.taken) return;
    const token = await issueToken('sign-in', user);
    await sendEmail(signInLinkEmail(user.email, user.username, token));
    log.info('sign-in link sent: the account is under a password attack', { userId: user.id });
  } catch (error) {
    log.error('sign-in link not sent', { userId: user.id, error: (error as Error).message });
  }
}

/**
 * A login for a username with 20 wrong passwords this hour (issue 21 §4, issue 34 §1): the right
 * password and a wrong one, a known name and an unknown one, an active, deactivated, unverified or
 * two-factor account all get the same 403 `signInLinkSent`, after the same time. Only the owner's
 * mailbox learns more: the right password mails the sign-in link. A wrong one counts as before; the
 * right one does not clear the username-and-address window, which would tell it apart too.
 */
async function answerUnderAttack(username: string, user: UserItem | undefined, passwordMatches: boolean, log: Logger): Promise<never> {
  const answerAt = performance.now() + UNDER_ATTACK_ANSWER_MS;
  if (user && passwordMatches) await mailSignInLink(user, log);
  else await recordLoginFailure(username);
  const wait = answerAt - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  else log.warn('sign-in answer overran its time', { overrunMs: Math.round(-wait) });
  throw new HttpError(403, authMessages.signInLinkSent, { signInLinkSent: true });
}

/** The auth area: registration, sign-in, the session's user, e-mail verification and password reset (SPEC §7). */
export const handler = createApiHandler(
  { ...authRoutes, ...accessTokenRoutes },
  {
    ...accessTokenHandlers,

    register: async ({ body, clientAddress, log }) => {
      // With password sign-in off, accounts are made with single sign-on (issue 38 §2).
      if (!config().PASSWORD_SIGN_IN) throw new HttpError(403, ssoMessages.passwordSignInOff);
      // Counted before the password is hashed; the verification mail counts against its address, so
      // nobody can mail-bomb a stranger by signing up with their address (docs/decisions/0022-mail-throttles.md).
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
      // Counted before the password is compared, so concurrent guesses cannot pass the limits (docs/decisions/0009-login-throttle.md).
      const [attempt, user, underAttack] = await Promise.all([
        beginLoginAttempt(body.username, clientAddress),
        findUserByUsername(body.username),
        isUnderPasswordAttack(body.username),
      ]);
      if (!attempt.allowed) {
        log.info('login throttled', { retryAfterSeconds: attempt.retryAfterSeconds });
        // On the account's log once per window: refused guesses cannot flood it.
        if (user && (await takeSlot(LOCKOUT_RECORDS, user.id)).taken) {
          await recordActivity(user.id, 'login_lockout', user.username, { retryAfterSeconds: attempt.retryAfterSeconds });
        }
        throw tooManyRequests(authMessages.tooManyAttempts, attempt.retryAfterSeconds);
      }
      // The operator turned password sign-in off for everyone but the owner (issue 38 §2): said before any comparison.
      if (!config().PASSWORD_SIGN_IN && user?.role !== 'owner') throw new HttpError(403, ssoMessages.passwordSignInOff);
      const passwordMatches = await verifyPassword(body.password, user?.passwordHash);
      // Past the account's ceiling nothing in the answer may depend on the password (issue 34 §1).
      if (underAttack) return answerUnderAttack(body.username, user, passwordMatches, log);
      if (!user || !passwordMatches) {
        log.info('login failed', { userId: user?.id });
        await recordLoginFailure(body.username);
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
      // The browser's zone, unless the user chose one in Settings (issue 25 §1).
      const signedIn = timeZone && timeZone !== user.timeZone && !user.timeZoneChosen ? await updateUser(user.id, { timeZone }) : user;
      const token = await startSession(signedIn);
      await recordActivity(user.id, 'login', user.username);
      return { token, userId: user.id, requiresTwoFactor: false as const, user: toPublicUser(signedIn) };
    },

    confirmSignIn: async ({ body, log }) => {
      const consumed = await consumeToken('sign-in', body.token);
      if (consumed.status !== 'valid') throw new HttpError(400, authMessages.signInLinkInvalid);
      const { user } = consumed;
      if (user.accountStatus === 'deactivated') {
        throw new HttpError(403, authMessages.loginDeactivated, { showContactSupport: true });
      }
      // The link stands for the password only: a two-factor account's code is still asked (issue 34 §1).
      if (user.twoFactorEnabled) {
        log.info('sign-in link confirmed; the two-factor code is next', { userId: user.id });
        const twoFactorTicket = await signTwoFactorTicket({ userId: user.id, tokenVersion: user.tokenVersion });
        return { requiresTwoFactor: true as const, userId: user.id, twoFactorTicket };
      }
      const token = await startSession(user);
      log.info('sign-in confirmed by a mailed link', { userId: user.id });
      await recordActivity(user.id, 'login', user.username, { confirmedByEmail: true });
      return { token, userId: user.id, requiresTwoFactor: false as const, user: toPublicUser(user) };
    },

    updateSettings,

    forgotPassword: async ({ body, clientAddress, log }) => {
      await requireMailRequest(clientAddress);
      // The answer is the same whether or not the address exists, and whether or not a limit held the mail back.
      const user = await findUserByEmail(body.email);
      // Reset links go to verified addresses only: an address nobody proved may not be the owner's.
      if (user?.email && user.emailVerified && (await takeSlots([[EMAIL_SENDS, `reset#${user.id}`], ...mailToAddress(user.email)])).taken) {
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
      await sendSecurityNotice(user, { kind: 'password-reset' }, log);
      return { message: authMessages.passwordReset };
    },

    resendVerificationPublic: async ({ body, clientAddress, log }) => {
      await requireMailRequest(clientAddress);
      const user = await findUserByEmail(body.email);
      if (
        user?.email &&
        !user.emailVerified &&
        (await takeSlots([[EMAIL_SENDS, `verify#${user.id}`], ...mailToAddress(user.email)])).taken
      ) {
        const token = await issueToken('verify-email', user);
        await sendEmail(verificationEmail(user.email, user.username, token));
        log.info('verification mail resent', { userId: user.id });
      }
      return { message: authMessages.verificationSent };
    },

    // Ends this device's session only: its token answers 401 at once, other devices stay signed in. A
    // token whose session already ended (or any other) changes nothing and gets the same 204.
    logout: async ({ headers }) => {
      const token = bearerToken(headers);
      const claims = token ? await verifySession(token) : null;
      if (claims) await endSession(claims.userId, claims.sessionId);
      return null;
    },

    // 'Sign out of all devices': bumps the token version, which ends every session, this one included.
    logoutAll: async ({ user, log }) => {
      await endAllSessions(user.id, 'sign-out-everywhere');
      log.info('signed out everywhere', { userId: user.id });
      await recordActivity(user.id, 'signed_out_everywhere', user.username);
      return { message: authMessages.loggedOutEverywhere };
    },

    verifyEmail: async ({ params, log }) => {
      const consumed = await consumeToken('verify-email', params.token ?? '');
      if (consumed.status === 'expired') throw new HttpError(400, authMessages.verificationExpired);
      if (consumed.status === 'invalid') throw new HttpError(400, authMessages.verificationInvalid);
      // A link proves only the address it was sent to: consumeToken refuses it once the address changed.
      const { user, newAddress } = consumed;
      if (newAddress) {
        // The new address becomes the account's now, and only now takes its guard item (issue 21).
        const result = await changeIdentity(user, {
          email: newAddress,
          changes: { emailVerified: true },
          remove: ['pendingEmail', 'pendingEmailUntil'],
        });
        if ('conflict' in result) {
          if (result.conflict === 'email') throw conflict(authMessages.pendingEmailTaken);
          throw conflict(authMessages.changedMeanwhile);
        }
        log.info('new address verified', { userId: user.id });
        await recordActivity(user.id, 'email_changed', user.username, { from: user.email ?? null, to: newAddress });
        await sendSecurityNotice(user, { kind: 'email-changed', newAddress }, log);
        // Invitations to share a subscription sent to this address are now this account's (issue 26).
        await claimEmailInvitations(newAddress, user.id);
        return { message: authMessages.newEmailVerified };
      }
      if (!user.emailVerified) {
        await updateUser(user.id, { emailVerified: true });
        await recordActivity(user.id, 'email_verified', user.username, { email: user.email });
      }
      // Invitations to share a subscription sent to this address before the account had it (issue 26).
      if (user.email) await claimEmailInvitations(user.email, user.id);
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
  },
);
