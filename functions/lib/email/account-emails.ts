import { publicUrl } from '../chassis/config.js';
import type { Email } from './email.js';
import { renderEmail } from './email-layout.js';

/** A verification link: for a sign-up's address, or for a new address asked for in Settings, which it then makes the account's. */
export function verificationEmail(to: string, username: string, token: string, purpose: 'sign-up' | 'new-address' = 'sign-up'): Email {
  const url = publicUrl(`/verify-email?token=${encodeURIComponent(token)}`);
  return {
    to,
    essential: true,
    subject: 'Verify your email for Subscription Tracker',
    ...renderEmail({
      title: 'Verify your email address',
      paragraphs: [
        `Hi ${username},`,
        purpose === 'sign-up'
          ? 'Confirm this address to finish setting up your Subscription Tracker account and to receive renewal reminders.'
          : 'Confirm this address to make it the email of your Subscription Tracker account. Until you do, your account keeps its current address.',
        'This link expires in 24 hours and can be used once.',
      ],
      action: { label: 'Verify Email', url },
      footer: 'You received this e-mail because this address was used to sign up for Subscription Tracker. If that was not you, ignore it.',
    }),
  };
}

export function passwordResetEmail(to: string, username: string, token: string): Email {
  const url = publicUrl(`/reset-password?token=${encodeURIComponent(token)}`);
  return {
    to,
    essential: true,
    subject: 'Reset your Subscription Tracker password',
    ...renderEmail({
      title: 'Reset your password',
      paragraphs: [
        `Hi ${username},`,
        'Someone asked to reset the password of your Subscription Tracker account. Choose a new password with the button below.',
        'This link expires in 1 hour and can be used once. If you did not ask for it, ignore this e-mail: your password stays the same.',
      ],
      action: { label: 'Reset Password', url },
      footer: 'You received this e-mail because a password reset was requested for your account.',
    }),
  };
}

/** The link that confirms a sign-in after 20 wrong passwords for the account in an hour (issue 21). */
export function signInLinkEmail(to: string, username: string, token: string): Email {
  const url = publicUrl(`/confirm-sign-in?token=${encodeURIComponent(token)}`);
  return {
    to,
    essential: true,
    subject: 'Confirm your sign-in to Subscription Tracker',
    ...renderEmail({
      title: 'Confirm your sign-in',
      paragraphs: [
        `Hi ${username},`,
        'Someone has tried many wrong passwords for your account in the last hour, so a password alone does not sign in for now. If you just signed in with the right password, finish with the button below.',
        'This link expires in 15 minutes and can be used once. If you did not just sign in, ignore this e-mail and consider changing your password.',
      ],
      action: { label: 'Confirm Sign-In', url },
      footer: 'You received this e-mail because your password was entered correctly while your account was under a password attack.',
    }),
  };
}

/** What a security notice tells the account's verified address (issue 21: the old address hears of every change). */
export type SecurityNotice =
  | { kind: 'email-change-requested'; newAddress: string }
  | { kind: 'email-changed'; newAddress: string }
  | { kind: 'email-removed' }
  | { kind: 'password-changed' }
  | { kind: 'password-reset' }
  | { kind: 'two-factor-disabled' }
  | { kind: 'access-token-created'; name: string; scope: 'read' | 'write' }
  | { kind: 'passkey-added'; name: string }
  | { kind: 'passkey-removed'; name: string };

const NOT_YOU = 'If this was not you, reset your password now with "Forgot password" on the sign-in page, and contact support.';

function noticeText(notice: SecurityNotice): { subject: string; title: string; paragraphs: string[] } {
  switch (notice.kind) {
    case 'email-change-requested':
      return {
        subject: 'A new email address was requested for your account',
        title: 'New email address requested',
        paragraphs: [
          `Someone signed in to your account asked to change its email to ${notice.newAddress}.`,
          'Nothing changes unless that address is verified within 24 hours; until then this address stays the account’s address.',
          `${NOT_YOU} A new password cancels the change.`,
        ],
      };
    case 'email-changed':
      return {
        subject: 'Your account’s email address was changed',
        title: 'Email address changed',
        paragraphs: [
          `The email of your Subscription Tracker account is now ${notice.newAddress}. This address will get no more mail from us.`,
          NOT_YOU,
        ],
      };
    case 'email-removed':
      return {
        subject: 'The email address was removed from your account',
        title: 'Email address removed',
        paragraphs: ['This address was removed from your Subscription Tracker account and will get no more mail from us.', NOT_YOU],
      };
    case 'password-changed':
      return {
        subject: 'Your password was changed',
        title: 'Password changed',
        paragraphs: [
          'The password of your Subscription Tracker account was changed in Settings. Every other device was signed out.',
          NOT_YOU,
        ],
      };
    case 'password-reset':
      return {
        subject: 'Your password was reset',
        title: 'Password reset',
        paragraphs: [
          'The password of your Subscription Tracker account was reset with a link sent to this address. Every device was signed out.',
          NOT_YOU,
        ],
      };
    case 'access-token-created':
      return {
        subject: 'An access token was created for your account',
        title: 'Access token created',
        paragraphs: [
          `An access token named “${notice.name}” was created in Settings. Scripts and assistants that hold it can ${
            notice.scope === 'write' ? 'read and change' : 'read'
          } your subscriptions. Revoke it in Settings → Access tokens if you do not know it.`,
          NOT_YOU,
        ],
      };
    case 'passkey-added':
      return {
        subject: 'A passkey was added to your account',
        title: 'Passkey added',
        paragraphs: [
          `A passkey named “${notice.name}” was added in Settings: it signs in to your account without the password. Remove it in Settings → Passkeys if you do not know it.`,
          NOT_YOU,
        ],
      };
    case 'passkey-removed':
      return {
        subject: 'A passkey was removed from your account',
        title: 'Passkey removed',
        paragraphs: [`The passkey named “${notice.name}” was removed in Settings: it no longer signs in to your account.`, NOT_YOU],
      };
    case 'two-factor-disabled':
      return {
        subject: 'Two-factor authentication was turned off',
        title: 'Two-factor authentication turned off',
        paragraphs: ['Two-factor sign-in was turned off for your Subscription Tracker account: a password alone now signs in.', NOT_YOU],
      };
  }
}

export function securityNoticeEmail(to: string, username: string, notice: SecurityNotice): Email {
  const { subject, title, paragraphs } = noticeText(notice);
  return {
    to,
    // A notice of a change to the account goes out even to an address that bounced once: it is how the owner learns of a takeover.
    essential: true,
    subject,
    ...renderEmail({
      title,
      preview: paragraphs[0],
      paragraphs: [`Hi ${username},`, ...paragraphs],
      action: { label: 'Reset Password', url: publicUrl('/forgot-password') },
      footer: 'You received this security notice because it concerns your Subscription Tracker account. It cannot be turned off.',
    }),
  };
}
