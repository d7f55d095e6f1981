import type { SNSEvent } from 'aws-lambda';
import { config } from '../lib/chassis/config.js';
import { withInvocation } from '../lib/chassis/invocation.js';
import { createLogger } from '../lib/chassis/log.js';
import { type SuppressionReason, suppressEmail } from '../lib/email/email-suppression.js';

/**
 * The e-mail feedback function: SES publishes the configuration set's bounce and complaint events to
 * an SNS topic, which invokes this. A permanent bounce or a complaint stops optional mail to the
 * address and tells its owner in Settings (functions/lib/email/email-suppression.ts); a transient or
 * undetermined bounce changes nothing (SES retried it already, the next mail may well arrive).
 * The local stack delivers the same SNS events at `POST /_local/ses-notifications`.
 */
config();

/** The fields read from an SES event (event publishing: `eventType`; identity notifications: `notificationType`). */
interface SesFeedback {
  eventType?: string;
  notificationType?: string;
  bounce?: { bounceType?: string; bounceSubType?: string; bouncedRecipients?: Array<{ emailAddress?: string }> };
  complaint?: { complaintFeedbackType?: string; complainedRecipients?: Array<{ emailAddress?: string }> };
}

/** The addresses an SES event says to stop mailing, with why; none for anything else. */
export function suppressionsIn(feedback: SesFeedback): Array<{ address: string; reason: SuppressionReason; detail: string }> {
  const type = feedback.eventType ?? feedback.notificationType;
  const addresses = (recipients: Array<{ emailAddress?: string }> | undefined) =>
    (recipients ?? [])
      .map((recipient) => recipient.emailAddress?.match(/<([^>]+)>/)?.[1] ?? recipient.emailAddress ?? '')
      .map((address) => address.trim())
      .filter((address) => address.includes('@'));
  if (type === 'Bounce' && feedback.bounce?.bounceType === 'Permanent') {
    const detail = `Permanent/${feedback.bounce.bounceSubType ?? 'General'}`;
    return addresses(feedback.bounce.bouncedRecipients).map((address) => ({ address, reason: 'bounce', detail }));
  }
  if (type === 'Complaint') {
    const detail = feedback.complaint?.complaintFeedbackType ?? 'complaint';
    return addresses(feedback.complaint?.complainedRecipients).map((address) => ({ address, reason: 'complaint', detail }));
  }
  return [];
}

async function handleFeedback(event: SNSEvent): Promise<{ suppressed: number; ignored: number }> {
  const log = createLogger({ function: 'email-feedback' });
  let suppressed = 0;
  let ignored = 0;
  for (const record of event.Records ?? []) {
    let feedback: SesFeedback;
    try {
      feedback = JSON.parse(record.Sns?.Message ?? '') as SesFeedback;
    } catch {
      // Not retried: it would fail the same way every time.
      log.warn('e-mail feedback that is not JSON', { messageId: record.Sns?.MessageId });
      ignored++;
      continue;
    }
    const suppressions = suppressionsIn(feedback ?? {});
    if (suppressions.length === 0) ignored++;
    for (const { address, reason, detail } of suppressions) {
      const { userId } = await suppressEmail(address, reason, detail);
      // The address itself is personal data: the log names the user, if any.
      log.info('e-mail address suppressed', { reason, detail, userId });
      suppressed++;
    }
  }
  return { suppressed, ignored };
}

/** The Lambda handler: its log lines carry the invocation's request id and trace id. */
export const handler = withInvocation(handleFeedback);
