import { SendRawEmailCommand } from '@aws-sdk/client-ses';
import { isMailableAddress } from '../../../shared/domain/email-address.js';
import { emailMessages } from '../../../shared/domain/username.js';
import { sesClient } from '../chassis/aws.js';
import { config } from '../chassis/config.js';
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
