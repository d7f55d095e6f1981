import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CannotStart } from './cannot-start.js';

/** DATA_DIR's value that keeps nothing between runs. */
export const IN_MEMORY = ':memory:';
/** The data folder's file of the local routes' token (DataFolder.localRoutesToken). */
export const LOCAL_ROUTES_TOKEN_FILE = 'local-routes-token';
/** The header that carries the local routes' token when HOST opens the stack to the network (local/server.ts). */
export const LOCAL_ROUTES_TOKEN_HEADER = 'x-local-routes-token';

/**
 * Where the local stack keeps what must survive a restart (DATA_DIR, `.data` by default):
 * `dynamodb/` (DynamoDB Local's file), `s3/` (the avatars), `jwt-secret` (so sessions outlive a
 * restart), `two-factor-key` (which encrypts the two-factor secrets: a separate secret, as in the cloud)
 * and `vapid-key` (the seed of the Web Push key pair, so browsers' subscriptions outlive a restart). Every folder exists before the emulators start. In memory, the avatars go to a
 * temporary folder removed at stop and the secret is random per run.
 */
export interface DataFolder {
  /** DynamoDB Local's folder; undefined keeps the table in memory. */
  dynamoDbPath: string | undefined;
  s3Path: string;
  /** Where DynamoDB Local's output is written when it fails to start. */
  dynamoDbLogFile: string;
  jwtSecret: string;
  twoFactorKey: string;
  vapidKey: string;
  /**
   * The token the `/_local/*` routes require when HOST opens the stack (issue 34 §14), kept in
   * `local-routes-token` for `npm run reminders` to read; random per run in memory (printed at start).
   */
  localRoutesToken: string;
  /** The file that keeps it, or null in memory. */
  localRoutesTokenFile: string | null;
  /** Removes what an in-memory run wrote to disk; nothing for a data folder. */
  cleanUp(): void;
}

function createFolder(path: string, dataDir: string): void {
  try {
    mkdirSync(path, { recursive: true });
  } catch (error) {
    throw new CannotStart(
      `DATA_DIR ${dataDir} cannot hold the data (${(error as NodeJS.ErrnoException).code}): set DATA_DIR to a folder you can write to.`,
    );
  }
}

/** A key (the sessions' signing key, the two-factor key, the VAPID seed), created once and kept in the data folder. */
function keptSecret(dir: string, name: string): string {
  const file = join(dir, name);
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

export function openDataFolder(dataDir: string): DataFolder {
  if (dataDir === IN_MEMORY) {
    const s3Path = mkdtempSync(join(tmpdir(), 'subscription-tracker-s3-'));
    return {
      dynamoDbPath: undefined,
      s3Path,
      dynamoDbLogFile: join(tmpdir(), 'subscription-tracker-dynamodb-local.log'),
      jwtSecret: randomBytes(48).toString('base64url'),
      twoFactorKey: randomBytes(48).toString('base64url'),
      vapidKey: randomBytes(48).toString('base64url'),
      localRoutesToken: randomBytes(32).toString('base64url'),
      localRoutesTokenFile: null,
      cleanUp: () => rmSync(s3Path, { recursive: true, force: true }),
    };
  }
  const dir = resolve(dataDir);
  const folder = {
    dynamoDbPath: join(dir, 'dynamodb'),
    s3Path: join(dir, 's3'),
    dynamoDbLogFile: join(dir, 'dynamodb-local.log'),
  };
  createFolder(folder.dynamoDbPath, dataDir);
  createFolder(folder.s3Path, dataDir);
  return {
    ...folder,
    jwtSecret: keptSecret(dir, 'jwt-secret'),
    twoFactorKey: keptSecret(dir, 'two-factor-key'),
    vapidKey: keptSecret(dir, 'vapid-key'),
    localRoutesToken: keptSecret(dir, LOCAL_ROUTES_TOKEN_FILE),
    localRoutesTokenFile: join(dir, LOCAL_ROUTES_TOKEN_FILE),
    cleanUp: () => undefined,
  };
}
