import middy, { type MiddlewareObj } from '@middy/core';
import httpRouterHandler, { type Method } from '@middy/http-router';
import type { Context } from 'aws-lambda';
import { safeParse } from 'zod/mini';
import { ACCESS_TOKEN_ROUTES, type AccessTokenScope, accessTokenMessages } from '../../../shared/api/access-token-rules.js';
import { authMessages } from '../../../shared/api/auth-messages.js';
import {
  type Area,
  DEFAULT_BAD_PARAMETER,
  DEFAULT_MAX_BODY_BYTES,
  PATH_PARAMETER_PATTERNS,
  type ParsedBodyOf,
  pathParams,
  type RawAnswer,
  type ResponseOf,
  type RouteDef,
} from '../../../shared/api/contract.js';
import { isAdmin } from '../../../shared/domain/roles.js';
import { HttpError } from './errors.js';
import { withInvocation } from './invocation.js';
import { createLogger, type Logger } from './log.js';
import { writeRequestMetrics } from './metrics.js';
import { checkOrigin, clientAddress } from './origin.js';
import { JSON_ANSWER_HEADERS } from './security-headers.js';

/**
 * The middy chassis every API function is built on (DESIGN §3, §7): it accepts API Gateway HTTP API
 * (payload 2.0) and REST API (1.0) events, routes with @middy/http-router from the area's routes in
 * the contract, parses and validates the body with the route's zod schema, signs the caller in with
 * the steps the function composes (`signIn`), enforces admin access, maps errors to `{ message }`,
 * adds security headers and writes one structured log line and one metrics record (Embedded Metric
 * Format) per request. Every log line of a request carries its request id and X-Ray trace id
 * (lib/chassis/invocation.ts).
 *
 * The chassis is the floor the domains stand on: it imports nothing from functions/lib/<domain>
 * (biome.json's override for functions/lib/chassis enforces it; docs/decisions/0109-chassis-floor.md).
 * What signing in means (the session check of lib/auth, the membership settling of lib/membership)
 * is passed in by each function's route table.
 */

/** What the chassis itself reads of a signed-in caller: the id (the log line) and the role (admin routes). */
export interface Caller {
  id: string;
  role: string;
}

/** A signed-in caller and the session their credentials belong to. */
export interface SignedIn<U extends Caller> {
  user: U;
  sessionId: string;
  /**
   * Present when the credentials are a personal access token (issue 37 §2), not a session: its name and scope. The
   * chassis lets it call ACCESS_TOKEN_ROUTES only, and a `read` one only those that read (GET).
   */
  accessToken?: { id: string; name: string; scope: AccessTokenScope };
  /** Run after a write these credentials made succeeded (a token's: logged with its name, issue 37 §2). */
  afterWrite?: (route: { name: string; method: string; path: string }) => Promise<void>;
}

/**
 * Signing in as a function's route table composes it: the first step checks the request's credentials
 * (lib/auth/sign-in.ts: the session check) and answers the caller or throws a 401 HttpError; each later
 * step is given the caller and answers the caller the handler sees (lib/membership: the membership in
 * effect now). The steps run in order on every signed-in request.
 */
export type SignInSteps<U extends Caller> = readonly [
  check: (headers: Record<string, string>, clientAddress: string) => Promise<SignedIn<U>>,
  ...then: ((user: U) => Promise<U>)[],
];

/** How a function's routes are served beyond their handlers. */
interface ApiHandlerOptions<U extends Caller> {
  /** Needed when any route is signed in (`user`, `admin`, or `optionalSignIn`); a public-only area has none in its bundle. */
  signIn?: SignInSteps<U>;
  /** Needed when any route is an `etag` route (lib/chassis/etag.ts). */
  withETag?: ETagAnswer;
}

export interface ApiEvent {
  version?: string;
  httpMethod?: string;
  path?: string;
  rawPath?: string;
  requestContext?: {
    requestId?: string;
    http?: { method: string; path: string; sourceIp?: string; protocol?: string; userAgent?: string };
    identity?: { sourceIp?: string };
  };
  headers?: Record<string, string | undefined> | null;
  queryStringParameters?: Record<string, string | undefined> | null;
  pathParameters?: Record<string, string | undefined> | null;
  body?: string | null;
  isBase64Encoded?: boolean;
}

export interface ApiResult {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

type AccessOf<R> = R extends { access: infer A } ? A : never;

export interface ApiRequest<R, U extends Caller = Caller> {
  body: ParsedBodyOf<R>;
  params: Record<string, string>;
  query: Record<string, string>;
  /** The signed-in user, loaded fresh for this request with the membership in effect now; absent on public routes. */
  user: AccessOf<R> extends 'public' ? undefined : U;
  /** The session the request's token belongs to (logout ends it); absent on public routes. */
  sessionId: AccessOf<R> extends 'public' ? undefined : string;
  /**
   * Signs the caller in as a signed-in route does (401 without a valid session) and answers the user:
   * for a public route with `optionalSignIn` whose answer depends on who asks (GET /api/stats?currency=).
   */
  signIn: () => Promise<U>;
  headers: Record<string, string>;
  requestId: string;
  /**
   * The client's address (functions/lib/chassis/origin.ts): CloudFront's viewer address when the request
   * came through CloudFront, else API Gateway's source address. Never a header the client sets.
   */
  clientAddress: string;
  log: Logger;
}

/** What a route's handler answers: the route's response, or a RawAnswer for a `rawAnswer` route (the MCP endpoint). */
type AnswerOf<R> = R extends { rawAnswer: true } ? RawAnswer : ResponseOf<R>;

export type RouteHandler<R, U extends Caller = Caller> = (request: ApiRequest<R, U>) => Promise<AnswerOf<R>>;

/** One handler per route of an area, by the route's name in the contract. */
export type AreaHandlers<R extends Record<string, RouteDef>, U extends Caller = Caller> = { [K in keyof R]: RouteHandler<R[K], U> };

/** A 204's headers: the JSON answers' own (security, caching) without a content type. */
const noContentHeaders = (): Record<string, string> => {
  const { 'content-type': _contentType, ...rest } = JSON_ANSWER_HEADERS as Record<string, string>;
  return rest;
};

const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}): ApiResult => ({
  statusCode,
  headers: { ...JSON_ANSWER_HEADERS, ...headers },
  body: JSON.stringify(body),
});

/** A text answer of a route with a `contentType` (the calendar feed): the handler's string as it is. */
const text = (statusCode: number, body: string, contentType: string): ApiResult => ({
  statusCode,
  headers: { ...JSON_ANSWER_HEADERS, 'content-type': contentType },
  body,
});

/**
 * Answers an `etag` route (functions/lib/chassis/etag.ts): given by the functions that serve one, so the
 * others do not carry it.
 */
export type ETagAnswer = (answer: ApiResult, ifNoneMatch: string | undefined) => ApiResult;

interface RequestState {
  routeName: string;
  routePath: string;
  userId?: string;
  started: number;
  /** The origin secret matched: the request came through CloudFront, whose viewer-address header can be trusted. */
  throughCloudFront: boolean;
}

type Internal = ApiEvent & { __state?: RequestState };

function lowerCaseHeaders(headers: ApiEvent['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) out[name.toLowerCase()] = value;
  return out;
}

function compact(record: Record<string, string | undefined> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(record ?? {})) if (value !== undefined) out[name] = value;
  return out;
}

/** Parses the JSON body: empty means `{}`, so missing fields get their own messages. */
function parseJsonBody(event: ApiEvent, maxBytes: number): unknown {
  const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  if (Buffer.byteLength(raw, 'utf8') > maxBytes) throw new HttpError(413, 'Request body is too large');
  if (raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  return parsed;
}

/** The session token of an `Authorization: Bearer …` header (headers lowercased). */
export function bearerToken(headers: Record<string, string>): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
}

/** Runs the sign-in steps in order: the credential check, then each step on the caller it answered. */
async function signInWith<U extends Caller>(
  steps: SignInSteps<U>,
  headers: Record<string, string>,
  clientAddress: string,
): Promise<SignedIn<U>> {
  const [check, ...then] = steps;
  const signedIn = await check(headers, clientAddress);
  let user = signedIn.user;
  for (const step of then) user = await step(user);
  return { ...signedIn, user };
}

/** What an access token may not do on this route (issue 37 §2): a route it does not open, or a write with a `read` one. */
function refuseAccessToken(name: string, def: RouteDef, accessToken: SignedIn<Caller>['accessToken']): void {
  if (!accessToken) return;
  if (!ACCESS_TOKEN_ROUTES.has(name)) throw new HttpError(403, accessTokenMessages.notForTokens);
  if (def.method !== 'GET' && !def.writesNothing && accessToken.scope === 'read') throw new HttpError(403, accessTokenMessages.readOnly);
}

/** One route of the contract bound to its handler, with body validation and access checks. */
function routeHandler(name: string, def: RouteDef, handler: RouteHandler<RouteDef, Caller>, options: ApiHandlerOptions<Caller>) {
  const { signIn: steps, withETag } = options;
  const authenticate = async (headers: Record<string, string>, address: string): Promise<SignedIn<Caller>> => {
    if (!steps) throw new Error(`${name} signs in: build its function with signedInApi(...steps)`);
    const signedIn = await signInWith(steps, headers, address);
    refuseAccessToken(name, def, signedIn.accessToken);
    return signedIn;
  };
  return async (event: Internal, context: Context): Promise<ApiResult> => {
    const state = event.__state as RequestState;
    state.routeName = name;
    state.routePath = def.path;
    const headers = lowerCaseHeaders(event.headers);
    const address = clientAddress(
      event.requestContext?.http?.sourceIp ?? event.requestContext?.identity?.sourceIp ?? '',
      headers,
      state.throughCloudFront,
    );
    let user: Caller | undefined;
    let sessionId: string | undefined;
    let afterWrite: SignedIn<Caller>['afterWrite'];
    if (def.access !== 'public') {
      ({ user, sessionId, afterWrite } = await authenticate(headers, address));
      state.userId = user.id;
      if (def.access === 'admin' && !isAdmin(user.role)) throw new HttpError(403, authMessages.adminOnly);
    }
    // Every path parameter has its shape and length checked once, here, before a handler uses it.
    const params = compact(event.pathParameters);
    if (pathParams(def.path).some((param) => !PATH_PARAMETER_PATTERNS[param].test(params[param] ?? ''))) {
      const answer = def.badParameter ?? DEFAULT_BAD_PARAMETER;
      throw new HttpError(answer.status, answer.message);
    }
    let body: unknown;
    if (def.body) {
      const parsed = safeParse(def.body, parseJsonBody(event, def.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES));
      if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid request body');
      body = parsed.data;
    }
    const requestId = context.awsRequestId ?? event.requestContext?.requestId ?? crypto.randomUUID();
    const signIn = async (): Promise<Caller> => {
      if (user) return user;
      if (!def.optionalSignIn) throw new Error(`${name} is public: signing in needs optionalSignIn in its contract`);
      ({ user, sessionId, afterWrite } = await authenticate(headers, address));
      state.userId = user.id;
      return user;
    };
    const result = await handler({
      body: body as never,
      params,
      query: compact(event.queryStringParameters),
      user: user as never,
      sessionId: sessionId as never,
      signIn,
      headers,
      requestId,
      clientAddress: address,
      log: createLogger({ requestId, route: name, userId: user?.id }),
    });
    if (def.method !== 'GET' && !def.writesNothing) await afterWrite?.({ name, method: def.method, path: def.path });
    if (def.rawAnswer) {
      const raw = result as RawAnswer;
      return { statusCode: raw.status, headers: { ...noContentHeaders(), ...raw.headers }, body: raw.body };
    }
    const answer: ApiResult =
      def.successStatus === 204
        ? { statusCode: 204, headers: noContentHeaders(), body: '' }
        : def.contentType
          ? text(def.successStatus ?? 200, result as string, def.contentType)
          : json(def.successStatus ?? 200, result);
    if (def.cacheControl) answer.headers['cache-control'] = def.cacheControl;
    return def.etag && withETag ? withETag(answer, headers['if-none-match']) : answer;
  };
}

/**
 * `Access-Control-Allow-Origin` for the site's origin when it differs from the API's (the LocalStack
 * deployment sets CORS_ALLOWED_ORIGIN; in the cloud the site and the API share CloudFront's origin
 * and there is none). Read once at cold start; anything but a bare origin stops the function there.
 */
export function corsHeaders(allowedOrigin: string | undefined): Record<string, string> {
  if (!allowedOrigin) return {};
  let origin: string | undefined;
  try {
    origin = new URL(allowedOrigin).origin;
  } catch {
    origin = undefined;
  }
  if (origin !== allowedOrigin) {
    throw new Error(
      `Invalid function configuration: CORS_ALLOWED_ORIGIN must be an origin such as http://site.example:4566 (got "${allowedOrigin}")`,
    );
  }
  return {
    'access-control-allow-origin': origin,
    // The session check's ETag, which the SPA sends back as If-None-Match.
    'access-control-expose-headers': 'ETag',
    vary: 'Origin',
  };
}

/** Request timing, error mapping, CORS headers and the one log line and metrics record per request. */
function chassisMiddleware(area: Area, cors: Record<string, string>): MiddlewareObj<Internal, ApiResult> {
  const finish = (event: Internal, status: number, error?: unknown) => {
    const state = event.__state;
    const fields = {
      area,
      route: state?.routeName ?? 'unmatched',
      path: state?.routePath,
      status,
      ms: state ? Date.now() - state.started : undefined,
      userId: state?.userId,
    };
    const log = createLogger();
    if (status >= 500) log.error('request failed', { ...fields, error: error instanceof Error ? error.stack : String(error) });
    else log.info('request', fields);
    writeRequestMetrics({ area, route: fields.route, status, ms: fields.ms ?? 0 });
  };
  return {
    before: async (request) => {
      const state: RequestState = { routeName: 'unmatched', routePath: '', started: Date.now(), throughCloudFront: false };
      request.event.__state = state;
      // In the cloud, only requests through CloudFront (and its WAF) are served (docs/decisions/0062-the-edge.md).
      state.throughCloudFront = await checkOrigin(lowerCaseHeaders(request.event.headers));
    },
    after: (request) => {
      if (request.response) Object.assign(request.response.headers, cors);
      finish(request.event, request.response?.statusCode ?? 200);
    },
    onError: (request) => {
      const error = request.error;
      let result: ApiResult;
      if (error instanceof HttpError) result = json(error.status, error.body(), error.headers);
      else if ((error as { statusCode?: number })?.statusCode === 404) result = json(404, { message: 'Not found' });
      else result = json(500, { message: 'Something went wrong. Please try again.' });
      Object.assign(result.headers, cors);
      request.response = result;
      finish(request.event, result.statusCode, error);
    },
  };
}

/**
 * Builds an area's Lambda handler from the area's routes in the contract (`authRoutes`, …) and a
 * handler for each. A function imports only its own area's routes, so its bundle holds only its
 * own schemas. An area with an `etag` route passes `withETag` (lib/chassis/etag.ts). This one serves
 * public routes only (no sign-in code in its bundle); an area with signed-in routes builds its handler
 * with `signedInApi(...steps)`. A missing piece stops the function at cold start.
 */
export function createApiHandler<R extends Record<string, RouteDef>>(areaRoutes: R, handlers: AreaHandlers<R>, withETag?: ETagAnswer) {
  return buildApiHandler(areaRoutes, handlers, { withETag });
}

/**
 * `createApiHandler` for an area with signed-in routes, signing callers in with `steps` (lib/auth/signed-in-api.ts
 * composes the session check and the membership settling).
 */
export function signedInApi<U extends Caller>(...steps: SignInSteps<U>) {
  return <R extends Record<string, RouteDef>>(areaRoutes: R, handlers: AreaHandlers<R, U>, withETag?: ETagAnswer) =>
    buildApiHandler(areaRoutes, handlers, { signIn: steps, withETag });
}

function buildApiHandler<R extends Record<string, RouteDef>, U extends Caller>(
  areaRoutes: R,
  handlers: AreaHandlers<R, U>,
  options: ApiHandlerOptions<U>,
) {
  const defs = Object.values(areaRoutes);
  const area = defs[0]?.area;
  if (!area || defs.some((def) => def.area !== area)) throw new Error('An API function serves the routes of exactly one area');
  if (!options.withETag && defs.some((def) => def.etag)) throw new Error('An etag route needs withETag');
  if (!options.signIn && defs.some((def) => def.access !== 'public' || def.optionalSignIn)) {
    throw new Error('A signed-in route needs signIn: build the function with signedInApi(...steps)');
  }
  for (const def of defs) {
    const unknown = pathParams(def.path).find((param) => !Object.hasOwn(PATH_PARAMETER_PATTERNS, param));
    if (unknown) throw new Error(`Path parameter {${unknown}} of ${def.path} has no shape in PATH_PARAMETER_PATTERNS`);
  }
  const table = Object.entries(areaRoutes).map(([name, def]) => {
    const handler = (handlers as unknown as Record<string, RouteHandler<RouteDef, Caller>>)[name];
    return {
      method: def.method as Method,
      path: def.path,
      handler: routeHandler(name, def, handler, options as unknown as ApiHandlerOptions<Caller>),
    };
  });
  const router = httpRouterHandler(table as never) as unknown as (e: Internal, c: Context) => Promise<ApiResult>;
  const chassis = middy<Internal, ApiResult>()
    .use(chassisMiddleware(area, corsHeaders(process.env.CORS_ALLOWED_ORIGIN)))
    .handler(router);
  return withInvocation((event: ApiEvent, context: Context) => chassis(event as Internal, context));
}
