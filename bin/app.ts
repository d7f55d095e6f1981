/**
 * The CDK app (`npx cdk synth`, `npm run deploy`, `npm run deploy:local`). Configuration comes
 * from CDK context; see docs/DEPLOY.md. Synthesis needs no AWS account: without
 * CDK_DEFAULT_ACCOUNT/REGION the stacks are environment-agnostic and nothing is looked up.
 */
import { App } from 'aws-cdk-lib';
import { DeploymentConfigError, readDeploymentConfig } from '../infra/config.js';
import { addSubscriptionTracker } from '../infra/stack.js';

const app = new App();

try {
  const config = readDeploymentConfig((key) => app.node.tryGetContext(key));
  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const region = process.env.CDK_DEFAULT_REGION;
  addSubscriptionTracker(app, config, { env: account && region ? { account, region } : undefined });
} catch (error) {
  if (!(error instanceof DeploymentConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
