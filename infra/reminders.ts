import { Duration, TimeZone } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { ContextAttribute, Schedule, ScheduleExpression, ScheduleTargetInput, TimeWindow } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { EmailSender } from './email.js';
import { ProductFunction } from './functions.js';
import { grantTableAccess } from './grants.js';
import type { Monitoring } from './monitoring.js';

/** Attempts after the first, both to deliver a run (the schedule) and to finish it (Lambda), before it is dead-lettered. */
export const REMINDER_RETRY_ATTEMPTS = 2;
/** A run not delivered within this long is dead-lettered: a reminder a day late is worse than none. */
export const REMINDER_MAX_EVENT_AGE = Duration.hours(1);

export interface ReminderJobProps {
  /** TypeScript module exporting the job's `handler` (functions/reminders/handler.ts). */
  entry: string;
  architecture: lambda.Architecture;
  environment: Record<string, string>;
  table: dynamodb.ITable;
  email: EmailSender;
  /** Hour of the day (UTC) the run starts. */
  hourUtc: number;
  monitoring: Monitoring;
}

/**
 * The daily reminder job (SPEC §1: reminders 10, 3 and 1 days before a due date): a function
 * that reads the due-date index and sends e-mails, started every day at `hourUtc` by an
 * EventBridge Scheduler schedule that retries and dead-letters failed runs. Alarms fire on a
 * failed run and on anything in the dead-letter queue.
 */
export class ReminderJob extends Construct {
  readonly function: NodejsFunction;
  readonly deadLetterQueue: sqs.Queue;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: ReminderJobProps) {
    super(scope, id);

    this.function = new ProductFunction(this, 'Reminders', {
      entry: props.entry,
      description: 'Subscription Tracker: daily reminder e-mails for upcoming due dates',
      architecture: props.architecture,
      environment: props.environment,
      memorySize: 512,
      // Lambda's longest: at 10 e-mails a second, about 8,700 reminders a run; what is left when it
      // ends is deferred, and Lambda's two retries of the failed run send it (functions/reminders/handler.ts).
      timeout: Duration.minutes(15),
    }).function;
    grantTableAccess(props.table, this.function, {
      actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
      queriedIndexes: ['gsi1'],
    });
    props.email.grantSend(this.function);

    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });

    // The schedule starts the function asynchronously. A run that could not send everything throws
    // (functions/reminders/handler.ts); Lambda runs it again twice, and a run that still fails is
    // recorded in the same dead-letter queue, whose alarm then fires.
    this.function.configureAsyncInvoke({
      retryAttempts: REMINDER_RETRY_ATTEMPTS,
      maxEventAge: REMINDER_MAX_EVENT_AGE,
      onFailure: new SqsDestination(this.deadLetterQueue),
    });

    // LambdaInvoke gives the schedule an execution role that may start this one function (assumed only
    // by this account's schedules) and record the runs it could not deliver in the dead-letter queue.
    // The input is the run's nominal time, the same on every retry (functions/reminders/handler.ts).
    this.schedule = new Schedule(this, 'DailySchedule', {
      description: `Daily reminder run at ${String(props.hourUtc).padStart(2, '0')}:00 UTC`,
      schedule: ScheduleExpression.cron({ minute: '0', hour: String(props.hourUtc), timeZone: TimeZone.ETC_UTC }),
      timeWindow: TimeWindow.off(),
      target: new LambdaInvoke(this.function, {
        input: ScheduleTargetInput.fromObject({ scheduledTime: ContextAttribute.scheduledTime }),
        retryAttempts: REMINDER_RETRY_ATTEMPTS,
        maxEventAge: REMINDER_MAX_EVENT_AGE,
        deadLetterQueue: this.deadLetterQueue,
      }),
    });

    props.monitoring.alarmOnErrors(
      'ReminderErrorsAlarm',
      this.function,
      'A reminder run failed: some reminder e-mails may not have been sent.',
    );
    props.monitoring.addAlarm(
      new cloudwatch.Alarm(this, 'DeadLetterAlarm', {
        alarmDescription: 'A daily reminder run could not be delivered to the function (see the dead-letter queue).',
        metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(5),
          statistic: cloudwatch.Stats.MAXIMUM,
        }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );
  }
}
