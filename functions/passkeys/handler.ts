import { authMessages } from '../../shared/api/auth-messages.js';
import { passkeyMessages, passkeyRoutes } from '../../shared/api/passkeys.js';
import { isValidTimeZone } from '../../shared/domain/dates.js';
import { confirmCurrentPassword } from '../lib/auth/confirm-password.js';
import { verifySsoConfirmation } from '../lib/auth/jwt.js';
import {
  addPasskey,
  listPasskeys,
  registrationCeremony,
  removePasskey,
  renamePasskey,
  signInCeremony,
  verifyPasskeySignIn,
} from '../lib/auth/passkeys.js';
import { sendSecurityNotice } from '../lib/auth/security-notices.js';
import { startSession } from '../lib/auth/sessions.js';
import { createApiHandler } from '../lib/auth/signed-in-api.js';
import { HttpError, notFound } from '../lib/chassis/errors.js';
import { recordActivity } from '../lib/users/activity.js';
import { toPublicUser } from '../lib/users/public-user.js';
import { getUser, updateUser } from '../lib/users/users.js';

/**
 * The passkeys area (issue 38 §1; docs/decisions/0144-passkeys.md): Settings → Passkeys (add after the password,
 * rename, remove, each addition and removal told by e-mail) and 'Sign in with a passkey'. A function of its own: the
 * WebAuthn library weighs on no other sign-in's start.
 */
export const handler = createApiHandler(passkeyRoutes, {
  listPasskeys: async ({ user }) => listPasskeys(user.id),

  passkeyRegistrationOptions: async ({ user, sessionId, body, clientAddress, log }) => {
    // The owner proves it: the password, or for an account without one a fresh sign-in at its provider (issue 38 §2).
    if (!user.passwordHash && body.confirmation !== undefined) {
      if ((await verifySsoConfirmation(body.confirmation)) !== user.id) throw new HttpError(400, passkeyMessages.confirmationInvalid);
    } else {
      await confirmCurrentPassword(user, body.password, clientAddress, log, passkeyMessages.passwordRequired);
    }
    return registrationCeremony(user, sessionId);
  },

  addPasskey: async ({ user, sessionId, body, log }) => {
    const passkey = await addPasskey(user, sessionId, body);
    await recordActivity(user.id, 'passkey_added', user.username, { passkey: passkey.name });
    await sendSecurityNotice(user, { kind: 'passkey-added', name: passkey.name }, log);
    log.info('passkey added', { passkeyId: passkey.id, synced: passkey.synced });
    return { message: passkeyMessages.added, passkey };
  },

  renamePasskey: async ({ user, params, body }) => {
    const passkey = await renamePasskey(user.id, params.id, body.name);
    if (!passkey) throw notFound(passkeyMessages.notFound);
    return { message: passkeyMessages.renamed, passkey };
  },

  removePasskey: async ({ user, params, log }) => {
    const name = await removePasskey(user, params.id);
    if (name === undefined) throw notFound(passkeyMessages.notFound);
    await recordActivity(user.id, 'passkey_removed', user.username, { passkey: name });
    await sendSecurityNotice(user, { kind: 'passkey-removed', name }, log);
    return { message: passkeyMessages.removed };
  },

  passkeySignInOptions: async () => signInCeremony(),

  // A passkey with user verification is both factors: no two-factor code after it (issue 38 §1).
  passkeySignIn: async ({ body, log }) => {
    const { userId, name } = await verifyPasskeySignIn(body);
    const user = await getUser(userId);
    if (!user) throw new HttpError(401, passkeyMessages.signInFailed);
    if (user.accountStatus === 'deactivated') throw new HttpError(403, authMessages.loginDeactivated, { showContactSupport: true });
    if (user.email && !user.emailVerified && !user.emailGateCleared) {
      throw new HttpError(403, authMessages.verificationRequired, { requiresVerification: true, email: user.email });
    }
    const timeZone = body.timeZone && isValidTimeZone(body.timeZone) ? body.timeZone : undefined;
    const signedIn = timeZone && timeZone !== user.timeZone && !user.timeZoneChosen ? await updateUser(user.id, { timeZone }) : user;
    const token = await startSession(signedIn);
    await recordActivity(user.id, 'login', user.username, { passkey: name });
    log.info('signed in with a passkey', { userId: user.id });
    return { token, userId: user.id, requiresTwoFactor: false as const, user: toPublicUser(signedIn) };
  },
});
