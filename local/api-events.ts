import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEvent, APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { type Area, CROSS_ORIGIN_API } from '../shared/api/index.js';

/** What API Gateway hands a Lambda function for one request, in both payload formats, and Lambda's context. */

/** The contract route a request matched: its method, its path template and the function that serves it. */
export interface MatchedRoute {
  method: string;
  path: string;
  area: Area;
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
export function toHttpApiEvent(req: IncomingMessage, url: URL, route: MatchedRoute, body: Buffer): APIGatewayProxyEventV2 {
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
export function toRestApiEvent(req: IncomingMessage, url: URL, apiPath: string, route: MatchedRoute, body: Buffer): APIGatewayProxyEvent {
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

export function lambdaContext(area: Area, requestId: string): Context {
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
