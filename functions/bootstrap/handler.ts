import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { secretsClient } from '../lib/chassis/aws.js';
import { withInvocation } from '../lib/chassis/invocation.js';
import { createLogger } from '../lib/chassis/log.js';
import { ensureOwner } from '../lib/users/owner.js';
import { upgradeUserDirectory } from '../lib/users/user-directory-upgrade.js';

/**
 * Deploy-time owner bootstrap (DESIGN §5): a CloudFormation custom resource (CDK Provider framework)
 * that creates the first owner from OWNER_USERNAME, OWNER_EMAIL and the password kept in the Secrets
 * Manager secret OWNER_PASSWORD_SECRET_ARN, if no owner was ever created, and brings a table from
 * before the admin console up to date (user-directory-upgrade.ts). Safe on every deploy.
 */
interface CustomResourceEvent {
  RequestType: 'Create' | 'Update' | 'Delete';
  PhysicalResourceId?: string;
}

async function bootstrapOwner(event: CustomResourceEvent) {
  const log = createLogger({ function: 'bootstrap' });
  const PhysicalResourceId = 'owner-bootstrap';
  if (event.RequestType === 'Delete') return { PhysicalResourceId };
  const { OWNER_USERNAME, OWNER_EMAIL, OWNER_PASSWORD_SECRET_ARN } = process.env;
  if (!OWNER_USERNAME || !OWNER_EMAIL || !OWNER_PASSWORD_SECRET_ARN) {
    throw new Error('Owner bootstrap needs OWNER_USERNAME, OWNER_EMAIL and OWNER_PASSWORD_SECRET_ARN');
  }
  const { SecretString } = await secretsClient().send(new GetSecretValueCommand({ SecretId: OWNER_PASSWORD_SECRET_ARN }));
  if (!SecretString) throw new Error('The owner password secret is empty');
  const result = await ensureOwner({ username: OWNER_USERNAME, email: OWNER_EMAIL, password: SecretString });
  log.info('owner bootstrap', { result });
  // A table from before the admin console gets its role counters and search entries (once).
  log.info('user directory', { upgrade: await upgradeUserDirectory() });
  return { PhysicalResourceId, Data: { result } };
}

/** The Lambda handler: its log lines carry the invocation's request id and trace id. */
export const handler = withInvocation(bootstrapOwner);
