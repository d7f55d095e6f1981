import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { environmentCredentials } from '../lib/chassis/credentials.js';
import { retryLeftovers } from '../lib/chassis/retry.js';
import type { InvitationMailMessage } from '../lib/sharing/invitation-mail.js';
import type { ReminderMessage } from './message.js';

/** What the queue carries: the planner's reminders and their channel deliveries, and invitations' mails (issue 34 §2). */
export type QueueMessage = ReminderMessage | InvitationMailMessage;

/**
 * Where the planner puts the reminders it plans. Two implementations behind one port, like the
 * membership schedules: the SQS queue of the cloud (REMINDER_QUEUE_URL) and the local stack's
 * in-process queue (local/reminder-queue.ts), installed with {@link installReminderQueue} and
 * selected with REMINDER_QUEUE=in-process. Both take the same message bodies and give the sender
 * the same SQS event.
 */
export interface ReminderQueue {
  /**
   * Puts the messages on the queue; resolves once every one is accepted, or throws. `delaySeconds`
   * (at most 900, SQS's DelaySeconds) keeps them invisible that long: a channel's retry (issue 25 §2).
   */
  enqueue(messages: QueueMessage[], options?: { delaySeconds?: number }): Promise<void>;
}

/** SendMessageBatch's limit. */
export const MESSAGES_PER_BATCH = 10;
/** SendMessageBatch calls in flight at once. */
const BATCHES_AT_ONCE = 10;

let installed: ReminderQueue | undefined;

/** The local stack's in-process queue (used when REMINDER_QUEUE=in-process). */
export function installReminderQueue(queue: ReminderQueue): void {
  installed = queue;
}

/** SQS: batches of 10, the entries SQS did not take sent again (the retry helper's 'queue' kind), then an error. */
export function sqsReminderQueue(queueUrl: string, client: SQSClient): ReminderQueue {
  const sendBatch = async (batch: QueueMessage[], delaySeconds: number | undefined) => {
    const entries = batch.map((message, i) => ({
      Id: String(i),
      MessageBody: JSON.stringify(message),
      ...(delaySeconds ? { DelaySeconds: delaySeconds } : {}),
    }));
    await retryLeftovers('queue', 'SendMessageBatch of reminder messages', entries, async (pending) => {
      const answer = await client.send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: pending }));
      const failed = new Set((answer.Failed ?? []).map((f) => f.Id));
      return pending.filter((entry) => failed.has(entry.Id));
    });
  };
  return {
    async enqueue(messages, options) {
      const batches: QueueMessage[][] = [];
      for (let i = 0; i < messages.length; i += MESSAGES_PER_BATCH) batches.push(messages.slice(i, i + MESSAGES_PER_BATCH));
      for (let i = 0; i < batches.length; i += BATCHES_AT_ONCE)
        await Promise.all(batches.slice(i, i + BATCHES_AT_ONCE).map((batch) => sendBatch(batch, options?.delaySeconds)));
    },
  };
}

let client: SQSClient | undefined;

/** The reminder queue of this environment. */
export function reminderQueue(): ReminderQueue {
  if (process.env.REMINDER_QUEUE === 'in-process') {
    if (!installed) throw new Error('REMINDER_QUEUE=in-process, but the local stack installed no queue');
    return installed;
  }
  const url = process.env.REMINDER_QUEUE_URL;
  if (!url) throw new Error('Invalid function configuration: REMINDER_QUEUE_URL: must be set');
  client ??= new SQSClient({ credentials: environmentCredentials, maxAttempts: 3 });
  return sqsReminderQueue(url, client);
}
