import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bundleOptions, functionEntries } from '../../infra/bundling.js';
import { call } from './helpers.js';

/**
 * The stats function as deployed: bundled with the stack's options (the SDK's default credential
 * chain aliased away), run in a fresh Node process whose only credentials are Lambda's environment
 * variables, against the local stack's DynamoDB.
 */
let dir: string;
let bundle: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bundled-function-'));
  bundle = join(dir, 'index.mjs');
  const stats = functionEntries().find((entry) => entry.name === 'stats');
  if (!stats) throw new Error('no stats function');
  await build({ ...bundleOptions, entryPoints: [stats.entry], outfile: bundle, logLevel: 'error' });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Invokes the bundle's handler with `GET /api/stats` as API Gateway would; its answer and log lines. */
function invoke(credentials: Record<string, string>) {
  const event = { version: '2.0', rawPath: '/api/stats', requestContext: { requestId: 'bundled', http: { method: 'GET', path: '/api/stats' } } };
  const script = `const { handler } = await import(${JSON.stringify(bundle)});
    console.log(JSON.stringify(await handler(${JSON.stringify(event)}, { awsRequestId: 'bundled' })));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    // Nothing from this machine: no ~/.aws files, no inherited AWS variables.
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      AWS_REGION: 'us-east-1',
      AWS_ENDPOINT_URL_DYNAMODB: inject('dynamoEndpoint'),
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      TABLE_NAME: inject('tableName'),
      PUBLIC_URL: 'http://localhost:3000',
      SENDER_EMAIL: 'reminders@example.com',
      LOG_LEVEL: 'error',
      ...credentials,
    },
  });
  const lines = run.stdout.trim().split('\n');
  return { answer: JSON.parse(lines.at(-1) ?? '{}') as { statusCode: number; body: string }, log: run.stderr };
}

describe('a bundled function', () => {
  it('reads the table with the credentials Lambda puts in the environment', async () => {
    const { answer } = invoke({ AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local', AWS_SESSION_TOKEN: 'session' });
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toEqual((await call('GET', '/api/stats')).body);
  });

  it('says that the environment credentials are missing, and looks nowhere else', () => {
    const { answer, log } = invoke({});
    expect(answer.statusCode).toBe(500);
    expect(log).toContain('No AWS credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set');
  });
});
