import { Duration, TimeZone } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { ContextAttribute, Schedule, ScheduleExpression, ScheduleTargetInput, TimeWindow } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge, acknowledgeDeadLetterQueue } from './checks.js';
import type { DeploymentTarget } from './config.js';
import type { EmailSender } from './email.js';
import { grantTableAccess } from './grants.js';
import type { Monitoring } from './monitoring.js';
import { ProductFunction } from './product-function.js';

/** Attempts after the first, both to deliver a planner run (the schedule) and to finish it (Lambda), before it is dead-lettered. */
export const REMINDER_RETRY_ATTEMPTS = 2;
/** A run not delivered within this long is dead-lettered: a reminder a day late is worse than none. */
export const REMINDER_MAX_EVENT_AGE = Duration.hours(1);

/** Messages a sender takes at once (SQS's most for a standard queue's event source without a batching window). */
export const SENDER_BATCH_SIZE = 10;
/** Deliveries of a reminder message before it goes to the dead-letter queue. */
export const REMINDER_MAX_RECEIVE_COUNT = 5;
/**
 * E-mails a second one sender sends at most: each send is a claim, one SES call and the marker's
 * update, one after another, so about 8 a second at best; 5 leaves room.
 */
export const SENDS_PER_SENDER = 5;
/** The reminder queue's oldest message older than this: the day's reminders will not all go out this morning. */
export const REMINDER_BACKLOG_ALARM_AGE = Duration.hours(3);

/**
 * The sender fleet for the SES account's send rate (issue 11 §1): `concurrency` senders at most, each
 * pacing itself to `ratePerSender`, so together they never exceed `sesMaxSendRate`; the event source's
 * maximumConcurrency is at least 2 (its floor). The sender's timeout covers a batch at that rate plus a
 * minute; a claim outlives the sender's timeout (so a claim that old was left by a dead sender), and the
 * visibility timeout is six times the function's (AWS's advice for SQS event sources) and longer than
 * the timeout and the claim timeout together, so a redelivery after a crash always finds the claim stale.
 */
export function senderFleet(sesMaxSendRate: number) {
  const concurrency = Math.max(2, Math.ceil(sesMaxSendRate / SENDS_PER_SENDER));
  const ratePerSender = sesMaxSendRate / concurrency;
  const timeoutSeconds = Math.min(900, Math.ceil(SENDER_BATCH_SIZE / ratePerSender) + 60);
  const claimTimeoutSeconds = timeoutSeconds + 60;
  const visibilityTimeoutSeconds = Math.max(6 * timeoutSeconds, timeoutSeconds + claimTimeoutSeconds + 60);
  return { concurrency, ratePerSender, timeoutSeconds, claimTimeoutSeconds, visibilityTimeoutSeconds };
}

export interface ReminderJobProps {
  /** TypeScript module exporting the planner's `handler` (functions/reminders/planner.ts). */
  plannerEntry: string;
  /** TypeScript module exporting the sender's `handler` (functions/reminders/sender.ts). */
  senderEntry: string;
  target: DeploymentTarget;
  environment: Record<string, string>;
  table: dynamodb.ITable;
  email: EmailSender;
  /** The SES account's maximum send rate, e-mails a second. */
  sesMaxSendRate: number;
  monitoring: Monitoring;
}

/**
 * The reminders (SPEC §1, issue 11 §1, issue 25 §1: at each user's hour in their time zone): an
 * EventBridge Scheduler schedule starts the planner every hour on the hour; the planner pages through
 * the reminder index's hours and puts one message per reminder on the reminder queue; the sender consumes it,
 * its concurrency bounded so the fleet sends at the SES account's rate. Alarms: a failed planner or
 * sender, a planner run or a reminder in a dead-letter queue, a queue that is not keeping up.
 */
export class ReminderJob extends Construct {
  readonly planner: NodejsFunction;
  readonly sender: NodejsFunction;
  readonly queue: sqs.Queue;
  /** Reminders that kept failing (maxReceiveCount deliveries). */
  readonly reminderDeadLetterQueue: sqs.Queue;
  /** Planner runs that could not be delivered or finished. */
  readonly runDeadLetterQueue: sqs.Queue;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: ReminderJobProps) {
    super(scope, id);
    const fleet = senderFleet(props.sesMaxSendRate);

    this.reminderDeadLetterQueue = new sqs.Queue(this, 'ReminderDeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.queue = new sqs.Queue(this, 'ReminderQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(fleet.visibilityTimeoutSeconds),
      retentionPeriod: Duration.days(2),
      deadLetterQueue: { queue: this.reminderDeadLetterQueue, maxReceiveCount: REMINDER_MAX_RECEIVE_COUNT },
    });
    acknowledgeDeadLetterQueue(this.reminderDeadLetterQueue);

    this.planner = new ProductFunction(this, 'Planner', {
      entry: props.plannerEntry,
      description: 'Subscription Tracker: plans the reminders of each hour onto the reminder queue',
      target: props.target,
      environment: { ...props.environment, REMINDER_QUEUE_URL: this.queue.queueUrl },
      memorySize: 512,
      // A page at a time: minutes for a million due reminders. A run stopped at the deadline is
      // retried by Lambda and resumes at its checkpoints (functions/reminders/planner.ts).
      timeout: Duration.minutes(15),
    }).function;
    acknowledge(
      this.planner,
      'Its failed runs go to an on-failure destination (the run dead-letter queue below), which records the error with the event.',
      'Serverless-LambdaDLQ',
    );
    // Reads the hours' checkpoints and owners, writes the checkpoints; rewrites a user's index entries
    // (their subscriptions: Query; a transaction of puts, deletes and an update) when a rule changed.
    grantTableAccess(props.table, this.planner, {
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
      ],
      queriedIndexes: ['gsi1'],
    });
    this.queue.grant(this.planner, 'sqs:SendMessage');

    this.sender = new ProductFunction(this, 'Sender', {
      entry: props.senderEntry,
      description: 'Subscription Tracker: sends the reminder e-mails on the reminder queue',
      target: props.target,
      environment: {
        ...props.environment,
        SES_SEND_RATE_PER_SENDER: String(fleet.ratePerSender),
        REMINDER_CLAIM_TIMEOUT_SECONDS: String(fleet.claimTimeoutSeconds),
        // Reminder channels (issue 25 §2): a reminder's channel deliveries and their delayed retries go on the same queue.
        REMINDER_QUEUE_URL: this.queue.queueUrl,
      },
      memorySize: 256,
      timeout: Duration.seconds(fleet.timeoutSeconds),
    }).function;
    acknowledge(
      this.sender,
      'Invoked synchronously by its SQS event source: a failed message returns to the reminder queue, whose redrive policy moves it to the reminder dead-letter queue.',
      'Serverless-LambdaDLQ',
      'Serverless-LambdaEventSourceMappingDestination',
    );
    // Claims and markers are updates; the suppression check reads one item (functions/lib/email/email.ts).
    // Query: the newest stored day of exchange rates, to show a price in the display currency (issue 24 §1).
    // Reminder channels (issue 25 §2): the user's channels (Query, GetItem), the deliveries log (PutItem) and a
    // Web Push channel turned off when its browser's subscription is gone (PutItem).
    grantTableAccess(props.table, this.sender, {
      actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:Query', 'dynamodb:PutItem'],
    });
    props.email.grantSend(this.sender);
    this.queue.grant(this.sender, 'sqs:SendMessage');
    // maximumConcurrency, not reserved concurrency: it bounds the senders without taking from the
    // account's unreserved pool (10 in a new account, which reserved concurrency may not go below).
    this.sender.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: SENDER_BATCH_SIZE,
        reportBatchItemFailures: true,
        maxConcurrency: fleet.concurrency,
      }),
    );

    this.runDeadLetterQueue = new sqs.Queue(this, 'DeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledgeDeadLetterQueue(this.runDeadLetterQueue);

    // The schedule starts the planner asynchronously. A run that reached its deadline throws
    // (functions/reminders/planner.ts); Lambda runs it again twice, each resuming at the checkpoints,
    // and a run that still fails is recorded in the run dead-letter queue, whose alarm then fires.
    this.planner.configureAsyncInvoke({
      retryAttempts: REMINDER_RETRY_ATTEMPTS,
      maxEventAge: REMINDER_MAX_EVENT_AGE,
      onFailure: new SqsDestination(this.runDeadLetterQueue),
    });

    // LambdaInvoke gives the schedule an execution role that may start this one function (assumed only
    // by this account's schedules) and record the runs it could not deliver in the dead-letter queue.
    // The input is the run's nominal time, the same on every retry (functions/reminders/planner.ts).
    this.schedule = new Schedule(this, 'HourlySchedule', {
      description: 'Hourly reminder run, on the hour (UTC)',
      schedule: ScheduleExpression.cron({ minute: '0', hour: '*', timeZone: TimeZone.ETC_UTC }),
      timeWindow: TimeWindow.off(),
      target: new LambdaInvoke(this.planner, {
        input: ScheduleTargetInput.fromObject({ scheduledTime: ContextAttribute.scheduledTime }),
        retryAttempts: REMINDER_RETRY_ATTEMPTS,
        maxEventAge: REMINDER_MAX_EVENT_AGE,
        deadLetterQueue: this.runDeadLetterQueue,
      }),
    });

    props.monitoring.alarmOnErrors('ReminderErrorsAlarm', this.planner, 'A reminder planner run failed: a retry resumes it.');
    props.monitoring.alarmOnErrors(
      'ReminderSenderErrorsAlarm',
      this.sender,
      'The reminder sender crashed or timed out: its batch comes back after the visibility timeout.',
    );
    const anyMessage = (queue: sqs.Queue, id: string, description: string) =>
      props.monitoring.alarmOnQueueMessages(this, id, queue, description);
    anyMessage(
      this.runDeadLetterQueue,
      'DeadLetterAlarm',
      'A daily reminder run could not be delivered or finished (see its dead-letter queue).',
    );
    anyMessage(
      this.reminderDeadLetterQueue,
      'ReminderDeadLetterAlarm',
      `A reminder e-mail failed ${REMINDER_MAX_RECEIVE_COUNT} times and was not sent (see the reminder dead-letter queue).`,
    );
    props.monitoring.addAlarm(
      new cloudwatch.Alarm(this, 'ReminderBacklogAlarm', {
        alarmDescription: `The reminder queue's oldest message is over ${REMINDER_BACKLOG_ALARM_AGE.toHours()} hours old: the senders are not keeping up (sesMaxSendRate) or not running.`,
        metric: this.queue.metricApproximateAgeOfOldestMessage({ period: Duration.minutes(5), statistic: cloudwatch.Stats.MAXIMUM }),
        threshold: REMINDER_BACKLOG_ALARM_AGE.toSeconds(),
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );
  }
}
