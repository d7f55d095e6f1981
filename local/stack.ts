import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { APIGatewayProxyEvent, APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { AREAS, type Area, CROSS_ORIGIN_API, routes, SITE_CONFIG_FILE, type SiteConfig } from '../shared/api/index.js';
import { isCalendarDate } from '../shared/domain/dates.js';
import { DEFAULT_REMINDER_HOUR_UTC } from '../shared/domain/reminders.js';
import { checkJava, checkNode } from './requirements.js';
import { ensureTable, startDynamoDbLocal, startS3Emulator, startSesEmulator } from './emulators.js';
import { type ApiEvent, type ApiResult, corsHeaders } from '../functions/lib/http.js';
import { cacheControlOf, contentTypeOf } from '../infra/site-files.js';

/**
 * The embedded local stack (DESIGN §1.3): DynamoDB Local, the SES and S3 emulators, the web build,
 * and `/api/*` turned into API Gateway HTTP API (payload 2.0) events for the real Lambda handlers,
 * dispatched by the same route table the CDK stack deploys.
 */
export interface LocalStackOptions {
  /** Port of the app and `/api` (0 picks a free one). */
  port?: number;
  /** Port of the SES emulator's mailbox (0 picks a free one). */
  sesPort?: number;
  /** Folder that keeps the data between runs, or ':memory:' to keep nothing. */
  dataDir?: string;
  owner?: { username: string; password: string; email: string };
  /** Serve the SPA through Vite's dev server (hot reload) instead of web/dist. */
  dev?: boolean;
  /** Only warnings and errors in the function logs. */
  quiet?: boolean;
  /** Run the reminder job every day at REMINDER_HOUR_UTC, like the cloud schedule (default true). */
  dailyReminders?: boolean;
  /**
   * Also serve the API the way the LocalStack deployment does (DESIGN §1): a REST API stage at
   * `/local/api/...` whose routes get payload 1.0 events, answering CORS preflights and adding
   * `Access-Control-Allow-Origin` for the site at `siteOrigin` (an S3 website there).
   */
  restApi?: { siteOrigin: string };
}

export interface LocalStack {
  url: string;
  mailboxUrl: string;
  tableName: string;
  dynamoEndpoint: string;
  stop(): Promise<void>;
}

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export const DEFAULT_OWNER = { username: 'owner', password: 'Owner123!', email: 'owner@example.com' };
const TABLE_NAME = 'subscription-tracker';
const AVATARS_BUCKET = 'avatars';
/** Lambda's synchronous payload limit: larger requests are rejected before the function runs. */
const MAX_REQUEST_BYTES = 6 * 1024 * 1024;
const ROOT = resolve(import.meta.dirname, '..');
const WEB_DIST = join(ROOT, 'web', 'dist');

type LambdaHandler = (event: ApiEvent, context: Context) => Promise<ApiResult>;
type RunReminders = (event: { date?: string }) => Promise<unknown>;

/** Calls `run` every day at `hourUtc`:00 UTC, like the cloud's EventBridge schedule. */
function scheduleDaily(hourUtc: number, run: () => Promise<unknown>): () => void {
  let timer: NodeJS.Timeout;
  const arm = () => {
    const next = new Date();
    next.setUTCHours(hourUtc, 0, 0, 0);
    if (next.getTime() <= Date.now()) next.setUTCDate(next.getUTCDate() + 1);
    timer = setTimeout(() => {
      run().catch((error) => console.error(JSON.stringify({ level: 'error', msg: 'daily reminder run failed', error: String(error) })));
      arm();
    }, next.getTime() - Date.now());
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}

interface CompiledRoute {
  method: string;
  path: string;
  pattern: RegExp;
  area: Area;
}

const compiledRoutes: CompiledRoute[] = Object.values(routes).map((def) => ({
  method: def.method,
  path: def.path,
  area: def.area,
  pattern: new RegExp(`^${def.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
}));

/** The route for a request: exact method first, so API Gateway's 404 for other methods is kept. */
function matchRoute(method: string, path: string): CompiledRoute | undefined {
  return compiledRoutes.find((r) => r.method === method && r.pattern.test(path));
}

/** Where the contract's paths are mounted: HTTP API at `/api` (as in the cloud), REST API under its stage. */
type ApiShape = 'http' | 'rest';
const REST_STAGE_PREFIX = `/${CROSS_ORIGIN_API.restApiStage}`;

/** The same response headers policy CloudFront applies to the site (infra/web.ts). */
const SITE_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; font-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolvePromise(tooLarge ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded)|text\/)/i;

/** What both payload formats carry of a request. */
function requestParts(req: IncomingMessage, url: URL, body: Buffer) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const isText = body.length === 0 || TEXT_TYPES.test(headers['content-type'] ?? 'application/json');
  return {
    headers,
    query,
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: !isText,
    requestId: randomBytes(8).toString('hex'),
    now: new Date(),
    sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
    userAgent: headers['user-agent'] ?? '',
  };
}

/** An API Gateway HTTP API payload 2.0 event, as API Gateway builds it. */
function toHttpApiEvent(req: IncomingMessage, url: URL, route: CompiledRoute, body: Buffer): APIGatewayProxyEventV2 {
  const parts = requestParts(req, url, body);
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers: parts.headers,
    queryStringParameters: Object.keys(parts.query).length ? parts.query : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: parts.headers.host ?? 'localhost',
      http: {
        method: route.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: parts.sourceIp,
        userAgent: parts.userAgent,
      },
      requestId: parts.requestId,
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: parts.now.toUTCString(),
      timeEpoch: parts.now.getTime(),
    },
    body: parts.body,
    isBase64Encoded: parts.isBase64Encoded,
  } as APIGatewayProxyEventV2;
}

/** An API Gateway REST API (Lambda proxy, payload 1.0) event, as the LocalStack deployment's API builds it. */
function toRestApiEvent(req: IncomingMessage, url: URL, apiPath: string, route: CompiledRoute, body: Buffer): APIGatewayProxyEvent {
  const parts = requestParts(req, url, body);
  const multiValue = (record: Record<string, string>) =>
    Object.fromEntries(Object.entries(record).map(([name, value]) => [name, value.split(',')]));
  return {
    resource: route.path,
    path: apiPath,
    httpMethod: route.method,
    headers: parts.headers,
    multiValueHeaders: multiValue(parts.headers),
    queryStringParameters: Object.keys(parts.query).length ? parts.query : null,
    multiValueQueryStringParameters: Object.keys(parts.query).length ? multiValue(parts.query) : null,
    pathParameters: null,
    stageVariables: null,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      httpMethod: route.method,
      path: url.pathname,
      protocol: 'HTTP/1.1',
      requestId: parts.requestId,
      requestTimeEpoch: parts.now.getTime(),
      resourceId: 'local',
      resourcePath: route.path,
      stage: CROSS_ORIGIN_API.restApiStage,
      identity: { sourceIp: parts.sourceIp, userAgent: parts.userAgent },
    },
    body: parts.body ?? null,
    isBase64Encoded: parts.isBase64Encoded,
  } as unknown as APIGatewayProxyEvent;
}

function lambdaContext(area: Area, requestId: string): Context {
  const deadline = Date.now() + 29_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-${area}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:local-${area}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/local-${area}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function serveFile(res: ServerResponse, file: string, cache: string) {
  res.writeHead(200, {
    'content-type': contentTypeOf(file),
    'content-length': statSync(file).size,
    'cache-control': cache,
    ...SITE_HEADERS,
  });
  createReadStream(file).pipe(res);
}

/** The web build with SPA fallback: extension-less paths get index.html, missing assets 404. */
function serveWeb(req: IncomingMessage, res: ServerResponse, url: URL) {
  const index = join(WEB_DIST, 'index.html');
  if (!existsSync(index)) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('The web app is not built yet: run `npm run build:web` (npm start does it for you).');
    return;
  }
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    pathname = '/';
  }
  const file = normalize(join(WEB_DIST, pathname));
  if (file.startsWith(WEB_DIST + sep) && existsSync(file) && statSync(file).isFile()) {
    serveFile(res, file, cacheControlOf(pathname.slice(1)));
    return;
  }
  if (extname(pathname) && req.method === 'GET') {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found');
    return;
  }
  serveFile(res, index, cacheControlOf('index.html'));
}

function resolveDataDir(dataDir: string): { dir: string | undefined; temp: boolean } {
  if (dataDir === ':memory:') return { dir: undefined, temp: true };
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  return { dir, temp: false };
}

/** The signing key for sessions: random per run in memory, kept in the data folder otherwise. */
function jwtSecret(dir: string | undefined): string {
  if (!dir) return randomBytes(48).toString('base64url');
  const file = join(dir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  checkNode();
  checkJava();
  const { dir, temp } = resolveDataDir(options.dataDir ?? '.data');
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
    stops.length = 0;
  };

  try {
    const handlers = new Map<Area, LambdaHandler>();
    let reminders: RunReminders | undefined;
    let s3: S3Client | undefined;
    let vite: { middlewares: (req: IncomingMessage, res: ServerResponse, next: () => void) => void; close(): Promise<void> } | undefined;

    // The REST API's CORS: its gateway answers (preflights, 404, 413) carry the site's origin too.
    const restCors = corsHeaders(options.restApi?.siteOrigin);

    /** One API request, as API Gateway and Lambda would serve it: route match, event, handler. */
    const dispatchApi = async (req: IncomingMessage, res: ServerResponse, url: URL, apiPath: string, shape: ApiShape) => {
      const gatewayHeaders = shape === 'rest' ? restCors : {};
      const method = req.method ?? 'GET';
      if (shape === 'rest' && method === 'OPTIONS' && compiledRoutes.some((r) => r.pattern.test(apiPath))) {
        res.writeHead(204, {
          ...restCors,
          'access-control-allow-methods': CROSS_ORIGIN_API.allowMethods.join(','),
          'access-control-allow-headers': CROSS_ORIGIN_API.allowHeaders.join(','),
          'access-control-max-age': String(CROSS_ORIGIN_API.preflightMaxAge),
        });
        res.end();
        return;
      }
      const body = await readBody(req);
      if (body === 'too-large') return sendJson(res, 413, { message: 'Request body is too large' }, gatewayHeaders);
      const route = matchRoute(method, apiPath);
      const handler = route && handlers.get(route.area);
      if (!route || !handler) return sendJson(res, 404, { message: 'Not found' }, gatewayHeaders);
      const event = shape === 'http' ? toHttpApiEvent(req, url, route, body) : toRestApiEvent(req, url, apiPath, route, body);
      const result = await handler(event as ApiEvent, lambdaContext(route.area, event.requestContext.requestId));
      res.writeHead(result.statusCode, result.headers);
      res.end(result.body);
    };

    const server: Server = createServer(async (req, res) => {
      try {
        const url = new URL(req.url ?? '/', 'http://localhost');
        if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
          return await dispatchApi(req, res, url, url.pathname, 'http');
        }
        if (options.restApi && url.pathname.startsWith(`${REST_STAGE_PREFIX}/api/`)) {
          return await dispatchApi(req, res, url, url.pathname.slice(REST_STAGE_PREFIX.length), 'rest');
        }
        // The site's runtime configuration: the API is on this origin.
        if (url.pathname === `/${SITE_CONFIG_FILE}`) return sendJson(res, 200, { apiBaseUrl: '' } satisfies SiteConfig);
        // Local-stack-only, like LocalStack's /_aws/ routes; never deployed.
        if (url.pathname === '/_local/reminders' && req.method === 'POST' && reminders) {
          const date = url.searchParams.get('date') ?? undefined;
          if (date !== undefined && !isCalendarDate(date)) {
            return sendJson(res, 400, { message: 'date must be a calendar date written YYYY-MM-DD' });
          }
          return sendJson(res, 200, await reminders({ date }));
        }
        if (url.pathname.startsWith('/avatars/') && s3) {
          const key = decodeURIComponent(url.pathname.slice('/avatars/'.length));
          try {
            const object = await s3.send(new GetObjectCommand({ Bucket: AVATARS_BUCKET, Key: key }));
            res.writeHead(200, {
              'content-type': object.ContentType ?? 'application/octet-stream',
              'cache-control': 'public, max-age=300',
              ...SITE_HEADERS,
            });
            res.end(Buffer.from(await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray()));
          } catch {
            res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
            res.end('Not found');
          }
          return;
        }
        if (vite) return vite.middlewares(req, res, () => serveWeb(req, res, url));
        serveWeb(req, res, url);
      } catch (error) {
        console.error(JSON.stringify({ level: 'error', msg: 'local stack request failed', error: String((error as Error).stack) }));
        if (!res.headersSent) sendJson(res, 500, { message: 'Something went wrong. Please try again.' });
        else res.end();
      }
    });
    await new Promise<void>((resolvePromise, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 3000, resolvePromise);
    });
    stops.push(() => new Promise((r) => server.close(() => r())));
    server.closeAllConnections?.();
    const port = (server.address() as AddressInfo).port;
    const url = `http://localhost:${port}`;

    const dynamoDb = await startDynamoDbLocal(dir ? join(dir, 'dynamodb') : undefined);
    stops.push(dynamoDb.stop);
    if (dir) mkdirSync(join(dir, 'dynamodb'), { recursive: true });
    const ses = await startSesEmulator(options.sesPort ?? 8005);
    stops.push(ses.stop);
    const s3Dir = dir ? join(dir, 's3') : mkdtempSync(join(tmpdir(), 'subscription-tracker-s3-'));
    mkdirSync(s3Dir, { recursive: true });
    if (temp) stops.push(async () => rmSync(s3Dir, { recursive: true, force: true }));
    const s3Emulator = await startS3Emulator(s3Dir, AVATARS_BUCKET);
    stops.push(s3Emulator.stop);

    Object.assign(process.env, {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: dynamoDb.endpoint,
      AWS_ENDPOINT_URL_SES: ses.endpoint,
      AWS_ENDPOINT_URL_S3: s3Emulator.endpoint,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      TABLE_NAME,
      AVATARS_BUCKET,
      PUBLIC_URL: process.env.PUBLIC_URL || url,
      SENDER_EMAIL: process.env.SENDER_EMAIL || 'reminders@subscription-tracker.local',
      JWT_SECRET: jwtSecret(dir),
      LOG_LEVEL: options.quiet ? 'warn' : process.env.LOG_LEVEL || 'info',
    });
    delete process.env.JWT_SECRET_ARN;
    if (options.restApi) process.env.CORS_ALLOWED_ORIGIN = options.restApi.siteOrigin;
    else delete process.env.CORS_ALLOWED_ORIGIN;

    const dynamoClient = new DynamoDBClient({});
    await ensureTable(dynamoClient, TABLE_NAME);
    dynamoClient.destroy();
    s3 = new S3Client({ forcePathStyle: true });

    const { ensureOwner } = await import('../functions/lib/owner.js');
    await ensureOwner(options.owner ?? DEFAULT_OWNER);

    for (const area of AREAS) {
      const module = (await import(`../functions/${area}/handler.ts`)) as { handler: LambdaHandler };
      handlers.set(area, module.handler);
    }

    // The summary of every run, failed sends included (the Lambda handler would throw for a retry instead).
    reminders = ((await import('../functions/reminders/handler.js')) as { runRemindersFor: RunReminders }).runRemindersFor;
    if (options.dailyReminders !== false) {
      const run = reminders;
      const cancelDaily = scheduleDaily(Number(process.env.REMINDER_HOUR_UTC ?? DEFAULT_REMINDER_HOUR_UTC), () => run({}));
      stops.push(async () => cancelDaily());
    }

    if (options.dev) {
      const { createServer: createViteServer } = await import('vite');
      vite = await createViteServer({
        configFile: join(ROOT, 'web', 'vite.config.ts'),
        server: { middlewareMode: true, hmr: { server } },
        appType: 'spa',
      });
      stops.push(() => (vite as { close(): Promise<void> }).close());
    }

    return {
      url,
      mailboxUrl: ses.endpoint.replace('127.0.0.1', 'localhost'),
      tableName: TABLE_NAME,
      dynamoEndpoint: dynamoDb.endpoint,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
