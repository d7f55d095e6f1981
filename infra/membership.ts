import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import { acknowledge, iamFinding } from './checks.js';
import type { DeploymentTarget } from './config.js';
import { grantTableAccess } from './grants.js';
import type { Monitoring } from './monitoring.js';
import { ProductFunction } from './product-function.js';

export interface MembershipExpiryProps {
  /** TypeScript module exporting the expiry `handler` (functions/membership/expiry.ts). */
  entry: string;
  target: DeploymentTarget;
  environment: Record<string, string>;
  table: dynamodb.ITable;
  /** The membership API function, which creates and deletes the schedules. */
  apiFunction: NodejsFunction;
  monitoring: Monitoring;
}

/**
 * Membership expiry (DESIGN §1): a schedule group for the one-time schedules the membership
 * functions create at runtime (one per user, `at(...)`, deleted after it runs), the function
 * they invoke, and the execution role the schedules run with, which may invoke that function only.
 * The membership API function and the expiry function (which re-arms the stored end after a stale run) may create
 * and delete schedules in that group only, and pass that role to EventBridge Scheduler only.
 */
export class MembershipExpiry extends Construct {
  readonly function: NodejsFunction;
  readonly group: ScheduleGroup;
  readonly schedulerRole: iam.Role;

  constructor(scope: Construct, id: string, props: MembershipExpiryProps) {
    super(scope, id);
    const stack = Stack.of(this);

    // Schedules are derived data: each membership write creates its schedule again, and reads apply due changes.
    this.group = new ScheduleGroup(this, 'Schedules', { removalPolicy: RemovalPolicy.DESTROY });

    this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      description: 'Runs the membership expiry schedules: invokes the membership expiry function only',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    });

    const schedulerEnvironment = {
      MEMBERSHIP_SCHEDULE_GROUP: this.group.scheduleGroupName,
      MEMBERSHIP_SCHEDULER_ROLE_ARN: this.schedulerRole.roleArn,
    };

    this.function = new ProductFunction(this, 'MembershipExpiry', {
      entry: props.entry,
      description: 'Subscription Tracker: applies the membership change due at the end of a term',
      target: props.target,
      // Its own ARN is the target of the schedules it re-arms: it reads it from its invocation.
      environment: { ...props.environment, ...schedulerEnvironment },
      memorySize: 512,
      timeout: Duration.seconds(30),
    }).function;
    // Reads the user and applies the due change in a transaction of updates.
    // The due change, and the user's reminders indexed again when it ends a paid term (a Query of their
    // subscriptions, Puts and Deletes of index entries).
    grantTableAccess(props.table, this.function, {
      actions: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
    });
    // A failed run is run again by Lambda (twice); the schedule itself also retries delivery.
    this.function.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(6) });
    const selfHealing =
      'A run that still fails loses nothing: every read of the membership applies a change that fell due (docs/decisions/0034-memberships.md), and the errors alarm reports the failure.';
    acknowledge(this.function, selfHealing, 'Serverless-LambdaDLQ', 'Serverless-LambdaAsyncFailureDestination');
    this.function.grantInvoke(this.schedulerRole);
    acknowledge(
      this.schedulerRole,
      'Invokes the membership expiry function only, any of its versions (the `:*` CDK grants).',
      iamFinding(this.schedulerRole, 'AwsSolutions-IAM5', 'Resource', `${this.function.functionArn}:*`),
    );

    props.apiFunction.addEnvironment('MEMBERSHIP_SCHEDULE_GROUP', schedulerEnvironment.MEMBERSHIP_SCHEDULE_GROUP);
    props.apiFunction.addEnvironment('MEMBERSHIP_SCHEDULER_ROLE_ARN', schedulerEnvironment.MEMBERSHIP_SCHEDULER_ROLE_ARN);
    props.apiFunction.addEnvironment('MEMBERSHIP_EXPIRY_ARN', this.function.functionArn);

    const groupSchedules = stack.formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${this.group.scheduleGroupName}/*`,
    });
    for (const fn of [props.apiFunction, this.function]) {
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule'],
          resources: [groupSchedules],
        }),
      );
      acknowledge(
        fn,
        'Schedules are created per user at run time: the grant is every schedule of the product’s own schedule group, and no other.',
        iamFinding(fn, 'AwsSolutions-IAM5', 'Resource', groupSchedules),
      );
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['iam:PassRole'],
          resources: [this.schedulerRole.roleArn],
          conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
        }),
      );
    }

    props.monitoring.alarmOnErrors(
      'MembershipExpiryErrorsAlarm',
      this.function,
      'A membership expiry run failed: a canceled or downgraded membership may not have changed on time.',
    );
  }
}
