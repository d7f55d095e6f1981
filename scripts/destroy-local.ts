/**
 * `npm run destroy:local [-- --all]`: deletes the application stack (`SubscriptionTracker`) from the local AWS
 * emulator at AWS_ENDPOINT_URL and keeps the data stack, its table, avatars and secrets, which the next
 * `npm run deploy:local` finds again; `--all` then deletes the data stack too.
 *
 * It deletes by the stack's name through CloudFormation: `cdk destroy` deletes by the stack's ARN, which
 * MiniStack's DeleteStack does not look up (it answers success and deletes nothing; docs/decisions/0146). Each
 * stack's buckets are emptied first, as CloudFormation deletes only empty buckets and the emulators run no
 * custom resources to do it.
 */
import { parseArgs } from 'node:util';
import { DeleteStackCommand } from '@aws-sdk/client-cloudformation';
import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DATA_STACK_NAME, STACK_NAME } from '../infra/subscription-tracker.js';
import { checkEmulator, clientConfig, cloudFormation, stackResources, stackStatus } from './emulator.js';

const s3 = new S3Client({ ...clientConfig, endpoint: process.env.AWS_ENDPOINT_URL_S3 ?? clientConfig.endpoint, forcePathStyle: true });

async function emptyBucket(bucket: string): Promise<void> {
  for (;;) {
    const { Contents } = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
    const keys = (Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
    if (!keys.length) return;
    await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
  }
}

async function destroy(name: string): Promise<void> {
  const started = Date.now();
  if (!(await stackStatus(name))) {
    console.log(`${name}: not deployed`);
    return;
  }
  for (const resource of await stackResources(name)) {
    if (resource.ResourceType === 'AWS::S3::Bucket' && resource.PhysicalResourceId) await emptyBucket(resource.PhysicalResourceId);
  }
  await cloudFormation.send(new DeleteStackCommand({ StackName: name }));
  for (;;) {
    const status = await stackStatus(name);
    if (!status) break;
    if (status.endsWith('_FAILED')) throw new Error(`${name} could not be deleted: ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  console.log(`${name}: deleted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { all: { type: 'boolean', default: false } } });
  await checkEmulator();
  await destroy(STACK_NAME);
  if (values.all) await destroy(DATA_STACK_NAME);
  else console.log(`${DATA_STACK_NAME} is kept, with its items: \`npm run destroy:local -- --all\` deletes it too.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
