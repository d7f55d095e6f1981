import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { OUTBOUND_MARK_HEADER } from '../functions/lib/outbound/outbound.js';
import { SITE_CONFIG_FILE, type SiteConfig } from '../shared/api/index.js';
import { OPENAPI_PATH, openApiDocument } from '../shared/api/openapi.js';
import { isCalendarDate } from '../shared/domain/dates.js';
import { sendJson } from './answers.js';
import { type ApiGateway, REST_STAGE_PREFIX, readBody } from './api-gateway.js';
import { AVATAR_UPLOADS_PATH, BUCKET_PATHS } from './avatars.js';
import { type ClockReading, MAX_CLOCK_MOVE_MS, readClock } from './clock.js';
import { LOCAL_ROUTES_TOKEN_HEADER } from './data-folder.js';
import type { RunDailyRates, RunReminders } from './functions.js';
import type { PendingSchedule } from './membership-schedules.js';
import type { DeliverSesNotification } from './ses-notifications.js';
import type { WebServer } from './web.js';

/** What the one HTTP server of the local stack serves, path by path. */
export interface LocalSite {
  api: ApiGateway;
  /** Also serve the API as the LocalStack deployment's REST API stage. */
  restApi: boolean;
  runReminders: RunReminders;
  /** The in-process membership schedules waiting to fire. */
  membershipSchedules: () => PendingSchedule[];
  /** Moves the functions' clock forward by `ms` and runs what fell due (local/clock.ts). */
  moveClock: (ms: number) => Promise<ClockReading>;
  /** Bounces and complaints: the cloud's SNS delivery to the e-mail feedback function. */
  deliverSesNotification: DeliverSesNotification;
  /** The daily exchange rates run, from a given rates file (the cloud's schedule fetches the ECB's). */
  runDailyRates: RunDailyRates;
  /** An object of the avatars bucket, by its key: avatars and websites' icons (avatars.ts). */
  bucketObject: (res: ServerResponse, key: string) => Promise<void>;
  /** Avatar uploads, passed on to the upload gate (avatars.ts). */
  avatarUpload: (req: IncomingMessage, res: ServerResponse) => void;
  web: WebServer;
  /** The token `/_local/*` requests must carry (LOCAL_ROUTES_TOKEN_HEADER) when HOST opens the stack; null on loopback. */
  localRoutesToken: string | null;
}

let description: unknown;
function apiDescription() {
  description ??= openApiDocument(
    (JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string }).version,
  );
  return description;
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`), as Node reports a peer's address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * A request from this machine: a loopback peer that forwards nobody else's request. A proxy or a
 * tunnel on this machine (`X-Forwarded-For`, `Forwarded`) connects from loopback for someone elsewhere.
 */
export function isFromThisMachine(req: Pick<IncomingMessage, 'headers'> & { socket: { remoteAddress?: string } }): boolean {
  return isLoopbackAddress(req.socket.remoteAddress) && !req.headers['x-forwarded-for'] && !req.headers.forwarded;
}

export const LOCAL_ROUTES_PREFIX = '/_local/';
export const localRoutesMessages = {
  thisMachineOnly: 'The local stack’s /_local routes answer only on this machine',
  ownRequest: 'The local stack’s /_local routes refuse the app’s own outbound requests (a channel pointed at the stack)',
  tokenRequired: `The local stack is open to the network (HOST): its /_local routes need the ${LOCAL_ROUTES_TOKEN_HEADER} header (the token is in the data folder's local-routes-token file, or printed at start with DATA_DIR=:memory:)`,
} as const;

type LocalRequest = Pick<IncomingMessage, 'headers'> & { socket: { remoteAddress?: string } };

/**
 * Why a request may not use the `/_local/*` routes, or null when it may (issue 21 §7, issue 34 §14): it must
 * come from this machine, not be one of the app's own outbound requests (a webhook pointed at
 * http://127.0.0.1:<port>/_local/clock), and, when HOST opens the stack (`token` given), carry the token,
 * since then a loopback peer may be anything on the machine, the app's own requests included.
 */
export function localRoutesRefusal(req: LocalRequest, token: string | null): string | null {
  if (req.headers[OUTBOUND_MARK_HEADER] !== undefined) return localRoutesMessages.ownRequest;
  if (!isFromThisMachine(req)) return localRoutesMessages.thisMachineOnly;
  if (token === null) return null;
  const given = req.headers[LOCAL_ROUTES_TOKEN_HEADER];
  const matches = typeof given === 'string' && given.length === token.length && timingSafeEqual(Buffer.from(given), Buffer.from(token));
  return matches ? null : localRoutesMessages.tokenRequired;
}

async function route(site: LocalSite, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  // The API's description, generated from the contract (docs/openapi.json is the same document).
  if (url.pathname === OPENAPI_PATH && req.method === 'GET') return sendJson(res, 200, apiDescription());
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
    return site.api(req, res, url, url.pathname, 'http');
  }
  if (site.restApi && url.pathname.startsWith(`${REST_STAGE_PREFIX}/api/`)) {
    return site.api(req, res, url, url.pathname.slice(REST_STAGE_PREFIX.length), 'rest');
  }
  // The site's runtime configuration: the API is on this origin.
  if (url.pathname === `/${SITE_CONFIG_FILE}`) return sendJson(res, 200, { apiBaseUrl: '' } satisfies SiteConfig);
  // Local-stack-only, like LocalStack's /_aws/ routes; never deployed, and only for this machine
  // (HOST may open the app to the network: the reminder run and the SES events stay local).
  if (url.pathname.startsWith(LOCAL_ROUTES_PREFIX)) {
    const refusal = localRoutesRefusal(req, site.localRoutesToken);
    if (refusal) return sendJson(res, 403, { message: refusal });
  }
  if (url.pathname === '/_local/reminders' && req.method === 'POST') {
    const date = url.searchParams.get('date') ?? undefined;
    const at = url.searchParams.get('at') ?? undefined;
    if (date !== undefined && !isCalendarDate(date)) {
      return sendJson(res, 400, { message: 'date must be a calendar date written YYYY-MM-DD' });
    }
    if (at !== undefined && (!/^\d{4}-\d{2}-\d{2}T/.test(at) || Number.isNaN(Date.parse(at)))) {
      return sendJson(res, 400, { message: 'at must be an instant written in ISO 8601, e.g. 2031-03-01T20:00:00Z' });
    }
    return sendJson(res, 200, await site.runReminders({ date, at }));
  }
  // Local-stack-only: the daily exchange rates run, from the rates file at `source` (an ECB-shaped XML file):
  // the local stack fetches nothing from the internet by itself. Answers what was stored, or why nothing was.
  if (url.pathname === '/_local/rates' && req.method === 'POST') {
    const source = url.searchParams.get('source') ?? '';
    if (!/^https?:\/\/\S+$/.test(source)) {
      return sendJson(res, 400, { message: 'source must be the http(s) URL of a rates file in the ECB’s daily format' });
    }
    return sendJson(res, 200, await site.runDailyRates(source));
  }
  // Local-stack-only: which membership schedules wait to fire, and when (the cloud's are in EventBridge Scheduler).
  if (url.pathname === '/_local/membership-schedules' && req.method === 'GET') {
    return sendJson(res, 200, { schedules: site.membershipSchedules() });
  }
  // Local-stack-only: the functions' clock, which the tests move forward instead of waiting (local/clock.ts).
  if (url.pathname === '/_local/clock' && req.method === 'GET') return sendJson(res, 200, readClock());
  if (url.pathname === '/_local/clock' && req.method === 'POST') {
    const given = url.searchParams.get('ms') ?? '';
    const ms = /^\d{1,9}$/.test(given) ? Number(given) : Number.NaN;
    if (!(ms <= MAX_CLOCK_MOVE_MS)) {
      return sendJson(res, 400, { message: `ms must be a whole number of milliseconds from 0 to ${MAX_CLOCK_MOVE_MS}` });
    }
    return sendJson(res, 200, await site.moveClock(ms));
  }
  // Local-stack-only: an SES bounce or complaint event (JSON), delivered to the e-mail feedback function as SNS would.
  if (url.pathname === '/_local/ses-notifications' && req.method === 'POST') {
    const body = await readBody(req);
    if (body === 'too-large') return sendJson(res, 413, { message: 'Request body is too large' });
    try {
      JSON.parse(body.toString('utf8'));
    } catch {
      return sendJson(res, 400, { message: 'The body must be the SES event as JSON' });
    }
    return sendJson(res, 200, await site.deliverSesNotification(body.toString('utf8')));
  }
  if (url.pathname === AVATAR_UPLOADS_PATH) return site.avatarUpload(req, res);
  if (BUCKET_PATHS.some((path) => url.pathname.startsWith(path))) {
    return site.bucketObject(res, decodeURIComponent(url.pathname.slice(1)));
  }
  await site.web(req, res, url);
}

/** The request listener of the local stack's one HTTP server, serving `site`. */
export function serveSite(site: LocalSite): RequestListener {
  return async (req, res) => {
    try {
      await route(site, req, res);
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', msg: 'local stack request failed', error: String((error as Error).stack) }));
      if (!res.headersSent) sendJson(res, 500, { message: 'Something went wrong. Please try again.' });
      else res.end();
    }
  };
}
