import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../chassis/aws.js';
import type { Logger } from '../chassis/log.js';
import { tableName } from '../chassis/table.js';
import { sendEmail } from '../email/email.js';
import { mailToAddress, takeSlots } from '../throttles/throttle.js';
import { userKeys } from '../users/keys.js';
import { INVITE_EMAIL_PARTITION_PREFIX, INVITE_PARTITION_PREFIX, sharingKeys } from './keys.js';
import { type InvitationMailDetails, invitationEmail, signUpInvitationEmail } from './sharing-emails.js';
import type { InvitedCopyItem } from './sharing-store.js';

/**
 * An invitation's mail, queued by the request that opened it (issue 34 §2) and sent by the reminder
 * sender from the same queue (functions/reminders/sender.ts): the request does the same work whoever was
 * typed (one queued message, naming the invitation), so neither its answer nor its time tells whether the
 * username or address has an account. Who gets the mail is decided here, from the payer's copy of the
 * invitation: the account's address, the address typed, or nobody (an unknown username, or a repeat
 * invitation to someone who already shares the subscription or has an open invitation to it).
 * docs/decisions/0100-invitations-that-reveal-nothing.md.
 */
export interface InvitationMailMessage {
  type: 'invitation-mail';
  payerId: string;
  subscriptionId: string;
  invitationId: string;
  details: InvitationMailDetails;
}

export const isInvitationMailMessage = (message: unknown): message is InvitationMailMessage =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'invitation-mail';

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The message in a queue record's body when it is an invitation's mail (well formed), else null. */
export function parseInvitationMailMessage(body: string): InvitationMailMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (!isInvitationMailMessage(parsed)) return null;
  const { payerId, subscriptionId, invitationId, details } = parsed;
  const detailsOk =
    typeof details === 'object' &&
    details !== null &&
    isText(details.payerName) &&
    isText(details.subscriptionName) &&
    isText(details.share) &&
    isText(details.billingCycle);
  return isText(payerId) && isText(subscriptionId) && isText(invitationId) && detailsOk ? parsed : null;
}

/** Whom the invitation's mail goes to, and which mail: none when the payer's copy names no invitee (or is gone). */
async function recipientOf(message: InvitationMailMessage): Promise<{ to: string; account: boolean } | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: sharingKeys.invitedCopy(message.payerId, message.subscriptionId, message.invitationId),
      ConsistentRead: true,
    }),
  );
  const inviteeKey = (Item as InvitedCopyItem | undefined)?.inviteeKey;
  if (!inviteeKey) return undefined;
  if (inviteeKey.pk.startsWith(INVITE_EMAIL_PARTITION_PREFIX)) {
    return { to: inviteeKey.pk.slice(INVITE_EMAIL_PARTITION_PREFIX.length), account: false };
  }
  if (!inviteeKey.pk.startsWith(INVITE_PARTITION_PREFIX)) return undefined;
  const { Item: user } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: userKeys.user(inviteeKey.pk.slice(INVITE_PARTITION_PREFIX.length)) }),
  );
  const email = (user as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email ? { to: email, account: true } : undefined;
}

/**
 * Sends one queued invitation mail if there is someone to send it to and their address's throttle allows
 * it: 'sent', 'skipped' (nobody to mail, or the throttle refused), 'failed' (refused for good) or 'retry'
 * (a passing failure: the queue delivers it again).
 */
export async function sendInvitationMail(
  message: InvitationMailMessage,
  log: Logger,
  isPermanent: (error: unknown) => boolean,
): Promise<'sent' | 'skipped' | 'failed' | 'retry'> {
  const recipient = await recipientOf(message);
  if (!recipient) return 'skipped';
  const slots = await takeSlots(mailToAddress(recipient.to));
  if (!slots.taken) {
    log.info('invitation mail throttled', { invitationId: message.invitationId, rules: slots.refusedBy.map((rule) => rule.scope) });
    return 'skipped';
  }
  try {
    await sendEmail(
      recipient.account ? invitationEmail(recipient.to, message.details) : signUpInvitationEmail(recipient.to, message.details),
    );
    return 'sent';
  } catch (error) {
    const permanent = isPermanent(error);
    log.warn('invitation mail not sent', {
      invitationId: message.invitationId,
      permanent,
      error: error instanceof Error ? error.name : String(error),
    });
    if (permanent) return 'failed';
    await slots.giveBack();
    return 'retry';
  }
}
