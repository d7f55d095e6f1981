export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/**
 * The AWS credentials of a function: Lambda puts its execution role's credentials in the
 * environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), and so do LocalStack
 * and the local stack. The clients (aws.ts) read them from there and nowhere else.
 */
export async function environmentCredentials(): Promise<AwsCredentials> {
  const { AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN } = process.env;
  if (!AWS_ACCESS_KEY_ID || !AWS_SECRET_ACCESS_KEY) {
    throw new Error(
      'No AWS credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set (Lambda sets them from the execution role)',
    );
  }
  return { accessKeyId: AWS_ACCESS_KEY_ID, secretAccessKey: AWS_SECRET_ACCESS_KEY, sessionToken: AWS_SESSION_TOKEN || undefined };
}

/**
 * Stands in for `@aws-sdk/credential-provider-node` in the function bundles (infra/bundling.ts
 * aliases that package here): every client's runtime config imports its `defaultProvider`, the
 * whole default chain (SSO, STS, IMDS, INI files, ~130 KB), though the clients never use it.
 */
export const defaultProvider = () => environmentCredentials;
