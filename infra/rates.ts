import { Duration, Stack, TimeZone } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Schedule, ScheduleExpression, TimeWindow } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge, acknowledgeDeadLetterQueue, iamFinding } from './checks.js';
import type { DeploymentTarget } from './config.js';
import { grantTableAccess } from './grants.js';
import type { Monitoring } from './monitoring.js';
import { ProductFunction } from './product-function.js';

/**
 * The hour (UTC) of the daily run: the ECB publishes its reference rates on working days at about
 * 16:00 CET (15:00 UTC in winter, 14:00 UTC in summer); an hour later they are there all year.
 */
export const RATES_HOUR_UTC = 16;
/** Attempts after the first, both to deliver a run (the schedule) and to finish it (Lambda). */
export const RATES_RETRY_ATTEMPTS = 2;
/** A run not delivered or finished within this long is dead-lettered: the next day's run comes anyway. */
export const RATES_MAX_EVENT_AGE = Duration.hours(6);

export interface DailyRatesProps {
  /** TypeScript module exporting the rates `handler` (functions/rates/handler.ts). */
  entry: string;
  target: DeploymentTarget;
  environment: Record<string, string>;
  table: dynamodb.ITable;
  monitoring: Monitoring;
}

/**
 * The daily exchange rates (issue 24 §1): an EventBridge Scheduler schedule starts the rates function
 * every day at RATES_HOUR_UTC; it stores the day's ECB reference rates in the table (one PutItem).
 * A run that stores nothing fails, is retried twice by Lambda and then recorded in the dead-letter
 * queue; the totals keep using the newest stored day. Alarms: a failed run, a run in the dead-letter queue.
 */
export class DailyRates extends Construct {
  readonly function: NodejsFunction;
  readonly deadLetterQueue: sqs.Queue;
  readonly schedule: Schedule;
  /** The role the schedule runs with: it may invoke the rates function and dead-letter a run, nothing else. */
  readonly schedulerRole: iam.Role;

  constructor(scope: Construct, id: string, props: DailyRatesProps) {
    super(scope, id);
    this.function = new ProductFunction(this, 'DailyRates', {
      entry: props.entry,
      description: "Subscription Tracker: stores the day's ECB reference exchange rates",
      target: props.target,
      // It fetches the ECB's own file (functions/lib/rates/ecb.ts ECB_DAILY_RATES_URL); ECB_RATES_URL would name another.
      environment: props.environment,
      memorySize: 256,
      // A 5 s fetch and one write.
      timeout: Duration.seconds(20),
    }).function;
    acknowledge(
      this.function,
      'Its failed runs go to an on-failure destination (the dead-letter queue below), which records the error with the event.',
      'Serverless-LambdaDLQ',
    );
    // One conditional put per day: a day is stored once, whole.
    grantTableAccess(props.table, this.function, { actions: ['dynamodb:PutItem'] });

    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledgeDeadLetterQueue(this.deadLetterQueue);
    this.function.configureAsyncInvoke({
      retryAttempts: RATES_RETRY_ATTEMPTS,
      maxEventAge: RATES_MAX_EVENT_AGE,
      onFailure: new SqsDestination(this.deadLetterQueue),
    });

    this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      description: 'Runs the daily exchange rates schedule: invokes the daily rates function only',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    });
    this.schedule = new Schedule(this, 'DailySchedule', {
      description: `Daily ECB exchange rates at ${String(RATES_HOUR_UTC).padStart(2, '0')}:00 UTC`,
      schedule: ScheduleExpression.cron({ minute: '0', hour: String(RATES_HOUR_UTC), timeZone: TimeZone.ETC_UTC }),
      timeWindow: TimeWindow.off(),
      target: new LambdaInvoke(this.function, {
        role: this.schedulerRole,
        retryAttempts: RATES_RETRY_ATTEMPTS,
        maxEventAge: RATES_MAX_EVENT_AGE,
        deadLetterQueue: this.deadLetterQueue,
      }),
    });
    acknowledge(
      this.schedulerRole,
      'Invokes the daily rates function only, any of its versions (the `:*` CDK grants).',
      iamFinding(this.schedulerRole, 'AwsSolutions-IAM5', 'Resource', `${this.function.functionArn}:*`),
    );

    props.monitoring.alarmOnErrors(
      'DailyRatesErrorsAlarm',
      this.function,
      "The day's ECB exchange rates could not be fetched or stored: totals keep using the newest stored day (see the function's log for why).",
    );
    props.monitoring.alarmOnQueueMessages(
      this,
      'DeadLetterAlarm',
      this.deadLetterQueue,
      'A daily exchange rates run failed three times or could not be delivered (see the rates dead-letter queue): totals keep using the newest stored day.',
    );
  }
}
