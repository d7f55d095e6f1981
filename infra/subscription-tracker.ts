import { type StackProps, Tags } from 'aws-cdk-lib';
import type * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { ApplicationStack } from './application-stack.js';
import type { DeploymentConfig } from './config.js';
import { DataStack } from './data-stack.js';
import { EdgeStack, WEB_ACL_REGION } from './edge.js';

/** Name of the stateless application stack; the data stack is `${STACK_NAME}-Data`. */
export const STACK_NAME = 'SubscriptionTracker';
/** Name of the data stack: the table, the avatars bucket and the secrets, kept when the application stack goes. */
export const DATA_STACK_NAME = `${STACK_NAME}-Data`;

export interface SubscriptionTrackerStacks {
  data: DataStack;
  application: ApplicationStack;
  /** The web ACL's own us-east-1 stack, when the application goes to another region with the WAF on. */
  edge?: EdgeStack;
}

export interface SubscriptionTrackerOptions {
  /** Account and region; environment-agnostic when absent. */
  env?: StackProps['env'];
  functionsDir?: string;
  site?: s3deploy.ISource;
}

/** Adds the product's two stacks to a CDK app: `SubscriptionTracker-Data` and `SubscriptionTracker`. */
export function addSubscriptionTracker(
  scope: Construct,
  config: DeploymentConfig,
  options: SubscriptionTrackerOptions = {},
): SubscriptionTrackerStacks {
  Tags.of(scope).add('Product', 'SubscriptionTracker');
  const data = new DataStack(scope, DATA_STACK_NAME, { config, env: options.env, functionsDir: options.functionsDir });
  // A CLOUDFRONT web ACL exists only in us-east-1: elsewhere it gets a stack of its own there.
  const region = options.env?.region;
  const edge =
    config.target === 'aws' && config.waf && region && region !== WEB_ACL_REGION
      ? new EdgeStack(scope, `${STACK_NAME}-Edge`, { env: { account: options.env?.account, region: WEB_ACL_REGION } })
      : undefined;
  const application = new ApplicationStack(scope, STACK_NAME, {
    config,
    data,
    env: options.env,
    functionsDir: options.functionsDir,
    site: options.site,
    webAclArn: edge?.webAcl.arn,
  });
  return { data, application, edge };
}
