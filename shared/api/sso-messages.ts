/**
 * Single sign-on's messages and its link's shape (issue 38 §2), apart from its routes (./sso.ts): the functions that
 * only refuse a password (auth) or unlink a deleted account's sign-ins (account, admin) carry these, and no schema.
 */

export const ssoMessages = {
  notConfigured: 'Single sign-on is not set up on this site',
  intentInvalid: 'Intent must be sign-in, link or confirm',
  notYours: 'Sign in at the provider with the account linked to yours',
  passwordRequired: 'Enter your password to link a sign-in',
  flowInvalid: 'This sign-in has expired or was already used. Start again.',
  refused: 'The provider did not sign you in. Start again.',
  ticketInvalid: 'This sign-in has expired. Continue with the provider again.',
  signUpOff: 'New accounts cannot be made with single sign-on here: sign in to your account to link it',
  emailTaken: 'An account already uses this e-mail address: sign in to it with its password to link this sign-in',
  usedElsewhere: 'This sign-in is already linked to another account',
  alreadyLinked: 'This sign-in is already linked to your account',
  linked: 'Sign-in linked',
  unlinked: 'Sign-in unlinked',
  notFound: 'Linked sign-in not found',
  lastWayIn: 'This is your only way to sign in: add a password or a passkey first',
  twoFactorFirst: 'This account uses two-factor sign-in: sign in to it with its code, then link this sign-in in Settings',
  passwordSignInOff: 'Password sign-in is turned off on this site: continue with single sign-on',
} as const;

/** A link between the account and the provider's account, as Settings and staff see it. */
export interface SsoLink {
  id: string;
  provider: string;
  /** The provider account's e-mail address or name, to recognise it; null when it gave neither. */
  account: string | null;
  linkedAt: string;
}
