import type { LoginResponse } from '../../shared/api/auth.js';
import { authMessages } from '../../shared/api/auth-messages.js';
import { type SsoOutcome, ssoMessages, ssoRoutes } from '../../shared/api/sso.js';
import { confirmCurrentPassword } from '../lib/auth/confirm-password.js';
import { signSsoConfirmation, signSsoIdentityTicket, signTwoFactorTicket, verifySsoIdentityTicket } from '../lib/auth/jwt.js';
import { verifyPassword } from '../lib/auth/passwords.js';
import { startSession } from '../lib/auth/sessions.js';
import { createApiHandler } from '../lib/auth/signed-in-api.js';
import { configuredProvider, finishFlow, ssoProvider, startFlow } from '../lib/auth/sso.js';
import { accountOf, type Identity, linkIdentity, listLinks, unlinkIdentity } from '../lib/auth/sso-links.js';
import { waysIn } from '../lib/auth/ways-in.js';
import { config } from '../lib/chassis/config.js';
import { HttpError, notFound, tooManyRequests } from '../lib/chassis/errors.js';
import { beginLoginAttempt, recordLoginFailure } from '../lib/throttles/throttle.js';
import { recordActivity } from '../lib/users/activity.js';
import { toPublicUser } from '../lib/users/public-user.js';
import type { UserItem } from '../lib/users/user-item.js';
import { createUser, findUserByUsername, getUser } from '../lib/users/users.js';

/**
 * The single sign-on area (issue 38 §2; docs/decisions/0145-single-sign-on.md): the operator's OpenID Connect
 * provider signs people in, makes their accounts (when allowed), and is linked to existing accounts only once their
 * password is given in the same flow, or from Settings while signed in. A function of its own: openid-client weighs
 * on no other sign-in.
 */

/** The answer of a sign-in by the provider: a session, or the account's two-factor code next. */
async function signInAs(user: UserItem, how: Record<string, string>): Promise<LoginResponse> {
  if (user.accountStatus === 'deactivated') throw new HttpError(403, authMessages.loginDeactivated, { showContactSupport: true });
  if (user.twoFactorEnabled) {
    const twoFactorTicket = await signTwoFactorTicket({ userId: user.id, tokenVersion: user.tokenVersion });
    return { requiresTwoFactor: true, userId: user.id, twoFactorTicket };
  }
  const token = await startSession(user);
  await recordActivity(user.id, 'login', user.username, how);
  return { token, userId: user.id, requiresTwoFactor: false, user: toPublicUser(user) };
}

/** The identity a sign-up or a link names, from its ticket; a 400 when it expired. */
async function identityOf(ticket: string): Promise<Identity> {
  const identity = await verifySsoIdentityTicket(ticket);
  if (!identity) throw new HttpError(400, ssoMessages.ticketInvalid);
  return identity;
}

export const handler = createApiHandler(ssoRoutes, {
  ssoSettings: async () => ({
    provider: configuredProvider() ? { name: ssoProvider().name } : null,
    passwordSignIn: config().PASSWORD_SIGN_IN,
  }),

  startSso: async ({ body, signIn, clientAddress, log }) => {
    ssoProvider();
    if (body.intent === 'sign-in') return { authorizationUrl: await startFlow('sign-in') };
    const user = await signIn();
    // Linking adds a way in: the owner proves it first, as for a passkey (a stolen session alone links nothing).
    if (body.intent === 'link') await confirmCurrentPassword(user, body.password, clientAddress, log, ssoMessages.passwordRequired);
    return { authorizationUrl: await startFlow(body.intent, user.id) };
  },

  finishSso: async ({ body, signIn, log }): Promise<SsoOutcome> => {
    const { flow, identity } = await finishFlow(body.query);
    const provider = ssoProvider();
    if (flow.intent === 'confirm') {
      // The signed-in user, at the provider again as the identity linked to their account: the password's stand-in.
      const user = await signIn();
      if (user.id !== flow.userId) throw new HttpError(400, ssoMessages.flowInvalid);
      if ((await accountOf(identity)) !== user.id) throw new HttpError(403, ssoMessages.notYours);
      return { outcome: 'confirmed', confirmation: await signSsoConfirmation(user.id) };
    }
    if (flow.intent === 'link') {
      // From Settings: the account that started the flow, still signed in here.
      const user = await signIn();
      if (user.id !== flow.userId) throw new HttpError(400, ssoMessages.flowInvalid);
      const link = await linkIdentity(user.id, identity, provider.name);
      await recordActivity(user.id, 'sso_linked', user.username, { provider: provider.name });
      log.info('single sign-on linked', { userId: user.id });
      return { outcome: 'linked', message: ssoMessages.linked, link };
    }
    const userId = await accountOf(identity);
    const user = userId ? await getUser(userId) : undefined;
    if (user) return { outcome: 'signed-in', signIn: await signInAs(user, { provider: provider.name }) };
    // An identity no account has: never matched to one by its e-mail address.
    return {
      outcome: 'new-identity',
      ticket: await signSsoIdentityTicket(identity),
      canSignUp: provider.signUp,
      email: identity.verifiedEmail,
      suggestedUsername: identity.suggestedUsername,
    };
  },

  ssoSignUp: async ({ body, log }) => {
    const identity = await identityOf(body.ticket);
    const provider = ssoProvider();
    if (!provider.signUp) throw new HttpError(403, ssoMessages.signUpOff);
    if (await accountOf(identity)) throw new HttpError(409, ssoMessages.usedElsewhere);
    let user: UserItem;
    try {
      // No password: the provider signs this account in. The address, when the provider vouches for it, is verified.
      user = await createUser({
        username: body.username,
        email: identity.verifiedEmail,
        passwordHash: '',
        role: 'member',
        emailVerified: Boolean(identity.verifiedEmail),
      });
    } catch (error) {
      if (error instanceof HttpError && error.message === authMessages.emailTaken) throw new HttpError(409, ssoMessages.emailTaken);
      throw error;
    }
    await linkIdentity(user.id, identity, provider.name);
    await recordActivity(user.id, 'registration', user.username, { provider: provider.name });
    log.info('user registered with single sign-on', { userId: user.id });
    return signInAs(user, { provider: provider.name });
  },

  // An existing account proves it is the signer's: its password, counted as a sign-in's (issue 38 §2).
  ssoLink: async ({ body, clientAddress, log }) => {
    const identity = await identityOf(body.ticket);
    const provider = ssoProvider();
    const [attempt, user] = await Promise.all([beginLoginAttempt(body.username, clientAddress), findUserByUsername(body.username)]);
    if (!attempt.allowed) throw tooManyRequests(authMessages.tooManyAttempts, attempt.retryAfterSeconds);
    if (!user || !(await verifyPassword(body.password, user.passwordHash))) {
      await recordLoginFailure(body.username);
      throw new HttpError(401, authMessages.invalidCredentials);
    }
    await attempt.succeeded();
    if (user.accountStatus === 'deactivated') throw new HttpError(403, authMessages.loginDeactivated, { showContactSupport: true });
    // A password alone does not stand for an account with two-factor sign-in: that is linked from Settings.
    if (user.twoFactorEnabled) throw new HttpError(403, ssoMessages.twoFactorFirst);
    await linkIdentity(user.id, identity, provider.name);
    await recordActivity(user.id, 'sso_linked', user.username, { provider: provider.name });
    log.info('single sign-on linked after the password', { userId: user.id });
    return signInAs(user, { provider: provider.name });
  },

  listSsoLinks: async ({ user }) => listLinks(user.id),

  unlinkSso: async ({ user, params }) => {
    const links = await listLinks(user.id);
    if (!links.some((link) => link.id === params.id)) throw notFound(ssoMessages.notFound);
    if ((await waysIn(user)) <= 1) throw new HttpError(409, ssoMessages.lastWayIn);
    const link = await unlinkIdentity(user.id, params.id);
    if (!link) throw notFound(ssoMessages.notFound);
    await recordActivity(user.id, 'sso_unlinked', user.username, { provider: link.provider });
    return { message: ssoMessages.unlinked };
  },
});
