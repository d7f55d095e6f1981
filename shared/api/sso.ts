import * as z from 'zod/mini';
import { type LoginResponse, loginBody, usernameField } from './auth.js';
import { type MessageResponse, route } from './contract.js';
import { type SsoLink, ssoMessages } from './sso-messages.js';

export { type SsoLink, ssoMessages } from './sso-messages.js';

/**
 * Single sign-on with OpenID Connect (issue 38 §2; docs/decisions/0145-single-sign-on.md): the operator's provider
 * (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_NAME) signs people in with the authorization code flow, PKCE,
 * `state` and `nonce`. An account is found by the ID token's issuer and subject, never by its e-mail address: a first
 * sign-in with the provider creates an account (when the operator allows it) or is linked to an existing one only
 * after that account's password is given in the same flow.
 */

/** The path of the sign-in page's screen the provider sends the browser back to (the redirect URI, on PUBLIC_URL). */
export const SSO_CALLBACK_PATH = '/sign-in/sso';

/** What the sign-in and sign-up pages offer: the provider's name when one is set up, and whether passwords sign in. */
export interface SsoSettings {
  provider: { name: string } | null;
  /** False when the operator turned password sign-in off for everyone but the owner. */
  passwordSignIn: boolean;
}

/**
 * How a flow ended: signed in (or a two-factor code next), linked to the signed-in account, or an identity no account
 * has yet, with a ticket for making one or for linking an existing one after its password.
 */
export type SsoOutcome =
  | { outcome: 'signed-in'; signIn: LoginResponse }
  | { outcome: 'linked'; message: string; link: SsoLink }
  | { outcome: 'new-identity'; ticket: string; canSignUp: boolean; email: string | null; suggestedUsername: string }
  /** The signed-in user signed in at the provider again (no password to give): the proof a passkey's addition asks. */
  | { outcome: 'confirmed'; confirmation: string };

const ticket = z
  .string({ error: ssoMessages.ticketInvalid })
  .check(z.minLength(1, { error: ssoMessages.ticketInvalid }), z.maxLength(4000));

const noSuchLink = { status: 404, message: ssoMessages.notFound } as const;

export const ssoRoutes = {
  ssoSettings: route<SsoSettings>()({ method: 'GET', path: '/api/auth/sso', area: 'sso', access: 'public', body: undefined }),
  /**
   * The provider's authorization URL to send the browser to; `link` and `confirm` are for a signed-in user, from
   * Settings: linking the provider (after the current password), and proving it is them without a password (to add a
   * passkey).
   */
  startSso: route<{ authorizationUrl: string }>()({
    method: 'POST',
    path: '/api/auth/sso/start',
    area: 'sso',
    access: 'public',
    optionalSignIn: true,
    body: z.object({
      intent: z.enum(['sign-in', 'link', 'confirm'], { error: ssoMessages.intentInvalid }),
      /** A link's proof that it is the account's owner, as a passkey's: the current password (a stolen session alone links nothing). */
      password: z.optional(z.string()),
    }),
  }),
  /** The provider's answer, as the browser came back with it (the callback's query string). */
  finishSso: route<SsoOutcome>()({
    method: 'POST',
    path: '/api/auth/sso/finish',
    area: 'sso',
    access: 'public',
    optionalSignIn: true,
    body: z.object({ query: z.string({ error: ssoMessages.flowInvalid }).check(z.maxLength(4000, { error: ssoMessages.flowInvalid })) }),
  }),
  /** A new account for a new identity, when the operator allows it. */
  ssoSignUp: route<LoginResponse>()({
    method: 'POST',
    path: '/api/auth/sso/sign-up',
    area: 'sso',
    access: 'public',
    body: z.object({ ticket, username: usernameField }),
  }),
  /** A new identity linked to an existing account, once its password is given. */
  ssoLink: route<LoginResponse>()({
    method: 'POST',
    path: '/api/auth/sso/link',
    area: 'sso',
    access: 'public',
    body: z.object({ ticket, username: loginBody.shape.username, password: loginBody.shape.password }),
  }),
  listSsoLinks: route<SsoLink[]>()({ method: 'GET', path: '/api/auth/sso/links', area: 'sso', access: 'user', body: undefined }),
  unlinkSso: route<MessageResponse>()({
    method: 'DELETE',
    path: '/api/auth/sso/links/{id}',
    area: 'sso',
    access: 'user',
    body: undefined,
    badParameter: noSuchLink,
  }),
} as const;
