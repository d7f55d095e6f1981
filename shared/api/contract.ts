import type * as z from 'zod/mini';

/** Who may call a route: anyone, any signed-in user, or an admin (owner or developer). */
export type Access = 'public' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The API area a route belongs to. Each area is one Lambda function (`functions/<area>/handler.ts`)
 * in the cloud and one module in the local stack.
 */
export type Area =
  | 'auth'
  | 'session'
  | 'account'
  | 'twofa'
  | 'passkeys'
  | 'sso'
  | 'membership'
  | 'subscriptions'
  | 'mcp'
  | 'import'
  | 'stats'
  | 'budgets'
  | 'calendar'
  | 'admin'
  | 'announcements'
  | 'contact'
  | 'reminders';

export interface RouteDef<Body extends z.ZodMiniType | undefined = z.ZodMiniType | undefined, Response = unknown> {
  method: HttpMethod;
  /** The full path, under /api, with `{param}` placeholders exactly as SPEC §7 writes them. */
  path: string;
  area: Area;
  access: Access;
  /** zod schema (zod/mini, tree-shakable) of the JSON body; undefined for routes without one. */
  body: Body;
  /** Status of a successful answer (200 unless the route creates something; 204 answers with no body). */
  successStatus?: 200 | 201 | 204;
  /** Largest accepted request body in bytes (default 64 KiB). */
  maxBodyBytes?: number;
  /**
   * The answer carries an ETag (a hash of its exact body) and a request whose `If-None-Match`
   * names it is answered 304 with no body, after the same authentication as always.
   */
  etag?: true;
  /**
   * The answer to a path parameter of the wrong shape or length (PATH_PARAMETER_PATTERNS), given by
   * the chassis before the handler runs: what the handler answers for one that names nothing.
   * Default: 404 'Not found'.
   */
  badParameter?: { status: 400 | 404; message: string };
  /**
   * A public route whose handler signs the caller in for some requests only (`request.signIn()`, e.g.
   * GET /api/stats?currency=): its function reads sessions, and such a request without one is a 401.
   */
  optionalSignIn?: true;
  /** Query parameters the route reads, by name, with what each does (the API description lists them). */
  queryParameters?: Readonly<Record<string, string>>;
  /** The answer's Cache-Control when it is not the JSON answers' `no-store`. */
  cacheControl?: string;
  /**
   * The content type of a success answer that is not JSON (the calendar feed): the handler answers
   * the body as a string, sent as it is. Error answers stay JSON `{ message }`.
   */
  contentType?: typeof TEXT_CALENDAR;
  /**
   * The handler answers the status, headers and body itself (a RawAnswer): the MCP endpoint (issue 37 §4), whose
   * JSON-RPC answers are a 200 with JSON or a 202 with none. The answers the chassis gives before the handler
   * runs (401, 403, 400 for a body that is not a JSON object) stay JSON `{ message }`.
   */
  rawAnswer?: true;
  /**
   * A POST that changes nothing itself: the MCP endpoint, each of whose tools calls the routes that do, checked
   * and logged there. A `read` access token may call it, and no write of its own is logged.
   */
  writesNothing?: true;
  /** Phantom field carrying the response type for the typed client; never set at run time. */
  readonly __response?: Response;
}

/** Declares one route; the response type is given as the type argument. Literal fields stay literal. */
export function route<Response>() {
  return <const D extends Omit<RouteDef, '__response'>>(def: D) => def as D & { readonly __response?: Response };
}

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** What a `rawAnswer` route's handler answers: sent as it is, with the security headers every answer carries. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The one non-JSON answer the API gives: iCalendar (RFC 5545), for the calendar feed. */
export const TEXT_CALENDAR = 'text/calendar; charset=utf-8';

export type BodyOf<R> = R extends { body: infer B } ? (B extends z.ZodMiniType ? z.input<B> : undefined) : never;
export type ParsedBodyOf<R> = R extends { body: infer B } ? (B extends z.ZodMiniType ? z.output<B> : undefined) : never;
export type ResponseOf<R> = R extends { readonly __response?: infer Res } ? Exclude<Res, undefined> : never;

/** The shape of every id the product makes (`crypto.randomUUID()`): users, subscriptions, announcements. */
export const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The shape of each path parameter, by its name in the contract's paths; the chassis refuses any
 * other value (`badParameter`) before a handler or a key sees it, so a 2,044-character id is never
 * a DynamoDB key (2,048 bytes at most) nor a 500. A route with a parameter not named here does not build.
 */
export const PATH_PARAMETER_PATTERNS: Readonly<Record<string, RegExp>> = {
  id: ID_PATTERN,
  /** A logo's upload (issue 36 §4). */
  uploadId: ID_PATTERN,
  /** A member of a shared subscription (issue 26), or the id of an open invitation to withdraw it. */
  userId: ID_PATTERN,
  /** One-time e-mail tokens (43 base64url characters) and unsubscribe tokens (`<user id>.<signature>`, 80). */
  token: /^[A-Za-z0-9_.-]{1,200}$/,
  /** A calendar feed's file name: its secret (32 random bytes, base64url) and `.ics`. */
  feedFile: /^[A-Za-z0-9_-]{43}\.ics$/,
};

export const DEFAULT_BAD_PARAMETER = { status: 404, message: 'Not found' } as const;

/** Path parameter names of a path such as `/api/subscriptions/{id}/renew`. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
}

/** Fills a path's `{param}` placeholders, URI-encoding each value. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** `{ message }` plus optional flags: the body of every error answer (DESIGN §3). */
export interface ErrorBody {
  message: string;
  requiresVerification?: boolean;
  email?: string;
  showContactSupport?: boolean;
  accountDeactivated?: boolean;
  sessionInvalidated?: boolean;
  /** Login: the password was right, and a sign-in link went to the verified address to confirm it (issue 21). */
  signInLinkSent?: boolean;
}

export interface MessageResponse {
  message: string;
}

/**
 * The site on another origin than the API — the LocalStack deployment, where the SPA is an S3
 * website and the API a REST API stage — calls it with CORS. The REST API answers preflights
 * with these, and the functions add `Access-Control-Allow-Origin` for `CORS_ALLOWED_ORIGIN`.
 */
export const CROSS_ORIGIN_API = {
  /** Stage of the REST API: its URL ends in `/local`, and the contract's paths append to it. */
  restApiStage: 'local',
  allowMethods: ['GET', 'POST', 'PUT', 'DELETE'] satisfies HttpMethod[],
  allowHeaders: ['Authorization', 'Content-Type', 'If-None-Match'],
  /** Browsers cache a preflight this long (seconds). */
  preflightMaxAge: 600,
} as const;

/**
 * The site's runtime configuration, published as `config.json` next to the SPA by every deployment
 * and answered by the local stack; the SPA reads it before its first API call.
 */
export interface SiteConfig {
  /** Prefix for the contract's `/api/...` paths: empty on the site's own origin (CloudFront, the local stack), the REST API's URL on LocalStack. */
  apiBaseUrl: string;
}
export const SITE_CONFIG_FILE = 'config.json';
