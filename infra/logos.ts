import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SUBSCRIPTION_SAVED_PATTERN } from '../functions/lib/logos/logo-events.js';
import { SITE_LOGO_KEY_PREFIX } from '../shared/domain/logos/site-logo.js';
import { lambdaBundlingFor } from './bundling.js';
import { acknowledge, acknowledgeDeadLetterQueue, iamFinding } from './checks.js';
import type { DeploymentTarget } from './config.js';
import { grantTableAccess } from './grants.js';
import type { Monitoring } from './monitoring.js';
import { ProductFunction } from './product-function.js';

/**
 * Websites' icons (issue 36 §3; docs/decisions/0139-website-icons.md): the logo function reads each subscription
 * written (the table's stream, filtered to `SUB#` items), fetches its website's icon through the outbound guard
 * once per site, keeps it under `logos/sites/` in the avatars bucket (served at `/logos/sites/*`, infra/cloudfront-site.ts)
 * and gives the subscription its outcome. What keeps failing goes to a dead-letter queue, whose alarm fires.
 */
export interface LogoPipelineProps {
  /** functions/logos/handler.ts (bundling.ts logosEntry). */
  entry: string;
  target: DeploymentTarget;
  environment: Record<string, string>;
  /** The table, with its stream (KEYS_ONLY, infra/data.ts). */
  table: dynamodb.ITable;
  avatarsBucket: s3.IBucket;
  monitoring: Monitoring;
}

export class LogoPipeline extends Construct {
  readonly function: NodejsFunction;
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: LogoPipelineProps) {
    super(scope, id);
    const fn = new ProductFunction(this, 'Logos', {
      entry: props.entry,
      description: 'Subscription Tracker: fetches the icons of subscriptions’ websites, one copy per site',
      target: props.target,
      environment: props.environment,
      memorySize: 256,
      // A site's page, its manifest and up to four icons, 5 s each at most, for each subscription of a batch.
      timeout: Duration.seconds(120),
      bundling: lambdaBundlingFor('logos'),
    }).function;
    this.function = fn;

    // Reads the subscriptions of a batch and the sites' records, writes a site's record and a subscription's outcome.
    grantTableAccess(props.table, fn, {
      actions: ['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
    });
    const icons = props.avatarsBucket.arnForObjects(`${SITE_LOGO_KEY_PREFIX}*`);
    iam.Grant.addToPrincipal({ grantee: fn, actions: ['s3:PutObject'], resourceArns: [icons] });
    acknowledge(
      fn,
      `Websites' icons only: it may put the objects under ${SITE_LOGO_KEY_PREFIX} and nothing else.`,
      iamFinding(fn, 'AwsSolutions-IAM5', 'Resource', icons),
    );

    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledgeDeadLetterQueue(this.deadLetterQueue);
    acknowledge(
      fn,
      'Its stream mapping keeps what fails: a batch that still fails goes to the dead-letter queue below.',
      'Serverless-LambdaDLQ',
    );

    fn.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: 10,
        retryAttempts: 3,
        bisectBatchOnError: true,
        reportBatchItemFailures: false,
        onFailure: new SqsDlq(this.deadLetterQueue),
        filters: [lambda.FilterCriteria.filter(SUBSCRIPTION_SAVED_PATTERN as never)],
      }),
    );

    props.monitoring.alarmOnQueueMessages(
      this,
      'DeadLetterAlarm',
      this.deadLetterQueue,
      'Websites’ icons could not be settled for some subscriptions (see the logos dead-letter queue); they show their monogram.',
    );
    props.monitoring.alarmOnErrors('LogosErrorsAlarm', fn, 'Settling the icons of subscriptions’ websites failed.');
  }
}
