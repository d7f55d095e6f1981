import { SendRawEmailCommand } from '@aws-sdk/client-ses';
import { isMailableAddress } from '../../../shared/domain/email-address.js';
import { emailMessages } from '../../../shared/domain/username.js';
import { sesClient } from '../chassis/aws.js';
import { config, publicUrl } from '../chassis/config.js';
import { HttpError } from '../chassis/errors.js';
import { isSuppressed } from './email-suppression.js';
import { mimeMessage } from './mime.js';

/** An e-mail with an HTML and a text part (SES v1 everywhere, DESIGN §1). */
export interface Email {
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * Mail the person has just asked for (verification and password-reset links): sent even to an
   * address that bounced or complained, since it is how they get back in. Every other mail is
   * refused for such an address (EmailSuppressedError).
   */
  essential?: boolean;
  /** One-click unsubscribe URL (RFC 8058): sent as List-Unsubscribe with List-Unsubscribe-Post. */
  listUnsubscribeUrl?: string;
  /** Where replies go when not to the sender (a contact message: the person who wrote it). */
  replyTo?: string;
}

/** The recipient's address bounced permanently or complained (functions/email-feedback): a permanent failure, not worth a retry. */
export class EmailSuppressedError extends Error {
  override readonly name = 'EmailSuppressedError';
  constructor(readonly address: string) {
    super('E-mail to this address is suppressed after a permanent bounce or a complaint');
  }
}

/**
 * An address the mailer cannot send to (shared/domain/email-address.ts): every body is validated by
 * that rule, so only an address stored before it meets this. A 400 with a message that says to
 * change it on an API route; a permanent failure, not worth a retry, for the reminder sender.
 */
export class UndeliverableAddressError extends HttpError {
  constructor(readonly address: string) {
    super(400, emailMessages.undeliverable);
    this.name = 'UndeliverableAddressError';
  }
}

/**
 * Refuses an address the mailer cannot send to. Routes that mail a stored address call it before
 * they write anything (a token, a throttle slot); `sendEmail` asserts it for every recipient.
 */
export function requireMailableAddress(address: string): void {
  if (!isMailableAddress(address)) throw new UndeliverableAddressError(address);
}

/**
 * Sends one e-mail with SendRawEmail (the SES v1 call that takes our own headers) under the
 * configuration set, whose bounce and complaint events stop later mail to the address.
 */
export async function sendEmail(email: Email): Promise<void> {
  requireMailableAddress(email.to);
  if (email.replyTo) requireMailableAddress(email.replyTo);
  if (!email.essential && (await isSuppressed(email.to))) throw new EmailSuppressedError(email.to);
  const { SENDER_EMAIL, SES_CONFIGURATION_SET } = config();
  const raw = mimeMessage({
    from: `Subscription Tracker <${SENDER_EMAIL}>`,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    headers: {
      ...(email.replyTo ? { 'Reply-To': email.replyTo } : {}),
      ...(email.listUnsubscribeUrl
        ? { 'List-Unsubscribe': `<${email.listUnsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
        : {}),
    },
  });
  await sesClient().send(
    new SendRawEmailCommand({
      Source: SENDER_EMAIL,
      Destinations: [email.to],
      RawMessage: { Data: new TextEncoder().encode(raw) },
      ConfigurationSetName: SES_CONFIGURATION_SET,
    }),
  );
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

export interface EmailLayout {
  title: string;
  /** The line an inbox shows next to the subject; hidden in the message itself. */
  preview?: string;
  /** Paragraphs of plain text; escaped for HTML. */
  paragraphs: string[];
  /** Label/value rows shown as a small table after the paragraphs. */
  details?: Array<[string, string]>;
  action?: { label: string; url: string };
  footer: string;
  /** Links under the footer text, such as where to change the settings that caused the e-mail. */
  footerLinks?: Array<{ label: string; url: string }>;
}

/** The product's e-mail layout: a card with a title, paragraphs, one button and a footer. */
export function renderEmail(layout: EmailLayout): { html: string; text: string } {
  const p = (t: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#334155">${escapeHtml(t)}</p>`;
  const button = layout.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(layout.action.url)}" style="display:inline-block;background:#0891b2;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:8px;font-size:15px">${escapeHtml(layout.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#64748b">If the button does not work, paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(layout.action.url)}</span></p>`
    : '';
  const details = layout.details?.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 8px;border:1px solid #e2e8f0;border-radius:8px;border-collapse:separate">
${layout.details
  .map(
    ([label, value]) =>
      `<tr><td style="padding:10px 14px;font-size:13px;color:#64748b;border-bottom:1px solid #f1f5f9;width:40%">${escapeHtml(label)}</td><td style="padding:10px 14px;font-size:15px;color:#0f172a;font-weight:600;border-bottom:1px solid #f1f5f9">${escapeHtml(value)}</td></tr>`,
  )
  .join('\n')}
</table>`
    : '';
  const link = (label: string, url: string) => `<a href="${escapeHtml(url)}" style="color:#0e7490">${escapeHtml(label)}</a>`;
  const footerLinks = [
    ...(layout.footerLinks ?? []).map(({ label, url }) => link(label, url)),
    link('Subscription Tracker', publicUrl('/')),
  ].join(' &middot; ');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(layout.title)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
${layout.preview ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(layout.preview)}</div>\n` : ''}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden;border:1px solid #e2e8f0">
<tr><td style="background:#0f172a;padding:20px 28px;color:#ffffff;font-size:18px;font-weight:700">Subscription Tracker</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#0f172a">${escapeHtml(layout.title)}</h1>
${layout.paragraphs.map(p).join('\n')}
${details}
${button}
</td></tr>
<tr><td style="padding:16px 28px;background:#f8fafc;border-top:1px solid #e2e8f0;font-size:12px;line-height:1.5;color:#64748b">${escapeHtml(layout.footer)}<br>${footerLinks}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    layout.title,
    '',
    ...layout.paragraphs.flatMap((t) => [t, '']),
    ...(layout.details?.length ? [...layout.details.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ''] : []),
    '--',
    layout.footer,
    ...(layout.footerLinks ?? []).map(({ label, url }) => `${label}: ${url}`),
    `Subscription Tracker: ${publicUrl('/')}`,
  ].join('\n');
  return { html, text };
}

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
  | { kind: 'two-factor-disabled' };

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
