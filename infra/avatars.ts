import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { AVATAR_KEY_PREFIX, AVATAR_UPLOAD_PREFIX } from '../shared/api/account.js';
import { PROFILE_REMOVAL_PATTERN } from './avatar-events.js';
import { lambdaBundlingFor } from './bundling.js';
import { acknowledge, acknowledgeDeadLetterQueue, iamFinding } from './checks.js';
import type { DeploymentTarget } from './config.js';
import { grantTableAccess } from './grants.js';
import type { Monitoring } from './monitoring.js';
import { ProductFunction } from './product-function.js';

/**
 * Avatars straight to S3 (docs/decisions/0077-avatar-uploads.md): browsers post pictures to the
 * bucket with a policy the account function (or, for a subscription's logo, the subscriptions function) signs; the
 * avatar function checks each on its arrival
 * and deletes a deleted user's objects when the profile's removal comes through the table's stream.
 * Only the avatar function has an S3 client; the account and subscriptions functions may only put under `uploads/`
 * (which is all its signature can allow), the admin function touches no object.
 */

/** The origin browsers post uploads to: the bucket's regional endpoint (the sites' CSP allows it, infra/site-files.ts). */
export const avatarUploadOrigin = (bucket: s3.IBucket) => `https://${bucket.bucketRegionalDomainName}`;

/** Stray uploads (never checked: a policy used after the function failed for good) are gone after a day. */
export const UPLOAD_EXPIRY = Duration.days(1);

/**
 * What the data stack's bucket carries for this (infra/data.ts): the upload prefix's expiry, the CORS
 * rule, and arrivals told to EventBridge, set on the bucket itself (CDK's `eventBridgeEnabled` would
 * add its notifications custom resource and handler function).
 */
export function prepareAvatarsBucket(bucket: s3.Bucket): void {
  (bucket.node.defaultChild as s3.CfnBucket).notificationConfiguration = { eventBridgeConfiguration: { eventBridgeEnabled: true } };
  bucket.addLifecycleRule({ id: 'StrayUploads', prefix: AVATAR_UPLOAD_PREFIX, expiration: UPLOAD_EXPIRY });
  // A page may read S3's answer to its POST (EntityTooLarge...). The signed policy, not the origin,
  // decides what is stored; the site's origin lives in the application stack, which depends on this one.
  bucket.addCorsRule({ allowedMethods: [s3.HttpMethods.POST], allowedOrigins: ['*'], maxAge: 3000 });
}

export interface AvatarPipelineProps {
  /** functions/avatars/handler.ts (bundling.ts avatarsEntry). */
  entry: string;
  target: DeploymentTarget;
  environment: Record<string, string>;
  /** The table, with its stream (KEYS_ONLY, infra/data.ts). */
  table: dynamodb.ITable;
  avatarsBucket: s3.IBucket;
  /** Where browsers post uploads (the bucket's URL; LocalStack's on LocalStack). */
  uploadUrl: string;
  /** The functions that hand out uploads: the account area's (avatars), the subscriptions area's (logos, issue 36 §4). */
  uploadFunctions: NodejsFunction[];
  monitoring: Monitoring;
}

export class AvatarPipeline extends Construct {
  readonly function: NodejsFunction;
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: AvatarPipelineProps) {
    super(scope, id);
    const { avatarsBucket: bucket, table } = props;
    const fn = new ProductFunction(this, 'Avatars', {
      entry: props.entry,
      description: 'Subscription Tracker: checks avatar uploads on arrival, deletes deleted users’ avatars',
      target: props.target,
      environment: props.environment,
      memorySize: 512,
      timeout: Duration.seconds(30),
      bundling: lambdaBundlingFor('avatars'),
    }).function;
    this.function = fn;

    // The check reads the user (and settles a membership change that fell due), makes the upload the
    // picture, records the activity (checking the account's tombstone, issue 34 §4) and settles the upload's record.
    grantTableAccess(table, fn, {
      actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:ConditionCheckItem'],
    });
    const uploads = bucket.arnForObjects(`${AVATAR_UPLOAD_PREFIX}*`);
    const avatars = bucket.arnForObjects(`${AVATAR_KEY_PREFIX}*`);
    iam.Grant.addToPrincipal({ grantee: fn, actions: ['s3:GetObject', 's3:DeleteObject'], resourceArns: [uploads] });
    iam.Grant.addToPrincipal({ grantee: fn, actions: ['s3:PutObject', 's3:DeleteObject'], resourceArns: [avatars] });
    iam.Grant.addToPrincipal({
      grantee: fn,
      actions: ['s3:ListBucket'],
      resourceArns: [bucket.bucketArn],
      conditions: { StringLike: { 's3:prefix': [`${AVATAR_KEY_PREFIX}*`, `${AVATAR_UPLOAD_PREFIX}*`] } },
    });
    acknowledge(
      fn,
      `Avatar objects only: the uploads under ${AVATAR_UPLOAD_PREFIX} and the pictures under ${AVATAR_KEY_PREFIX}.`,
      iamFinding(fn, 'AwsSolutions-IAM5', 'Resource', uploads),
      iamFinding(fn, 'AwsSolutions-IAM5', 'Resource', avatars),
    );

    // The functions that hand out uploads sign their policies with their own credentials: they may put uploads, nothing else.
    for (const uploadFunction of props.uploadFunctions) {
      uploadFunction.addEnvironment('AVATARS_UPLOAD_URL', props.uploadUrl);
      iam.Grant.addToPrincipal({ grantee: uploadFunction, actions: ['s3:PutObject'], resourceArns: [uploads] });
      acknowledge(
        uploadFunction,
        `The upload policies it signs can put objects under ${AVATAR_UPLOAD_PREFIX} and nowhere else.`,
        iamFinding(uploadFunction, 'AwsSolutions-IAM5', 'Resource', uploads),
      );
    }

    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledgeDeadLetterQueue(this.deadLetterQueue);

    // An upload's arrival: S3 tells EventBridge (the bucket's EventBridge notifications), a rule invokes the check.
    new events.Rule(this, 'UploadArrived', {
      description: 'An avatar upload arrived: check it',
      eventPattern: {
        source: ['aws.s3'],
        detailType: ['Object Created'],
        detail: { bucket: { name: [bucket.bucketName] }, object: { key: [{ prefix: AVATAR_UPLOAD_PREFIX }] } },
      },
      targets: [new targets.LambdaFunction(fn, { retryAttempts: 2, deadLetterQueue: this.deadLetterQueue })],
    });
    // EventBridge invokes it asynchronously: Lambda retries a failed check, then keeps the event here.
    fn.configureAsyncInvoke({ retryAttempts: 2, onFailure: new SqsDestination(this.deadLetterQueue) });
    acknowledge(
      fn,
      'Both triggers keep what fails: the EventBridge target and the stream mapping send it to the dead-letter queue below.',
      'Serverless-LambdaDLQ',
    );

    // A profile's removal: the table's stream, filtered to REMOVE of PROFILE items (avatar-events.ts).
    fn.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: 10,
        retryAttempts: 5,
        bisectBatchOnError: true,
        reportBatchItemFailures: false,
        onFailure: new SqsDlq(this.deadLetterQueue),
        filters: [lambda.FilterCriteria.filter(PROFILE_REMOVAL_PATTERN as never)],
      }),
    );

    props.monitoring.alarmOnQueueMessages(
      this,
      'DeadLetterAlarm',
      this.deadLetterQueue,
      'An avatar upload could not be checked, or a deleted user’s avatars could not be deleted (see the avatars dead-letter queue).',
    );
    props.monitoring.alarmOnErrors('AvatarsErrorsAlarm', fn, 'Checking an avatar upload or deleting a deleted user’s avatars failed.');
  }
}
