import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { contactRoutes, contactMessages as messages } from '../../shared/api/contact.js';
import { dynamo } from '../lib/chassis/aws.js';
import { supportEmail } from '../lib/chassis/config.js';
import { HttpError, tooManyRequests } from '../lib/chassis/errors.js';
import { createApiHandler } from '../lib/chassis/http.js';
import { epochSeconds, nowIso, tableName } from '../lib/chassis/table.js';
import { sendEmail } from '../lib/email/email.js';
import { renderEmail } from '../lib/email/email-layout.js';
import { recipientKey, takeSlot } from '../lib/throttles/throttle.js';
import { contactKeys } from './keys.js';
import { CONTACT_BY_ADDRESS, CONTACT_BY_EMAIL, CONTACT_MESSAGE_DAYS } from './rules.js';

// Checked at cold start: a contact function without a support address fails before any request.
const SUPPORT_EMAIL = supportEmail();

/**
 * The contact area (SPEC §2 'Contact', §7 POST /contact): the chassis validates the body; the
 * message is throttled per sender address (case and `+tag` folded, like every mail limit) and per client address, kept, and forwarded to the
 * support address with the sender as Reply-To. Every user-written text is escaped by renderEmail.
 */
export const handler = createApiHandler(contactRoutes, {
  contactDetails: async () => ({ supportEmail: SUPPORT_EMAIL }),

  sendContactMessage: async ({ body, clientAddress, requestId, log }) => {
    const [byEmail, byAddress] = await Promise.all([
      takeSlot(CONTACT_BY_EMAIL, recipientKey(body.email)),
      takeSlot(CONTACT_BY_ADDRESS, clientAddress),
    ]);
    const refused = [byEmail, byAddress].filter((slot) => !slot.taken);
    if (refused.length > 0) {
      const retryAfterSeconds = Math.max(...refused.map((slot) => Math.max(1, slot.window.endsAt - epochSeconds())));
      log.info('contact message throttled', { retryAfterSeconds });
      throw tooManyRequests(messages.tooMany, retryAfterSeconds);
    }

    const id = crypto.randomUUID();
    const receivedAt = nowIso();
    const key = contactKeys.contactMessage(id);
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...key,
          id,
          name: body.name,
          email: body.email,
          message: body.message,
          receivedAt,
          expiresAt: epochSeconds() + CONTACT_MESSAGE_DAYS * 24 * 60 * 60,
        },
      }),
    );
    try {
      await sendEmail({
        to: SUPPORT_EMAIL,
        replyTo: body.email,
        subject: `Contact message from ${body.name}`,
        ...renderEmail({
          title: 'New contact message',
          preview: body.message.slice(0, 120),
          paragraphs: body.message
            .split(/\r?\n\s*\r?\n/)
            .map((paragraph) => paragraph.trim())
            .filter(Boolean),
          details: [
            ['Name', body.name],
            ['Email', body.email],
            ['Received', receivedAt],
            ['Reference', id],
          ],
          footer: 'Sent with the contact form of Subscription Tracker. Reply to this e-mail to answer the sender.',
        }),
      });
    } catch (error) {
      // Not forwarded: nothing is kept, and the sender is told to try again.
      log.error('contact message not forwarded', { requestId, error: String(error) });
      await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: key }));
      throw new HttpError(503, messages.failed);
    }
    log.info('contact message forwarded', { contactMessageId: id });
    return { message: messages.sent };
  },
});
