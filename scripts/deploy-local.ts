/**
 * `npm run deploy:local [-- -c key=value …]`: deploys the product to LocalStack (docs/DEPLOY.md).
 *
 * 1. `cdklocal bootstrap` and `cdklocal deploy --all` with `-c target=localstack` and any extra
 *    arguments given, writing the stack outputs to cdk.out/localstack-outputs.json;
 * 2. then the two steps CloudFormation cannot do there, because LocalStack's free tier runs
 *    neither Lambda layers (BucketDeployment) nor custom resources: publishes the built SPA
 *    (web/dist) to the S3 website bucket with the `config.json` that points it at the REST API,
 *    and creates the first owner by invoking the owner bootstrap function, printing its sign-in.
 *
 * LocalStack's endpoint comes from AWS_ENDPOINT_URL (default http://localhost:4566).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { S3Client } from '@aws-sdk/client-s3';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { projectRoot } from '../infra/bundling.js';
import { webDist } from '../infra/site-build.js';
import { STACK_NAME } from '../infra/subscription-tracker.js';
import type { SiteConfig } from '../shared/api/contract.js';
import { publishSite } from './localstack-site.js';

// Node 20 is supported here (DESIGN §9); the SDK's notice about Node 22 is noise for this command.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** LocalStack accepts any credentials; these are used when none are configured. */
const clientConfig = {
  endpoint: process.env.AWS_ENDPOINT_URL ?? 'http://localhost:4566',
  region: process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1',
  credentials:
    process.env.AWS_ACCESS_KEY_ID && process.env.AWS_SECRET_ACCESS_KEY ? undefined : { accessKeyId: 'test', secretAccessKey: 'test' },
};

interface LocalStackOutputs {
  SiteUrl: string;
  ApiUrl: string;
  SiteBucketName: string;
  OwnerBootstrapFunctionName?: string;
  OwnerUsername?: string;
  OwnerPasswordSecretArn?: string;
}

function stackOutputs(file: string): LocalStackOutputs {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read the deployment's outputs from ${file} (deploy with --outputs-file ${file}): ${String(error)}`);
  }
  const outputs = (parsed as Record<string, Partial<LocalStackOutputs> | undefined>)[STACK_NAME];
  if (!outputs?.SiteBucketName || !outputs.ApiUrl || !outputs.SiteUrl) {
    throw new Error(`${file} has no SiteBucketName/ApiUrl outputs of stack ${STACK_NAME}; was it deployed with -c target=localstack?`);
  }
  return outputs as LocalStackOutputs;
}

async function publishBuiltSite(outputs: LocalStackOutputs): Promise<void> {
  const s3 = new S3Client({
    ...clientConfig,
    endpoint: process.env.AWS_ENDPOINT_URL_S3 ?? clientConfig.endpoint,
    forcePathStyle: true,
  });
  const config: SiteConfig = { apiBaseUrl: outputs.ApiUrl.replace(/\/+$/, '') };
  const uploads = await publishSite({ s3, bucket: outputs.SiteBucketName, distDir: webDist, config });
  console.log(`Site: ${outputs.SiteUrl} (${uploads.length} files; API at ${config.apiBaseUrl})`);
}

async function bootstrapOwner(outputs: LocalStackOutputs): Promise<void> {
  if (!outputs.OwnerBootstrapFunctionName) return;
  const lambda = new LambdaClient(clientConfig);
  const answer = await lambda.send(
    new InvokeCommand({
      FunctionName: outputs.OwnerBootstrapFunctionName,
      Payload: new TextEncoder().encode(JSON.stringify({ RequestType: 'Create' })),
    }),
  );
  const payload = answer.Payload ? new TextDecoder().decode(answer.Payload) : '';
  if (answer.FunctionError) throw new Error(`The owner bootstrap failed: ${payload}`);
  const result = (JSON.parse(payload || '{}') as { Data?: { result?: string } }).Data?.result ?? 'done';
  if (!outputs.OwnerPasswordSecretArn) {
    console.log(`Owner: ${result}`);
    return;
  }
  const secrets = new SecretsManagerClient(clientConfig);
  const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: outputs.OwnerPasswordSecretArn }));
  console.log(`Owner (${result}): sign in as ${outputs.OwnerUsername} with the password ${SecretString}`);
}

function cdklocal(args: string[]): void {
  const run = spawnSync('npx', ['cdklocal', ...args], { cwd: projectRoot, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`cdklocal ${args[0]} failed`);
}

/** What the stacks use; LocalStack's free tier has all of them (docs/DEPLOY.md). */
const SERVICES_USED = [
  'cloudformation',
  'iam',
  'sts',
  'lambda',
  'dynamodb',
  's3',
  'ses',
  'apigateway',
  'secretsmanager',
  'sqs',
  'sns',
  'scheduler',
  'cloudwatch',
  'logs',
];

/** Stops early, in one sentence, when LocalStack is not running or lacks a service the stacks use. */
async function checkLocalStack(): Promise<void> {
  const health = `${clientConfig.endpoint.replace(/\/+$/, '')}/_localstack/health`;
  let services: Record<string, string>;
  try {
    const response = await fetch(health, { signal: AbortSignal.timeout(5_000) });
    ({ services } = (await response.json()) as { services: Record<string, string> });
  } catch {
    throw new Error(
      `LocalStack is not answering at ${clientConfig.endpoint}: start it first (README, "Test on LocalStack"), or set AWS_ENDPOINT_URL to where it runs.`,
    );
  }
  const missing = SERVICES_USED.filter((service) => !services?.[service] || services[service] === 'disabled');
  if (missing.length) throw new Error(`LocalStack at ${clientConfig.endpoint} does not offer ${missing.join(', ')}, which the stacks use.`);
}

async function main(): Promise<void> {
  await checkLocalStack();
  const outputsFile = join(projectRoot, 'cdk.out', 'localstack-outputs.json');
  const context = ['-c', 'target=localstack', ...process.argv.slice(2)];
  cdklocal(['bootstrap', ...context]);
  cdklocal(['deploy', '--all', '--require-approval', 'never', '--outputs-file', outputsFile, ...context]);
  const outputs = stackOutputs(outputsFile);
  await publishBuiltSite(outputs);
  await bootstrapOwner(outputs);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
