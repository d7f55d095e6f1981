import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkEmulator } from '../../scripts/emulator.js';

/** `npm run deploy:local` checks the emulator before deploying, so a tester learns what is wrong in one sentence. */
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

/** An emulator's health endpoint that reports some services only. */
async function fakeEmulator(services: Record<string, string>): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    res.writeHead(req.url === '/_localstack/health' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ edition: 'community', services }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const ALL_BUT_SES_AND_CLOUDWATCH = Object.fromEntries(
  ['cloudformation', 'iam', 'sts', 'lambda', 'dynamodb', 's3', 'apigateway', 'secretsmanager', 'sqs', 'sns', 'scheduler', 'logs'].map(
    (name) => [name, 'available'],
  ),
);
const fakes: Server[] = [];
let fakeUrl: string;
let fakeMiniStackUrl: string;
beforeAll(async () => {
  const localStack = await fakeEmulator({ cloudformation: 'running', lambda: 'available', s3: 'running', ses: 'disabled' });
  // MiniStack lists CloudWatch as `monitoring`.
  const miniStack = await fakeEmulator({ ...ALL_BUT_SES_AND_CLOUDWATCH, monitoring: 'available' });
  fakes.push(localStack.server, miniStack.server);
  fakeUrl = localStack.url;
  fakeMiniStackUrl = miniStack.url;
});
afterAll(() => Promise.all(fakes.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))));

describe('npm run deploy:local before deploying', () => {
  it('says no emulator is running, and where it looked', async () => {
    const run = await deployLocal('http://127.0.0.1:9');
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'No AWS emulator is answering at http://127.0.0.1:9: start LocalStack or MiniStack first (README, "Test on LocalStack"), or set AWS_ENDPOINT_URL to where one runs.',
    );
  });

  // The emulator's check (scripts/emulator.ts) itself, in this process: the command prints its message as above.
  it('names the services the stacks need that this emulator lacks', async () => {
    await expect(checkEmulator(fakeUrl)).rejects.toThrow(
      `The emulator at ${fakeUrl} does not offer iam, sts, dynamodb, ses, apigateway, secretsmanager, sqs, sns, scheduler, cloudwatch, logs, which the stacks use.`,
    );
  });

  it("takes CloudWatch by MiniStack's name for it, monitoring", async () => {
    await expect(checkEmulator(fakeMiniStackUrl)).rejects.toThrow(
      `The emulator at ${fakeMiniStackUrl} does not offer ses, which the stacks use.`,
    );
  });
});
