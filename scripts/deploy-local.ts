/**
 * `npm run deploy:local [-- -c key=value …]`: deploys the product to a local AWS emulator, LocalStack or
 * MiniStack (README, "Test on LocalStack"; docs/decisions/0146).
 *
 * 1. `cdklocal bootstrap` and `cdklocal deploy --all` with `-c target=localstack`, the emulator's host for the
 *    deployment's URLs (`localstackHost`) and any extra arguments given, writing the stack outputs to
 *    cdk.out/localstack-outputs.json;
 * 2. then the two steps CloudFormation cannot do there, because LocalStack's free tier runs
 *    neither Lambda layers (BucketDeployment) nor custom resources: publishes the built SPA
 *    (web/dist) to the S3 website bucket with the `config.json` that points it at the REST API,
 *    and creates the first owner by invoking the owner bootstrap function, printing its sign-in.
 *
 * The emulator is the one at AWS_ENDPOINT_URL (default http://localhost:4566).
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
import { checkEmulator, clientConfig, emulatorHost, ownerPasswordWithinRules } from './emulator.js';
import { publishSite } from './localstack-site.js';

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

/** Creates the first owner; a password the deployer stored (`ownerPasswordSecretName`) is theirs, used as it is. */
async function bootstrapOwner(outputs: LocalStackOutputs, ownPasswordSecret: boolean): Promise<void> {
  if (!outputs.OwnerBootstrapFunctionName) return;
  if (outputs.OwnerPasswordSecretArn && !ownPasswordSecret) await ownerPasswordWithinRules(outputs.OwnerPasswordSecretArn);
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
  // cdklocal takes the endpoint from AWS_ENDPOINT_URL only with AWS_ENDPOINT_URL_S3 beside it: both are the emulator's.
  // It drops every other AWS_* variable not on its allow list: the region must reach it, as this script's clients
  // use it, and so must the SDK's switch for its notice about Node 22.
  const allowList = ['AWS_REGION', 'AWS_DEFAULT_REGION', 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED'];
  const env = {
    ...process.env,
    AWS_ENDPOINT_URL: clientConfig.endpoint,
    AWS_ENDPOINT_URL_S3: process.env.AWS_ENDPOINT_URL_S3 ?? clientConfig.endpoint,
    AWS_ENVAR_ALLOWLIST: [process.env.AWS_ENVAR_ALLOWLIST, ...allowList].filter(Boolean).join(','),
  };
  const run = spawnSync('npx', ['cdklocal', ...args], { cwd: projectRoot, stdio: 'inherit', env });
  if (run.status !== 0) throw new Error(`cdklocal ${args[0]} failed`);
}

async function main(): Promise<void> {
  const kind = await checkEmulator();
  const outputsFile = join(projectRoot, 'cdk.out', 'localstack-outputs.json');
  const extra = process.argv.slice(2);
  const host = extra.some((argument) => argument.startsWith('localstackHost=')) ? [] : ['-c', `localstackHost=${emulatorHost(kind)}`];
  const context = ['-c', 'target=localstack', ...host, ...extra];
  cdklocal(['bootstrap', ...context]);
  cdklocal(['deploy', '--all', '--require-approval', 'never', '--method', 'direct', '--outputs-file', outputsFile, ...context]);
  const outputs = stackOutputs(outputsFile);
  await publishBuiltSite(outputs);
  await bootstrapOwner(
    outputs,
    extra.some((argument) => argument.startsWith('ownerPasswordSecretName=')),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
