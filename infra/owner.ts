import { CustomResource, Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as customResources from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { acknowledge, acknowledgeCdkHandler, iamFinding } from './checks.js';
import type { DeploymentTarget } from './config.js';
import { grantSecretValue, grantTableAccess } from './grants.js';
import { ProductFunction } from './product-function.js';

export interface OwnerSeed {
  username: string;
  email: string;
  passwordSecret: secretsmanager.ISecret;
  /** Full ARN or name, as GetSecretValue's SecretId. */
  passwordSecretId: string;
}

export interface OwnerBootstrapProps {
  /** TypeScript module exporting the custom resource `handler` (functions/bootstrap/handler.ts). */
  entry: string;
  target: DeploymentTarget;
  environment: Record<string, string>;
  table: dynamodb.ITable;
  owner: OwnerSeed;
  /**
   * Run the function on every deployment through a CloudFormation custom resource. Off on
   * LocalStack, whose free tier runs no custom resources: there the post-deploy script invokes it.
   */
  runOnDeploy: boolean;
}

/**
 * Creates the first owner account (DESIGN §5) from OWNER_USERNAME, OWNER_EMAIL and the password in
 * Secrets Manager, if no owner was ever created. Running it again is harmless, so it runs on every
 * deployment whose owner settings changed.
 */
export class OwnerBootstrap extends Construct {
  readonly function: NodejsFunction;

  constructor(scope: Construct, id: string, props: OwnerBootstrapProps) {
    super(scope, id);
    this.function = new ProductFunction(this, 'Bootstrap', {
      entry: props.entry,
      description: 'Subscription Tracker: creates the first owner account if there is none',
      target: props.target,
      // bcrypt hashes the password.
      memorySize: 1024,
      timeout: Duration.minutes(1),
      environment: {
        ...props.environment,
        OWNER_USERNAME: props.owner.username,
        OWNER_EMAIL: props.owner.email,
        OWNER_PASSWORD_SECRET_ARN: props.owner.passwordSecretId,
      },
    }).function;
    acknowledge(
      this.function,
      'Invoked synchronously, by the custom resource provider during a deployment or by hand: the caller gets the error.',
      'Serverless-LambdaDLQ',
    );
    // Looks for an owner (the users index), creates one in a transaction, fills the search directory.
    grantTableAccess(props.table, this.function, {
      actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:BatchWriteItem'],
      queriedIndexes: ['gsi1'],
    });
    grantSecretValue(props.owner.passwordSecret, this.function);

    if (props.runOnDeploy) {
      const provider = new customResources.Provider(this, 'Provider', { onEventHandler: this.function });
      acknowledgeCdkHandler(provider, 'The custom resource provider that runs the bootstrap');
      acknowledge(
        provider,
        'The provider invokes the bootstrap function, any of its versions (the `:*` CDK grants).',
        iamFinding(provider, 'AwsSolutions-IAM5', 'Resource', `${this.function.functionArn}:*`),
      );
      new CustomResource(this, 'Owner', {
        serviceToken: provider.serviceToken,
        resourceType: 'Custom::OwnerBootstrap',
        properties: {
          username: props.owner.username,
          email: props.owner.email,
          passwordSecretId: props.owner.passwordSecretId,
        },
      });
    }
  }
}
