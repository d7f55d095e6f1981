import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESClient } from '@aws-sdk/client-ses';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { environmentCredentials } from './credentials.js';

/**
 * AWS client factories. Endpoints come from the standard AWS_ENDPOINT_URL / AWS_ENDPOINT_URL_<SERVICE>
 * variables, so the same code talks to AWS, LocalStack or the embedded emulators (DESIGN §1).
 * Credentials come from the environment only (credentials.ts), as Lambda provides them.
 */
let documentClient: DynamoDBDocumentClient | undefined;
let ses: SESClient | undefined;
let secrets: SecretsManagerClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({ credentials: environmentCredentials }), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}

/** One SES call never hangs: the reminder job's claims rely on a send ending within seconds. */
const SES_TIMEOUTS = { connectionTimeout: 3_000, requestTimeout: 10_000 };

export function sesClient(): SESClient {
  ses ??= new SESClient({ credentials: environmentCredentials, maxAttempts: 3, requestHandler: SES_TIMEOUTS });
  return ses;
}

export function secretsClient(): SecretsManagerClient {
  secrets ??= new SecretsManagerClient({ credentials: environmentCredentials });
  return secrets;
}
