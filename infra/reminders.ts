import { Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { EmailSender } from './email.js';
import { ProductFunction } from './functions.js';
import type { Monitoring } from './monitoring.js';

/** Attempts after the first, both to deliver a run (the schedule) and to finish it (Lambda), before it is dead-lettered. */
export const REMINDER_RETRY_ATTEMPTS = 2;
/** A run not delivered within this long is dead-lettered: a reminder a day late is worse than none. */
export const REMINDER_MAX_EVENT_AGE = Duration.hours(1);

/** EventBridge Scheduler's cron for a daily run at the given UTC hour. */
export function dailyAtHourUtc(hourUtc: number): string {
  return `cron(0 ${hourUtc} * * ? *)`;
}

/**
 * What the schedule sends the function: the run's nominal time, the same on every retry
 * (EventBridge Scheduler fills in the placeholder).
 */
export const REMINDER_SCHEDULE_INPUT = JSON.stringify({ scheduledTime: '<aws.scheduler.scheduled-time>' });

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
  readonly schedulerRole: iam.Role;
  readonly schedule: scheduler.CfnSchedule;

  constructor(scope: Construct, id: string, props: ReminderJobProps) {
    super(scope, id);
    const stack = Stack.of(this);

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
    props.table.grantReadWriteData(this.function);
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

    // The schedule's execution role: it may start this one function, and record runs it could not deliver.
    this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      description: 'EventBridge Scheduler: starts the daily reminder run',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    });
    this.schedulerRole.addToPolicy(
      new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.function.functionArn] }),
    );
    this.schedulerRole.addToPolicy(
      new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.deadLetterQueue.queueArn] }),
    );

    this.schedule = new scheduler.CfnSchedule(this, 'DailySchedule', {
      description: `Daily reminder run at ${String(props.hourUtc).padStart(2, '0')}:00 UTC`,
      scheduleExpression: dailyAtHourUtc(props.hourUtc),
      scheduleExpressionTimezone: 'UTC',
      flexibleTimeWindow: { mode: 'OFF' },
      state: 'ENABLED',
      target: {
        arn: this.function.functionArn,
        roleArn: this.schedulerRole.roleArn,
        input: REMINDER_SCHEDULE_INPUT,
        retryPolicy: {
          maximumRetryAttempts: REMINDER_RETRY_ATTEMPTS,
          maximumEventAgeInSeconds: REMINDER_MAX_EVENT_AGE.toSeconds(),
        },
        deadLetterConfig: { arn: this.deadLetterQueue.queueArn },
      },
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
