import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { DeploymentConfig } from './config.js';
import { DataStore } from './data.js';
import { SessionSecrets } from './secrets.js';

export interface DataStackProps extends StackProps {
  config: DeploymentConfig;
  /** Folder holding the functions' handlers; the repository's `functions/` by default. */
  functionsDir?: string;
}

/**
 * What the product must keep across redeploys: the table, the avatars and the secrets. Deleting
 * or replacing the application stack never touches it; in the cloud the table and bucket are
 * also retained if this stack itself is deleted.
 */
export class DataStack extends Stack {
  readonly store: DataStore;
  readonly secrets: SessionSecrets;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, { description: 'Subscription Tracker: table, avatars and secrets', ...props });
    const removalPolicy = props.config.target === 'aws' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    this.store = new DataStore(this, 'Data', { removalPolicy });
    this.secrets = new SessionSecrets(this, 'Secrets', {
      owner: props.config.owner,
      rotation: props.config.target === 'aws' ? { target: props.config.target, functionsDir: props.functionsDir } : undefined,
    });
  }
}
