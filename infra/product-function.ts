import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { USE_CDK_MANAGED_LAMBDA_LOGGROUP } from 'aws-cdk-lib/cx-api';
import { Construct } from 'constructs';
import { depsLockFile, lambdaBundling, projectRoot } from './bundling.js';
import { acknowledgeFunctionBasics } from './checks.js';
import type { DeploymentTarget } from './config.js';

/** The newest Node.js runtime aws-cdk-lib offers; esbuild's target (bundling.ts) follows it. */
export const LAMBDA_RUNTIME = lambda.Runtime.NODEJS_24_X;

/** How long function logs are kept; the log groups outlive the stack (RETAIN) for as long. */
export const LOG_RETENTION = logs.RetentionDays.ONE_MONTH;

/**
 * ARM64 (Graviton) in the cloud. On LocalStack the host's own architecture, so functions run
 * without CPU emulation; the bundles are plain JavaScript, identical on both.
 */
export function functionArchitecture(target: DeploymentTarget): lambda.Architecture {
  if (target === 'aws' || process.arch === 'arm64') return lambda.Architecture.ARM_64;
  return lambda.Architecture.X86_64;
}

export interface ProductFunctionProps {
  /** TypeScript module exporting `handler`. */
  entry: string;
  description: string;
  /** Where it runs: the architecture (functionArchitecture), and whether it has a log group of its own. */
  target: DeploymentTarget;
  environment: Record<string, string>;
  memorySize?: number;
  timeout?: Duration;
  /** The bundle's options when they differ from the shared ones (bundling.ts `lambdaBundlingFor`). */
  bundling?: BundlingOptions;
}

/**
 * A function on the newest Node.js runtime CDK offers (Node.js 24), bundled from TypeScript with the shared esbuild options (bundling.ts),
 * logging to its own log group with a fixed retention, kept when the stack is deleted or the
 * function replaced (an incident's logs must outlive a redeploy), and traced by Lambda's active
 * X-Ray tracing at Lambda's fixed sampling rate (no tracing SDK in the bundle).
 *
 * On LocalStack the emulator makes each function's log group when it first logs, as Lambda does without one: a
 * testers' stack keeps nothing for a month, and the application stack stays within CloudFormation's 500 resources
 * (docs/decisions/0142-mcp-endpoint.md).
 */
export class ProductFunction extends Construct {
  readonly function: NodejsFunction;
  /** The TypeScript module the function is bundled from. */
  readonly entry: string;
  readonly timeout: Duration;

  constructor(scope: Construct, id: string, props: ProductFunctionProps) {
    super(scope, id);
    this.entry = props.entry;
    this.timeout = props.timeout ?? Duration.seconds(10);
    const logGroup =
      props.target === 'aws'
        ? new logs.LogGroup(this, 'Logs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.RETAIN })
        : undefined;
    // Nor one that CDK would make in its place (cdk.json turns that on for the cloud's functions).
    if (!logGroup) this.node.setContext(USE_CDK_MANAGED_LAMBDA_LOGGROUP, false);
    this.function = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: 'handler',
      description: props.description,
      runtime: LAMBDA_RUNTIME,
      architecture: functionArchitecture(props.target),
      memorySize: props.memorySize ?? 512,
      timeout: this.timeout,
      ...(logGroup ? { logGroup } : {}),
      tracing: lambda.Tracing.ACTIVE,
      projectRoot,
      depsLockFilePath: depsLockFile,
      bundling: props.bundling ?? lambdaBundling,
      // No NODE_OPTIONS=--enable-source-maps: loading the map costs more cold-start time than the
      // bundle itself (docs/decisions/0054-lean-function-bundles.md); the map ships beside the bundle for reading traces.
      environment: props.environment,
    });
    acknowledgeFunctionBasics(this.function);
  }
}
