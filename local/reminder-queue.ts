import { randomUUID } from 'node:crypto';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { QueueMessage, ReminderQueue } from '../functions/reminders/queue.js';
import type { SendOutcome } from '../functions/reminders/sender.js';

/**
 * The reminder queue of the local stack, in this process (DESIGN §1.3; issue 11 §1): what SQS and the
 * sender's event source mapping do in the cloud, with the same semantics and no emulator.
 * - The planner's messages are delivered to the sender in batches of up to ten, as SQS events, by at
 *   most `concurrency` deliveries at once.
 * - A message the sender names in `batchItemFailures` stays on the queue, invisible for the
 *   visibility timeout, then is delivered again; so is every message of a batch whose sender threw
 *   (a crash: Lambda reports nothing, SQS redelivers the whole batch).
 * - A message received `maxReceiveCount` times and handed back again goes to the dead-letter list.
 * Nothing is kept across restarts.
 */
export interface QueueSettings {
  visibilityTimeoutMs: number;
  maxReceiveCount: number;
  /** Deliveries at once (the event source's maximumConcurrency). */
  concurrency: number;
  /**
   * Milliseconds a message enqueued with `delaySeconds` waits per second of delay: 1000 is SQS's
   * DelaySeconds; the local stack's is much less, so that a channel's retries after 1, 5 and 15 minutes
   * (issue 25 §2) happen within seconds (LOCAL_REMINDER_QUEUE, local/functions.ts).
   */
  delayMsPerSecond: number;
}

/** The sender's answer for a batch: the partial batch response, and each record's outcome when it says. */
export type ReminderConsumer = (event: SQSEvent) => Promise<SQSBatchResponse & { outcomes?: Map<string, SendOutcome> }>;

export interface DeadLetter {
  messageId: string;
  body: string;
  receiveCount: number;
}

/**
 * What became of one run date's messages: the sender's final outcomes, the retries (a hand-back, or a
 * channel's next attempt put on the queue with a delay) and the dead letters.
 */
export type DeliveryCounts = Record<'sent' | 'failed' | 'alreadySent' | 'alreadyFailed' | 'retried' | 'deadLettered', number>;

export interface InProcessReminderQueue extends ReminderQueue {
  /** Messages on the queue: waiting, being delivered, or invisible after a failed delivery. */
  depth(): number;
  deadLetters(): DeadLetter[];
  /** The counts so far of the messages of a run date. */
  counts(date: string): DeliveryCounts;
  /** Resolves once the queue is empty and no delivery is running. */
  drained(): Promise<void>;
  /** Stops delivering (the stack stops). */
  stop(): void;
}

interface Message {
  messageId: string;
  body: string;
  date: string;
  receiveCount: number;
  sentAt: number;
}

export const zeroDeliveryCounts = (): DeliveryCounts => ({
  sent: 0,
  failed: 0,
  alreadySent: 0,
  alreadyFailed: 0,
  retried: 0,
  deadLettered: 0,
});

export function inProcessReminderQueue(consume: ReminderConsumer, settings: QueueSettings): InProcessReminderQueue {
  const visible: Message[] = [];
  const invisible = new Map<string, NodeJS.Timeout>();
  /** Messages enqueued with a delay, not yet visible. */
  const delayed = new Set<NodeJS.Timeout>();
  const dead: DeadLetter[] = [];
  const tallies = new Map<string, DeliveryCounts>();
  let delivering = 0;
  let inFlight = 0;
  let stopped = false;
  let waiters: Array<() => void> = [];

  const tally = (date: string) => {
    const counts = tallies.get(date) ?? zeroDeliveryCounts();
    tallies.set(date, counts);
    return counts;
  };
  const depth = () => visible.length + invisible.size + delayed.size + inFlight;
  const settleWaiters = () => {
    if (depth() > 0 || delivering > 0) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };

  /** Back after the visibility timeout; to the dead letters if it was received maxReceiveCount times. */
  const handBack = (message: Message) => {
    const timer = setTimeout(() => {
      invisible.delete(message.messageId);
      if (message.receiveCount >= settings.maxReceiveCount) {
        dead.push({ messageId: message.messageId, body: message.body, receiveCount: message.receiveCount });
        tally(message.date).deadLettered++;
      } else {
        visible.push(message);
      }
      pump();
      settleWaiters();
    }, settings.visibilityTimeoutMs);
    timer.unref();
    invisible.set(message.messageId, timer);
  };

  const record = (message: Message): SQSRecord => ({
    messageId: message.messageId,
    receiptHandle: `${message.messageId}#${message.receiveCount}`,
    body: message.body,
    attributes: {
      ApproximateReceiveCount: String(message.receiveCount),
      SentTimestamp: String(message.sentAt),
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: String(message.sentAt),
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:local:000000000000:reminders',
    awsRegion: 'local',
  });

  const deliver = async (batch: Message[]) => {
    for (const message of batch) message.receiveCount++;
    let answer: Awaited<ReturnType<ReminderConsumer>> | undefined;
    try {
      answer = await consume({ Records: batch.map(record) });
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', msg: 'reminder sender failed: its batch comes back', error: String(error) }));
    }
    const failed = new Set(answer ? answer.batchItemFailures.map((f) => f.itemIdentifier) : batch.map((m) => m.messageId));
    for (const message of batch) {
      const outcome = answer?.outcomes?.get(message.messageId);
      if (failed.has(message.messageId)) {
        tally(message.date).retried++;
        handBack(message);
      } else if (outcome === 'rescheduled') {
        tally(message.date).retried++;
      } else if (outcome === 'sent' || outcome === 'failed' || outcome === 'alreadySent' || outcome === 'alreadyFailed') {
        tally(message.date)[outcome]++;
      }
    }
    inFlight -= batch.length;
  };

  const pump = () => {
    while (!stopped && delivering < settings.concurrency && visible.length > 0) {
      const batch = visible.splice(0, 10);
      delivering++;
      inFlight += batch.length;
      void deliver(batch).finally(() => {
        delivering--;
        pump();
        settleWaiters();
      });
    }
  };

  return {
    async enqueue(messages: QueueMessage[], options?: { delaySeconds?: number }) {
      const now = Date.now();
      const entries = messages.map((message) => ({
        messageId: randomUUID(),
        body: JSON.stringify(message),
        // Counted apart from every run date's reminders: an invitation's mail (issue 34 §2) is no reminder.
        date: 'date' in message ? message.date : 'invitation-mail',
        receiveCount: 0,
        sentAt: now,
      }));
      const delaySeconds = options?.delaySeconds ?? 0;
      if (delaySeconds > 0 && !stopped) {
        const timer = setTimeout(() => {
          delayed.delete(timer);
          if (stopped) return;
          visible.push(...entries);
          pump();
        }, delaySeconds * settings.delayMsPerSecond);
        timer.unref();
        delayed.add(timer);
        return;
      }
      visible.push(...entries);
      pump();
    },
    depth,
    deadLetters: () => [...dead],
    counts: (date) => ({ ...tally(date) }),
    drained: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        settleWaiters();
      }),
    stop() {
      stopped = true;
      for (const timer of invisible.values()) clearTimeout(timer);
      invisible.clear();
      for (const timer of delayed) clearTimeout(timer);
      delayed.clear();
      visible.length = 0;
      settleWaiters();
    },
  };
}
