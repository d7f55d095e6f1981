import {
  type IPolicyValidationContext,
  type IPolicyValidationPlugin,
  type PolicyValidationPluginReport,
  Stack,
  Validations,
} from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';
import type { IConstruct } from 'constructs';

/**
 * The tools of the field over every stack (issue 21 §8): cdk-nag's AWS Solutions and Serverless
 * packs. `cdk synth` runs them as the app's policy validation (bin/app.ts) and stops on any finding;
 * test/infra/checks.test.ts runs them over every stack variant. A finding that does not apply is
 * acknowledged in code, on the construct it is about, with its reason (`acknowledge` below).
 */
export function productChecks(): IPolicyValidationPlugin[] {
  return [new AwsSolutionsChecks(), new ServerlessChecks()].map((pack) => ({
    name: pack.name,
    validate(context: IPolicyValidationContext): PolicyValidationPluginReport {
      settleAcknowledgements((context as IPolicyValidationContext & { appConstruct: IConstruct }).appConstruct);
      return pack.validate(context);
    },
  }));
}

/** The findings of every pack over a synthesized app, for tests: what `cdk synth` would stop on. */
export function findingsOf(app: IConstruct) {
  settleAcknowledgements(app);
  return [new AwsSolutionsChecks(), new ServerlessChecks()].flatMap((pack) => pack.validateScope(app).violations);
}

/** A finding id computed once the app is synthesized (its ARNs resolved across stacks). */
type LateFindingId = () => string;
const lateAcknowledgements = new WeakMap<IConstruct, Array<() => void>>();

/** Records the acknowledgements whose ids could only be computed after synthesis. */
function settleAcknowledgements(app: IConstruct): void {
  for (const settle of lateAcknowledgements.get(app) ?? []) settle();
  lateAcknowledgements.delete(app);
}

/** Acknowledges cdk-nag rules (or single findings, `Rule[Finding]`) on a construct and everything in it. */
export function acknowledge(scope: IConstruct, reason: string, ...ids: Array<string | LateFindingId>): void {
  for (const id of ids) {
    if (typeof id === 'string') {
      Validations.of(scope).acknowledge({ id, reason });
    } else {
      const root = scope.node.root;
      lateAcknowledgements.set(root, [
        ...(lateAcknowledgements.get(root) ?? []),
        () => Validations.of(scope).acknowledge({ id: id(), reason }),
      ]);
    }
  }
}

/**
 * One finding of an IAM rule as cdk-nag names it: `AwsSolutions-IAM5[Resource::<ARN>]` with the ARN
 * as resolved in the synthesized stack (`<Logical.Arn>` for references, `<AWS::Region>` for pseudo
 * parameters, the other stack's output for a cross-stack reference), so an acknowledgement covers
 * exactly that resource or policy and nothing else.
 */
export function iamFinding(
  scope: IConstruct,
  rule: 'AwsSolutions-IAM4' | 'AwsSolutions-IAM5',
  kind: 'Policy' | 'Resource' | 'Action',
  value: string,
): LateFindingId {
  return () => `${rule}[${kind}::${kind === 'Action' ? value : flattenCfnReference(Stack.of(scope).resolve(value))}]`;
}

/** The managed policy CDK gives every function's role: writing the function's own logs, nothing else. */
export function basicExecutionRoleFinding(scope: IConstruct): LateFindingId {
  const policy = iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole');
  return iamFinding(scope, 'AwsSolutions-IAM4', 'Policy', policy.managedPolicyArn);
}

/**
 * What every function of the product and of CDK's own handlers is acknowledged for:
 * - the AWSLambdaBasicExecutionRole managed policy (its own logs);
 * - `Resource::*` of its role policy: active X-Ray tracing's `xray:PutTraceSegments` and
 *   `xray:PutTelemetryRecords`, which take no resource (test/infra/checks.test.ts checks that
 *   nothing else is granted on `*`).
 */
export function acknowledgeFunctionBasics(fn: IConstruct): void {
  acknowledge(
    fn,
    'AWSLambdaBasicExecutionRole lets the function write its own CloudWatch logs and nothing else.',
    basicExecutionRoleFinding(fn),
  );
  acknowledge(
    fn,
    'X-Ray tracing (xray:PutTraceSegments, xray:PutTelemetryRecords) takes no resource ARN.',
    'AwsSolutions-IAM5[Resource::*]',
  );
}

/** A dead-letter queue has none of its own, and nothing consumes it but a person reading it. */
export function acknowledgeDeadLetterQueue(queue: IConstruct): void {
  const reason = 'It is a dead-letter queue: the end of the line, read by a person when its alarm fires.';
  acknowledge(queue, reason, 'AwsSolutions-SQS3', 'Serverless-SQSRedrivePolicy');
}

/**
 * CDK's own handlers (BucketDeployment's, the custom resource provider's framework function): their
 * code, runtime, memory and role are CDK's; they run only during a deployment, invoked synchronously
 * by CloudFormation.
 */
export function acknowledgeCdkHandler(handler: IConstruct, what: string): void {
  const reason = `${what}: CDK's own handler, run by CloudFormation during a deployment; its code, runtime, memory and role are CDK's.`;
  acknowledge(
    handler,
    reason,
    'AwsSolutions-L1',
    'AwsSolutions-IAM4',
    basicExecutionRoleFinding(handler),
    'Serverless-LambdaDLQ',
    'Serverless-LambdaLatestVersion',
    'Serverless-LambdaTracing',
    'Serverless-LambdaDefaultMemorySize',
  );
}

/**
 * The wildcards of a CDK handler's own role policy (BucketDeployment's: the asset bucket's objects,
 * `s3:GetObject*` and the like): written by CDK for its handler, acknowledged finding by finding.
 */
export function acknowledgeCdkHandlerWildcards(handler: IConstruct, reason: string): void {
  const policy = handler.node.tryFindChild('ServiceRole')?.node.tryFindChild('DefaultPolicy');
  if (!(policy instanceof iam.Policy)) return;
  const document = Stack.of(policy).resolve(policy.document.toJSON()) as { Statement: Array<{ Action: unknown; Resource: unknown }> };
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);
  const findings = new Set<string>();
  for (const statement of document.Statement) {
    for (const action of list(statement.Action)) {
      if (typeof action === 'string' && action.includes('*')) findings.add(`AwsSolutions-IAM5[Action::${action}]`);
    }
    for (const resource of list(statement.Resource)) {
      const flat = flattenCfnReference(resource);
      if (flat.includes('*')) findings.add(`AwsSolutions-IAM5[Resource::${flat}]`);
    }
  }
  acknowledge(handler, reason, ...findings);
}
