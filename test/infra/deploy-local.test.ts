import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** `npm run deploy:local` checks LocalStack before deploying, so a tester learns what is wrong in one sentence. */
function deployLocal(endpoint: string) {
  return new Promise<{ status: number; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [join(process.cwd(), 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/deploy-local.ts'],
      { env: { ...process.env, AWS_ENDPOINT_URL: endpoint }, timeout: 60_000 },
      (error, _stdout, stderr) => resolve({ status: error ? Number(error.code) : 0, stderr }),
    );
  });
}

/** A LocalStack health endpoint that reports some services only. */
let fakeLocalStack: Server;
let fakeUrl: string;
beforeAll(async () => {
  fakeLocalStack = createServer((req, res) => {
    res.writeHead(req.url === '/_localstack/health' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        edition: 'community',
        services: { cloudformation: 'running', lambda: 'available', s3: 'running', ses: 'disabled' },
      }),
    );
  });
  await new Promise<void>((resolve) => fakeLocalStack.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fakeLocalStack.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => fakeLocalStack.close(() => resolve())));

describe('npm run deploy:local before deploying', () => {
  it('says LocalStack is not running, and where it looked', async () => {
    const run = await deployLocal('http://127.0.0.1:9');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('LocalStack is not answering at http://127.0.0.1:9: start it first');
  });

  it('names the services the stacks need that this LocalStack lacks', async () => {
    const run = await deployLocal(fakeUrl);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `LocalStack at ${fakeUrl} does not offer iam, sts, dynamodb, ses, apigateway, secretsmanager, sqs, sns, scheduler, cloudwatch, logs, which the stacks use.`,
    );
  });
});
