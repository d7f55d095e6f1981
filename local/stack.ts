import { createServer } from 'node:http';
import { BCRYPT_COSTS } from '../functions/lib/chassis/config.js';
import { apiGateway } from './api-gateway.js';
import { AVATAR_UPLOADS_PATH, avatarsBucketObjects, avatarUploads } from './avatars.js';
import { moveLocalClock } from './clock.js';
import { openDataFolder } from './data-folder.js';
import { startEmulators } from './emulators.js';
import { AVATARS_BUCKET, startFunctions, TABLE_NAME } from './functions.js';
import { scheduleHourly } from './hourly-reminders.js';
import { listen, reservePort } from './ports.js';
import { checkJava, checkNode } from './requirements.js';
import { isLoopbackAddress, serveSite } from './server.js';
import { serveWebBuild, viteDevServer, WEB_DIST, type WebServer } from './web.js';

/**
 * The embedded local stack (DESIGN §1.3): DynamoDB Local, the SES and S3 emulators, the web build,
 * and `/api/*` turned into API Gateway HTTP API (payload 2.0) events for the real Lambda handlers,
 * dispatched by the same route table the CDK stack deploys. Its server listens only once all of
 * that is ready.
 */
export interface LocalStackOptions {
  /** Port of the app and `/api` (0 picks a free one). */
  port?: number;
  /**
   * Address the app's server listens on: 127.0.0.1 (this machine only) unless given, e.g. `0.0.0.0`
   * to open the app to the network. The emulators always listen on 127.0.0.1.
   */
  host?: string;
  /** Port of the SES emulator's mailbox (0 picks a free one). */
  sesPort?: number;
  /** Folder that keeps the data between runs, or ':memory:' to keep nothing. */
  dataDir?: string;
  owner?: { username: string; password: string; email: string };
  /** Serve the SPA through Vite's dev server (hot reload) instead of web/dist. */
  dev?: boolean;
  /** Only warnings and errors in the function logs. */
  quiet?: boolean;
  /** Run the reminder planner every hour on the hour, like the cloud schedule (default true). */
  hourlyReminders?: boolean;
  /**
   * Also serve the API the way the LocalStack deployment does (DESIGN §1): a REST API stage at
   * `/local/api/...` whose routes get payload 1.0 events, answering CORS preflights and adding
   * `Access-Control-Allow-Origin` for the site at `siteOrigin` (an S3 website there).
   */
  restApi?: { siteOrigin: string };
  /**
   * Client addresses the per-address limit on sign-ups and mail requests does not count (30 an hour,
   * functions/lib/throttles/throttle.ts): the test stacks' loopback, from which the tests sign up hundreds of
   * users. None by default; the per-e-mail-address limits apply to everyone.
   */
  throttleExemptAddresses?: readonly string[];
  /**
   * bcrypt's cost for new password hashes (BCRYPT_COST): production's 10 (≈ 85 ms a hash) unless
   * given. The test stacks give bcrypt's minimum, 4, for the hundreds of sign-ups and sign-ins they make.
   */
  bcryptCost?: number;
  /**
   * Accounts there must be before GET /api/stats gives the landing counters (LANDING_COUNTERS_MIN_USERS):
   * the shell's LANDING_COUNTERS_MIN_USERS, else 100, unless given.
   */
  landingCountersMinUsers?: number;
}

/** bcrypt's minimum cost: the test stacks' (LocalStackOptions.bcryptCost). */
export const TEST_BCRYPT_COST = BCRYPT_COSTS.min;

/** The loopback addresses a test's own requests come from. */
export const LOOPBACK_ADDRESSES = ['127.0.0.1', '::1'] as const;

export interface LocalStack {
  url: string;
  mailboxUrl: string;
  tableName: string;
  dynamoEndpoint: string;
  /** The S3 emulator's endpoint (the avatars bucket). */
  s3Endpoint: string;
  /** Where browsers post avatar uploads: the S3 emulator, through S3's POST checks (s3-upload-gate.ts). */
  avatarUploadUrl: string;
  /**
   * When HOST opens the stack to the network: the token `/_local/*` requests must carry in the
   * `X-Local-Routes-Token` header, and the data folder's file that keeps it (null in memory). Null on loopback.
   */
  localRoutes: { token: string; file: string | null } | null;
  stop(): Promise<void>;
}

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/** Where the app listens without HOST: this machine only (README 'Configuration'). */
export const DEFAULT_HOST = '127.0.0.1';

/** The app's URL for a listening address: `localhost` for loopback and the wildcards, else the address itself. */
export function appUrl(host: string, port: number): string {
  if (['127.0.0.1', '0.0.0.0', '::', 'localhost'].includes(host)) return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export const DEFAULT_OWNER = { username: 'owner', password: 'Owner123!', email: 'owner@example.com' };

/**
 * Starts everything, in order: requirements, the app's port checked, the data folder, the
 * emulators, the functions, the web app, and last the server's listening. A failure stops what
 * already runs (Java included) and is thrown, as a `CannotStart` sentence when its cause is known.
 */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  checkNode();
  checkJava();
  const host = options.host ?? DEFAULT_HOST;
  const reservation = await reservePort({ port: options.port ?? 3000, variable: 'PORT', host });
  const { port } = reservation;
  const url = appUrl(host, port);
  const folder = openDataFolder(options.dataDir ?? '.data');
  const stops: Array<() => Promise<void>> = [async () => folder.cleanUp(), reservation.release];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
    stops.length = 0;
  };

  try {
    // The pages that post avatar uploads to the S3 emulator: the app's (by name or loopback address) and LocalStack's site.
    const siteOrigins = [new URL(url).origin, `http://127.0.0.1:${port}`, ...(options.restApi ? [options.restApi.siteOrigin] : [])];
    const emulators = await startEmulators(folder, { sesPort: options.sesPort ?? 8005, avatarsBucket: AVATARS_BUCKET, siteOrigins }, stops);
    const functions = await startFunctions({
      emulators,
      publicUrl: url,
      jwtSecret: folder.jwtSecret,
      twoFactorKey: folder.twoFactorKey,
      vapidKey: folder.vapidKey,
      owner: options.owner ?? DEFAULT_OWNER,
      quiet: options.quiet ?? false,
      corsAllowedOrigin: options.restApi?.siteOrigin,
      throttleExemptAddresses: options.throttleExemptAddresses ?? [],
      bcryptCost: options.bcryptCost,
      landingCountersMinUsers: options.landingCountersMinUsers,
    });
    stops.push(async () => functions.membershipSchedules.stop());
    stops.push(async () => functions.reminderQueue.stop());
    stops.push(async () => {
      for (const stream of functions.tableStreams) stream.stop();
    });
    if (options.hourlyReminders !== false) {
      const cancelHourly = scheduleHourly(() => functions.runReminders({}));
      stops.push(async () => cancelHourly());
    }

    // On loopback only this machine reaches the app; once HOST opens it, the /_local routes need the token too.
    const localRoutesToken = isLoopbackAddress(host) || host === 'localhost' ? null : folder.localRoutesToken;
    const server = createServer();
    const uploadOrigin = new URL(process.env.PUBLIC_URL || url).origin;
    const web: WebServer = options.dev
      ? await viteDevServer(server, stops)
      : (req, res, siteUrl) => serveWebBuild(req, res, siteUrl, WEB_DIST, uploadOrigin);
    server.on(
      'request',
      serveSite({
        api: apiGateway(functions.handlers, options.restApi),
        restApi: options.restApi !== undefined,
        runReminders: functions.runReminders,
        membershipSchedules: () => functions.membershipSchedules.pending(),
        moveClock: (ms) => moveLocalClock(ms, () => functions.membershipSchedules.fireDue()),
        deliverSesNotification: functions.deliverSesNotification,
        runDailyRates: functions.runDailyRates,
        bucketObject: avatarsBucketObjects(AVATARS_BUCKET),
        avatarUpload: avatarUploads(emulators.uploadGate.url),
        web,
        localRoutesToken,
      }),
    );
    await reservation.release();
    await listen(server, { port, variable: 'PORT', host });
    stops.push(
      () =>
        new Promise((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    );

    return {
      url,
      mailboxUrl: emulators.ses.endpoint.replace('127.0.0.1', 'localhost'),
      tableName: TABLE_NAME,
      dynamoEndpoint: emulators.dynamoDb.endpoint,
      s3Endpoint: emulators.s3.endpoint,
      avatarUploadUrl: `${process.env.PUBLIC_URL || url}${AVATAR_UPLOADS_PATH}`,
      localRoutes: localRoutesToken === null ? null : { token: localRoutesToken, file: folder.localRoutesTokenFile },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
