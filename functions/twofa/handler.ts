import { authMessages } from '../../shared/api/auth-messages.js';
import { AUTHENTICATOR_CODE, twoFactorMessages, twoFactorRoutes } from '../../shared/api/twofa.js';
import { isValidTimeZone } from '../../shared/domain/dates.js';
import { confirmCurrentPassword } from '../lib/auth/confirm-password.js';
import { verifyTwoFactorTicket } from '../lib/auth/jwt.js';
import { verifyPassword } from '../lib/auth/passwords.js';
import { rememberDevice } from '../lib/auth/remembered-devices.js';
import { sendSecurityNotice } from '../lib/auth/security-notices.js';
import { startSession } from '../lib/auth/sessions.js';
import { createApiHandler } from '../lib/auth/signed-in-api.js';
import { HttpError, tooManyRequests } from '../lib/chassis/errors.js';
import type { Logger } from '../lib/chassis/log.js';
import { decryptSecret, encryptSecret } from '../lib/chassis/secret-box.js';
import { beginCodeAttempt, type CodeAttempt, endTicket, takeTicketAttempt } from '../lib/throttles/throttle.js';
import { recordActivity } from '../lib/users/activity.js';
import { toPublicUser } from '../lib/users/public-user.js';
import type { UserItem } from '../lib/users/user-item.js';
import { getUser, updateUser } from '../lib/users/users.js';
import { hashBackupCode, newBackupCodes, newTotpSecret, otpauthUri, totpStep } from './codes.js';
import { qrCodeDataUrl } from './qr-code.js';
import {
  consumeBackupCode,
  consumeCodeStep,
  disableWithCodeStep,
  enableWithPendingSecret,
  replaceBackupCodesWithCodeStep,
  savePendingSecret,
} from './two-factor-user.js';

/** The stored secret in clear; a value that does not decrypt is a fault of the server, not of the request. */
async function secretOf(user: UserItem, sealed: string | undefined): Promise<string> {
  const secret = sealed ? await decryptSecret(sealed, user.id) : null;
  if (!secret) throw new Error(`The two-factor secret of user ${user.id} cannot be decrypted`);
  return secret;
}

/** A fresh set of backup codes and the hashes that are stored of them. */
function backupCodes() {
  const codes = newBackupCodes();
  return { codes, hashes: codes.map(hashBackupCode) };
}

const ticketEnded = () => new HttpError(401, twoFactorMessages.ticketEnded);

/**
 * Disabling two-factor sign-in and replacing the backup codes ask for the password and a current
 * code (never a 401 for a wrong one: that would sign the user out). Answers the code's step, not yet
 * recorded: the caller's update records it on the condition that it is still unused.
 */
async function confirmPasswordAndCode(
  user: UserItem,
  password: string,
  code: string,
  log: Logger,
): Promise<{ step: number; attempt: CodeAttempt & { allowed: true } }> {
  if (!user.twoFactorEnabled) throw new HttpError(400, twoFactorMessages.notEnabled);
  const attempt = await beginCodeAttempt(user.id);
  if (!attempt.allowed) {
    log.info('two-factor confirmation throttled', { retryAfterSeconds: attempt.retryAfterSeconds });
    throw tooManyRequests(authMessages.tooManyAttempts, attempt.retryAfterSeconds);
  }
  if (!(await verifyPassword(password, user.passwordHash))) throw new HttpError(400, authMessages.passwordIncorrect);
  const step = await totpStep(await secretOf(user, user.twoFactorSecret), code);
  if (step === null || step <= (user.lastTotpStep ?? -1)) throw new HttpError(400, twoFactorMessages.invalidCode);
  return { step, attempt };
}

/** Two-factor sign-in (SPEC §2 wizard and dialog, §7 `/2fa/*`; DESIGN §5). */
export const handler = createApiHandler(twoFactorRoutes, {
  setupTwoFactor: async ({ user, body, clientAddress, log }) => {
    if (user.twoFactorEnabled) throw new HttpError(409, twoFactorMessages.alreadyEnabled);
    // A stolen session alone cannot put the thief's authenticator on the account (issue 21).
    await confirmCurrentPassword(user, body.password, clientAddress, log, authMessages.passwordRequiredForTwoFactor);
    const secret = newTotpSecret();
    if (!(await savePendingSecret(user.id, await encryptSecret(secret, user.id)))) {
      throw new HttpError(409, twoFactorMessages.alreadyEnabled);
    }
    log.info('two-factor setup started');
    return { qrCode: qrCodeDataUrl(otpauthUri(user.username, secret)), manualEntry: secret };
  },

  enableTwoFactor: async ({ user, body, log }) => {
    if (user.twoFactorEnabled) throw new HttpError(409, twoFactorMessages.alreadyEnabled);
    const pending = user.twoFactorPendingSecret;
    if (!pending) throw new HttpError(400, twoFactorMessages.noSetup);
    const step = await totpStep(await secretOf(user, pending), body.token);
    if (step === null) throw new HttpError(400, twoFactorMessages.invalidCode);
    const { codes, hashes } = backupCodes();
    const enabled = await enableWithPendingSecret(user.id, pending, step, hashes);
    if (!enabled) {
      // Enabled by a concurrent request, or the setup was started again and this code is for the old secret.
      if ((await getUser(user.id))?.twoFactorEnabled) throw new HttpError(409, twoFactorMessages.alreadyEnabled);
      throw new HttpError(400, twoFactorMessages.invalidCode);
    }
    log.info('two-factor sign-in enabled');
    await recordActivity(user.id, 'two_factor_enabled', user.username);
    return { message: twoFactorMessages.enabled, backupCodes: codes, user: toPublicUser(enabled) };
  },

  verifyTwoFactor: async ({ body, log }) => {
    const ticket = await verifyTwoFactorTicket(body.twoFactorTicket);
    if (!ticket || ticket.userId !== body.userId) throw ticketEnded();
    // Counted before the code is checked, so concurrent guesses cannot pass the ticket's 5 either.
    if (!(await takeTicketAttempt(ticket.ticketId, ticket.expiresAt))) {
      log.info('two-factor ticket used up', { userId: ticket.userId });
      throw new HttpError(401, twoFactorMessages.tooManyCodes);
    }
    const attempt = await beginCodeAttempt(ticket.userId);
    if (!attempt.allowed) {
      log.info('two-factor codes throttled', { userId: ticket.userId, retryAfterSeconds: attempt.retryAfterSeconds });
      throw tooManyRequests(authMessages.tooManyAttempts, attempt.retryAfterSeconds);
    }
    const user = await getUser(ticket.userId);
    // A password change, 'sign out everywhere' or disabling two-factor sign-in since the login ends the ticket.
    if (!user || user.tokenVersion !== ticket.tokenVersion || !user.twoFactorEnabled) throw ticketEnded();
    if (user.accountStatus === 'deactivated') {
      throw new HttpError(403, authMessages.loginDeactivated, { showContactSupport: true });
    }

    const usedBackupCode = !AUTHENTICATOR_CODE.test(body.token);
    let verified: UserItem | null = null;
    if (usedBackupCode) {
      verified = await consumeBackupCode(user, hashBackupCode(body.token));
    } else {
      const step = await totpStep(await secretOf(user, user.twoFactorSecret), body.token);
      if (step !== null && step > (user.lastTotpStep ?? -1)) verified = await consumeCodeStep(user.id, step);
    }
    if (!verified) {
      log.info('two-factor code refused', { userId: user.id, usedBackupCode });
      throw new HttpError(401, twoFactorMessages.invalidCode);
    }
    // One sign-in per ticket, even for two different right codes sent at once.
    if (!(await endTicket(ticket.ticketId))) throw ticketEnded();
    await attempt.succeeded();

    const signedIn =
      ticket.timeZone && isValidTimeZone(ticket.timeZone) && ticket.timeZone !== verified.timeZone && !verified.timeZoneChosen
        ? await updateUser(user.id, { timeZone: ticket.timeZone })
        : verified;
    const deviceToken = body.rememberDevice ? await rememberDevice(signedIn) : null;
    const token = await startSession(signedIn);
    log.info('two-factor sign-in completed', { userId: user.id, usedBackupCode, rememberedDevice: Boolean(deviceToken) });
    await recordActivity(user.id, 'login', user.username, { twoFactor: true, usedBackupCode, rememberedDevice: Boolean(deviceToken) });
    const publicUser = toPublicUser(signedIn);
    return {
      success: true as const,
      message: twoFactorMessages.verified,
      token,
      userId: user.id,
      user: publicUser,
      deviceToken,
      usedBackupCode,
      avatar: publicUser.avatar,
    };
  },

  disableTwoFactor: async ({ user, body, log }) => {
    const { step, attempt } = await confirmPasswordAndCode(user, body.password, body.token, log);
    const disabled = await disableWithCodeStep(user.id, step);
    if (!disabled) throw new HttpError(400, twoFactorMessages.invalidCode);
    await attempt.succeeded();
    log.info('two-factor sign-in disabled');
    await recordActivity(user.id, 'two_factor_disabled', user.username);
    await sendSecurityNotice(user, { kind: 'two-factor-disabled' }, log);
    return { message: twoFactorMessages.disabled, user: toPublicUser(disabled) };
  },

  regenerateBackupCodes: async ({ user, body, log }) => {
    const { step, attempt } = await confirmPasswordAndCode(user, body.password, body.token, log);
    const { codes, hashes } = backupCodes();
    const updated = await replaceBackupCodesWithCodeStep(user.id, step, hashes);
    if (!updated) throw new HttpError(400, twoFactorMessages.invalidCode);
    await attempt.succeeded();
    log.info('backup codes regenerated');
    await recordActivity(user.id, 'backup_codes_regenerated', user.username);
    return { message: twoFactorMessages.backupCodesRegenerated, backupCodes: codes, user: toPublicUser(updated) };
  },
});
