import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'aws-lambda';
import type { ApiEvent, ApiResult } from '../functions/lib/chassis/http.js';
import { corsHeaders } from '../functions/lib/chassis/http.js';
import { type Area, CROSS_ORIGIN_API, routes } from '../shared/api/index.js';
import { sendEmpty, sendJson } from './answers.js';
import { lambdaContext, type MatchedRoute, toHttpApiEvent, toRestApiEvent } from './api-events.js';

/**
 * API Gateway in front of the real handlers: the contract's route table (the one the CDK stack
 * deploys), Lambda's request size limit, the REST API's CORS preflights, and the event each
 * function receives.
 */

export type LambdaHandler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

/** Where the contract's paths are mounted: HTTP API at `/api` (as in the cloud), REST API under its stage. */
export type ApiShape = 'http' | 'rest';
export const REST_STAGE_PREFIX = `/${CROSS_ORIGIN_API.restApiStage}`;

/** Lambda's synchronous payload limit: larger requests are rejected before the function runs. */
const MAX_REQUEST_BYTES = 6 * 1024 * 1024;

const compiledRoutes = Object.values(routes).map((def) => ({
  method: def.method,
  path: def.path,
  area: def.area,
  pattern: new RegExp(`^${def.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
}));

/** The route for a request: exact method first, so API Gateway's 404 for other methods is kept. */
function matchRoute(method: string, path: string): MatchedRoute | undefined {
  return compiledRoutes.find((r) => r.method === method && r.pattern.test(path));
}

export function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
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

export type ApiGateway = (req: IncomingMessage, res: ServerResponse, url: URL, apiPath: string, shape: ApiShape) => Promise<void>;

/**
 * One API request, as API Gateway and Lambda would serve it: route match, event, handler. The REST
 * API's own answers (preflights, 404, 413) carry the site's origin too, as its gateway's do.
 */
export function apiGateway(handlers: Map<Area, LambdaHandler>, restApi: { siteOrigin: string } | undefined): ApiGateway {
  const restCors = corsHeaders(restApi?.siteOrigin);
  return async (req, res, url, apiPath, shape) => {
    const gatewayHeaders = shape === 'rest' ? restCors : {};
    const method = req.method ?? 'GET';
    if (shape === 'rest' && method === 'OPTIONS' && compiledRoutes.some((r) => r.pattern.test(apiPath))) {
      return sendEmpty(res, 204, {
        ...restCors,
        'access-control-allow-methods': CROSS_ORIGIN_API.allowMethods.join(','),
        'access-control-allow-headers': CROSS_ORIGIN_API.allowHeaders.join(','),
        'access-control-max-age': String(CROSS_ORIGIN_API.preflightMaxAge),
      });
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
}
