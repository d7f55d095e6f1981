import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { channelThumbnail } from '../../shared/domain/logos/logo.js';
import { channelRetryDelay } from '../../shared/domain/reminders/channels.js';
import { REMINDER_KINDS, type ReminderKind } from '../../shared/domain/reminders/events.js';
import { channelsInForce } from '../../shared/domain/reminders/rule-channels.js';
import { EMAIL_CHANNEL, offsetHours } from '../../shared/domain/reminders/rules.js';
import { publicUrl } from '../lib/chassis/config.js';
import { withInvocation } from '../lib/chassis/invocation.js';
import { createLogger } from '../lib/chassis/log.js';
import { nowIso } from '../lib/chassis/table.js';
import { sendEmail } from '../lib/email/email.js';
import { currentRates } from '../lib/rates/stored-rates.js';
import { findChannel, listChannels, type StoredChannel } from '../lib/reminders/channels/channels.js';
import { deliveryIdOf, sendToChannel } from '../lib/reminders/channels/senders.js';
import { recordDelivery } from '../lib/reminders/deliveries.js';
import { reminderEmail, unsubscribeToken } from '../lib/reminders/reminder-email.js';
import { parseInvitationMailMessage, sendInvitationMail } from '../lib/sharing/invitation-mail.js';
import { getSubscription } from '../lib/subscriptions/subscriptions.js';
import { channelMarkerKey, claim, type MarkerKey, type MarkerStatus, markerKey, memberMarkerKey, release, settle } from './claims.js';
import { eventDateOf, parseReminderMessage, type ReminderMessage } from './message.js';
import { reminderQueue } from './queue.js';

/**
 * The reminder sender (issue 11 §1): consumes the reminder queue, ten messages a batch. For each, in turn:
 * wait for its turn (this function's share of the SES send rate), claim the reminder's marker, send,
 * settle the marker. A permanent refusal marks that one reminder failed and the batch goes on; a
 * passing failure releases the claim and hands the message back (a batch item failure), so SQS
 * delivers it again after the visibility timeout and dead-letters it after maxReceiveCount.
 */
export type SendOutcome =
  /** Sent and marked sent. */
  | 'sent'
  /** Refused for good (a rejected or suppressed address, a malformed message): marked failed, not retried. */
  | 'failed'
  /** Its marker says sent already (a duplicate message, or a redelivery after the send). */
  | 'alreadySent'
  /** Its marker says failed already. */
  | 'alreadyFailed'
  /** Another sender holds a live claim on it: handed back, to be looked at again after the visibility timeout. */
  | 'busy'
  /** A passing failure (throttling, a 5xx, the network): handed back for a retry. */
  | 'retry'
  /** A channel's passing failure: its next attempt is on the queue, delayed by the backoff (issue 25 §2). */
  | 'rescheduled'
  /** A channel's delivery whose channel was deleted or turned off meanwhile: nothing sent. */
  | 'skipped'
  /** A rule without the e-mail (issue 25 §1): its channels' deliveries are on the queue. */
  | 'dispatched';

/** Outcomes that hand the message back to the queue. */
export const RETRIED: ReadonlySet<SendOutcome> = new Set(['busy', 'retry']);

/** Errors no retry can fix. `EmailSuppressedError` and `UndeliverableAddressError` are functions/lib/email/email.ts's, matched by name. */
const PERMANENT_ERRORS = new Set(['MessageRejected', 'EmailSuppressedError', 'UndeliverableAddressError', 'InvalidParameterValue']);

export const isPermanentSendError = (error: unknown) => error instanceof Error && PERMANENT_ERRORS.has(error.name);

/**
 * A claim older than this was left by a sender that died: longer than the sender function's timeout
 * (the stack sets both, infra/reminders.ts), shorter than the queue's visibility timeout.
 */
const claimTimeoutSeconds = () => Number(process.env.REMINDER_CLAIM_TIMEOUT_SECONDS ?? 120);

/** This function's share of the SES account's send rate, e-mails a second; 0 means no pacing (the local stack). */
const sendRate = () => Number(process.env.SES_SEND_RATE_PER_SENDER ?? 0);

let nextSendAt = 0;
/** Spaces this instance's sends to at most `sendRate()` a second, across the batches it runs. */
async function pace() {
  const rate = sendRate();
  if (!(rate > 0)) return;
  const now = Date.now();
  const at = Math.max(now, nextSendAt);
  nextSendAt = at + 1000 / rate;
  if (at > now) await new Promise((r) => setTimeout(r, at - now));
}

const log = () => createLogger({ function: 'reminder-sender' });

/** Days from the reminder to its event (a trial's hours as a fraction of a day). */
const daysBeforeOf = (message: ReminderMessage) => offsetHours(message.rule) / 24;

/** SPEC's reminder a rule of days is ('1day' says 'Final reminder'), if any. */
const kindOf = (message: ReminderMessage): ReminderKind | undefined =>
  message.rule.unit === 'days' ? REMINDER_KINDS.find((k) => k.daysBefore === message.rule.offset)?.kind : undefined;

/** How the e-mail and the channels say the reminder: its event, lead time and SPEC's kind. */
const reminderWords = (message: ReminderMessage) => ({
  event: message.event,
  daysBefore: daysBeforeOf(message),
  kind: kindOf(message),
  leadTime: { offset: message.rule.offset, unit: message.rule.unit },
});

/** What the deliveries log says of a reminder (issue 25 §2). */
const loggedReminder = (message: ReminderMessage) => ({
  subscriptionId: message.subscription.id,
  subscriptionName: message.subscription.name,
  event: message.event,
  daysBefore: daysBeforeOf(message),
});

/**
 * The reminder's marker: one per subscription, event date and rule (issue 25 §1); a member's copy of a
 * shared subscription's reminder (issue 26) has its own beside it, one per member.
 */
function reminderMarker(message: ReminderMessage): MarkerKey {
  const key = markerKey(message.subscription.id, eventDateOf(message), message.rule);
  return message.subscription.share?.payerName ? memberMarkerKey(key, message.recipient.userId) : key;
}

const claimRefusal = (status: MarkerStatus): SendOutcome =>
  status === 'sent' ? 'alreadySent' : status === 'failed' ? 'alreadyFailed' : 'busy';

/**
 * Where a reminder goes (issue 25 §1, §2): SPEC's reminders (source 'default') to the e-mail and every
 * enabled channel (decision 0090); a rule of the user's to its channels in force (a channel deleted since
 * drops out, and a rule left with none goes by e-mail: shared/domain/reminders/rule-channels.ts), those that
 * are on. The user's channels are read once per reminder (one Query), for the paid tiers only.
 */
async function routeOf(message: ReminderMessage): Promise<{ email: boolean; channels: StoredChannel[] }> {
  const { rule, recipient } = message;
  const isDefault = rule.source === 'default';
  const namesChannels = rule.channels.some((id) => id !== EMAIL_CHANNEL);
  if (!recipient.channels || (!isDefault && !namesChannels))
    return { email: isDefault || rule.channels.includes(EMAIL_CHANNEL), channels: [] };
  const all = await listChannels(recipient.userId);
  if (isDefault) return { email: true, channels: all.filter((channel) => channel.enabled) };
  const inForce = channelsInForce(rule.channels, new Set(all.map((channel) => channel.id)));
  return { email: inForce.includes(EMAIL_CHANNEL), channels: all.filter((channel) => channel.enabled && inForce.includes(channel.id)) };
}

/**
 * One delivery per channel of the reminder, on the same queue (issue 25 §2), put there when its e-mail is
 * claimed (or, for a rule without the e-mail, when its message comes); a redelivered reminder enqueues them
 * again, and their markers keep each to one send.
 */
async function enqueueChannelDeliveries(message: ReminderMessage, channels: StoredChannel[]): Promise<void> {
  if (channels.length === 0) return;
  await reminderQueue().enqueue(channels.map((channel) => ({ ...message, channel: { id: channel.id, attempt: 1 } })));
}

/** The channels whose messages show an image: Discord's embed thumbnail, Slack's accessory. */
const THUMBNAIL_CHANNELS: ReadonlySet<string> = new Set(['discord', 'slack']);

/** The subscription's logo as a thumbnail on our origin (issue 36 §5), as it is now; undefined for none. */
async function thumbnailOf(userId: string, subscriptionId: string): Promise<string | undefined> {
  const item = await getSubscription(userId, subscriptionId);
  const path = item && channelThumbnail(item);
  return path ? publicUrl(path) : undefined;
}

/**
 * A channel's delivery of a reminder: claimed under its own marker, sent by its type's sender. A passing
 * failure puts the next attempt on the queue after the backoff (1, 5, 15 minutes) until the last attempt,
 * then fails it; a permanent one fails at once. Every outcome goes to the deliveries log.
 */
async function sendToChannelOnce(message: ReminderMessage, delivery: { id: string; attempt: number }): Promise<SendOutcome> {
  const { subscription, recipient } = message;
  const channel = await findChannel(recipient.userId, delivery.id);
  if (!channel?.enabled) return 'skipped';
  const date = eventDateOf(message);
  const key = channelMarkerKey(reminderMarker(message), channel.id);
  const claimed = await claim(key, date, claimTimeoutSeconds());
  if (!claimed.claimed) return claimRefusal(claimed.status);
  const thumbnail = THUMBNAIL_CHANNELS.has(channel.type) ? await thumbnailOf(recipient.userId, subscription.id) : undefined;
  const answer = await sendToChannel(channel, {
    ...reminderWords(message),
    subscription,
    recipient,
    rates: await currentRates(),
    sentAt: nowIso(),
    deliveryId: deliveryIdOf(key),
    ...(thumbnail ? { thumbnail } : {}),
  });
  const logged = { ...loggedReminder(message), channel: { type: channel.type, name: channel.name }, attempt: delivery.attempt };
  const fields = {
    subscriptionId: subscription.id,
    channelId: channel.id,
    type: channel.type,
    attempt: delivery.attempt,
    status: answer.status,
  };
  if (answer.ok) {
    const settled = await settle(key, claimed.claimId, { status: 'sent' }).catch(() => false);
    if (!settled) log().error('channel delivery sent, but its marker could not be settled', fields);
    await recordDelivery(recipient.userId, { ...logged, status: 'sent', error: null });
    return 'sent';
  }
  const delay = answer.permanent ? null : channelRetryDelay(delivery.attempt);
  if (delay === null) {
    const error = answer.permanent ? answer.error : `${answer.error} (gave up after ${delivery.attempt} attempts)`;
    await settle(key, claimed.claimId, { status: 'failed', reason: answer.error ?? 'failed' });
    await recordDelivery(recipient.userId, { ...logged, status: 'failed', error });
    log().warn('channel delivery failed', { ...fields, error: answer.error });
    return 'failed';
  }
  await release(key, claimed.claimId);
  await reminderQueue().enqueue([{ ...message, channel: { id: channel.id, attempt: delivery.attempt + 1 } }], { delaySeconds: delay });
  await recordDelivery(recipient.userId, { ...logged, status: 'retrying', error: answer.error });
  log().warn('channel delivery failed, retried later', { ...fields, error: answer.error, delaySeconds: delay });
  return 'rescheduled';
}

async function sendOne(message: ReminderMessage, receiveCount: number): Promise<SendOutcome> {
  if (message.channel) return sendToChannelOnce(message, message.channel);
  const route = await routeOf(message);
  if (!route.email) {
    await enqueueChannelDeliveries(message, route.channels);
    return 'dispatched';
  }
  await pace();
  const { subscription, recipient } = message;
  const date = eventDateOf(message);
  const key = reminderMarker(message);
  const claimed = await claim(key, date, claimTimeoutSeconds());
  if (!claimed.claimed) return claimRefusal(claimed.status);
  const logged = { ...loggedReminder(message), channel: { type: 'email' as const, name: recipient.email }, attempt: receiveCount };
  try {
    await enqueueChannelDeliveries(message, route.channels);
  } catch (error) {
    await release(key, claimed.claimId);
    throw error;
  }
  try {
    await sendEmail(
      reminderEmail({
        to: recipient.email,
        displayName: recipient.displayName,
        currency: recipient.currency,
        subscription,
        ...reminderWords(message),
        rulesSource: message.rule.source,
        // A price billed in another currency is shown in the display one at the newest stored rates (issue 24 §1).
        rates: await currentRates(),
        unsubscribeToken: await unsubscribeToken(recipient.userId),
      }),
    );
  } catch (error) {
    const fields = { subscriptionId: subscription.id, rule: message.rule, error: String(error), name: (error as Error).name };
    if (isPermanentSendError(error)) {
      await settle(key, claimed.claimId, { status: 'failed', reason: (error as Error).name });
      await recordDelivery(recipient.userId, { ...logged, status: 'failed', error: (error as Error).name });
      log().warn('reminder refused for good', fields);
      return 'failed';
    }
    await release(key, claimed.claimId);
    await recordDelivery(recipient.userId, { ...logged, status: 'retrying', error: (error as Error).name });
    log().warn('reminder send failed, to be retried', fields);
    return 'retry';
  }
  // SES took it. A crash from here to the marker's update leaves a claim that a redelivery takes over
  // after the claim timeout and sends again: the one window where a reminder may go out twice
  // (docs/decisions/0028-reminder-fan-out.md).
  // A marker that cannot be settled is logged, never retried: a retry would send the e-mail again.
  const settled = await settle(key, claimed.claimId, { status: 'sent' }).catch(() => false);
  if (!settled) log().error('reminder sent, but its marker could not be settled', { subscriptionId: subscription.id, rule: message.rule });
  await recordDelivery(recipient.userId, { ...logged, status: 'sent', error: null });
  return 'sent';
}

/** An invitation's mail on the queue (issue 34 §2): sent once, to whoever the invitation names by then. */
async function invitationOutcome(body: string): Promise<SendOutcome | undefined> {
  const invitation = parseInvitationMailMessage(body);
  if (!invitation) return undefined;
  try {
    return await sendInvitationMail(invitation, log(), isPermanentSendError);
  } catch (error) {
    log().warn('invitation mail not sent, to be retried', { invitationId: invitation.invitationId, error: String(error) });
    return 'retry';
  }
}

async function outcomeOf(record: SQSRecord): Promise<SendOutcome> {
  const invitation = await invitationOutcome(record.body);
  if (invitation) return invitation;
  const message = parseReminderMessage(record.body);
  if (!message) {
    log().error('not a reminder message: dropped', { messageId: record.messageId });
    return 'failed';
  }
  try {
    return await sendOne(message, Number(record.attributes?.ApproximateReceiveCount ?? 1) || 1);
  } catch (error) {
    // DynamoDB could not claim or settle: nothing was sent that is not marked, so the message is retried.
    log().warn('reminder not sent, to be retried', { subscriptionId: message.subscription.id, error: String(error) });
    return 'retry';
  }
}

/**
 * Each record's outcome, by message id; the records to hand back are those RETRIED holds. One at a
 * time: the send rate is paced anyway, and a sender that dies mid-batch then has at most one send
 * between SES and its marker.
 */
export async function sendReminders(event: SQSEvent): Promise<Map<string, SendOutcome>> {
  const outcomes = new Map<string, SendOutcome>();
  for (const record of event.Records) outcomes.set(record.messageId, await outcomeOf(record));
  return outcomes;
}

/** The partial batch response for the outcomes: the records to hand back. */
export function batchResponse(outcomes: Map<string, SendOutcome>): SQSBatchResponse {
  return {
    batchItemFailures: [...outcomes].filter(([, outcome]) => RETRIED.has(outcome)).map(([itemIdentifier]) => ({ itemIdentifier })),
  };
}

/** The SQS event source's handler: partial batch responses (ReportBatchItemFailures). */
async function sendBatch(event: SQSEvent): Promise<SQSBatchResponse> {
  const outcomes = await sendReminders(event);
  const counts: Partial<Record<SendOutcome, number>> = {};
  for (const outcome of outcomes.values()) counts[outcome] = (counts[outcome] ?? 0) + 1;
  log().info('reminder batch', { records: event.Records.length, ...counts });
  return batchResponse(outcomes);
}

/** The Lambda handler: its log lines carry the invocation's request id and trace id. */
export const handler = withInvocation(sendBatch);
