/**
 * The CDK app (`npx cdk synth`, `npm run deploy`, `npm run deploy:local`). Configuration comes
 * from CDK context; see docs/DEPLOY.md. Synthesis needs no AWS account: without
 * CDK_DEFAULT_ACCOUNT/REGION the stacks are environment-agnostic and nothing is looked up.
 */
import { App, Validations } from 'aws-cdk-lib';
import { productChecks } from '../infra/checks.js';
import { DeploymentConfigError, readDeploymentConfig } from '../infra/config.js';
import { addSubscriptionTracker } from '../infra/subscription-tracker.js';

const app = new App();
// cdk-nag's AWS Solutions and Serverless packs check every stack: synthesis stops on any finding
// that is not acknowledged in code with its reason (infra/checks.ts).
Validations.of(app).addPlugins(...productChecks());

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
