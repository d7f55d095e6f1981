import {
  DescribeSecretCommand,
  GetRandomPasswordCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  UpdateSecretVersionStageCommand,
} from '@aws-sdk/client-secrets-manager';
import { secretsClient } from '../lib/chassis/aws.js';
import { invocationFields, withInvocation } from '../lib/chassis/invocation.js';
import { type RotationStep, type RotationStore, rotate } from './steps.js';

/**
 * The rotation function of the session signing key (infra/secrets.ts): Secrets Manager invokes it
 * with each rotation step in turn (steps.ts). The functions accept tokens signed with the new
 * (AWSCURRENT) and the replaced (AWSPREVIOUS) key (functions/lib/auth/jwt.ts).
 */
interface RotationEvent {
  SecretId: string;
  ClientRequestToken: string;
  Step: RotationStep;
}

function secretStore(secretId: string): RotationStore {
  const client = secretsClient();
  return {
    async describe() {
      const secret = await client.send(new DescribeSecretCommand({ SecretId: secretId }));
      return { rotationEnabled: secret.RotationEnabled === true, versions: secret.VersionIdsToStages ?? {} };
    },
    async valueOf(versionId, stage) {
      try {
        return (await client.send(new GetSecretValueCommand({ SecretId: secretId, VersionId: versionId, VersionStage: stage })))
          .SecretString;
      } catch (error) {
        if ((error as { name?: string }).name === 'ResourceNotFoundException') return undefined;
        throw error;
      }
    },
    async randomKey(length) {
      const { RandomPassword } = await client.send(
        new GetRandomPasswordCommand({ PasswordLength: length, ExcludePunctuation: true, IncludeSpace: false }),
      );
      if (!RandomPassword) throw new Error('Secrets Manager returned no random key');
      return RandomPassword;
    },
    async putPending(versionId, value) {
      await client.send(
        new PutSecretValueCommand({
          SecretId: secretId,
          ClientRequestToken: versionId,
          SecretString: value,
          VersionStages: ['AWSPENDING'],
        }),
      );
    },
    async makeCurrent(toVersionId, fromVersionId) {
      await client.send(
        new UpdateSecretVersionStageCommand({
          SecretId: secretId,
          VersionStage: 'AWSCURRENT',
          MoveToVersionId: toVersionId,
          RemoveFromVersionId: fromVersionId,
        }),
      );
    },
  };
}

async function rotateKey(event: RotationEvent): Promise<void> {
  const outcome = await rotate(event.Step, event.ClientRequestToken, secretStore(event.SecretId));
  // The version id is no secret; the key itself is never logged.
  console.log(
    JSON.stringify({
      level: 'info',
      msg: 'signing key rotation',
      ...invocationFields(),
      step: event.Step,
      version: event.ClientRequestToken,
      outcome,
    }),
  );
}

/** The Lambda handler: its log lines carry the invocation's request id and trace id. */
export const handler = withInvocation(rotateKey);
