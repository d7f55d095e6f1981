import type { Context, SNSEvent } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiEvent, ApiResult } from '../../functions/lib/chassis/http.js';
import { traceIdOf } from '../../functions/lib/chassis/invocation.js';
import { METRICS_NAMESPACE } from '../../shared/metrics.js';
import { setFunctionEnv } from './function-env.js';

/**
 * Issue 22 §5: every log line of a request carries Lambda's request id and the X-Ray trace id, and
 * the chassis writes one Embedded Metric Format record per request, by function and route. The
 * handlers run as Lambda runs them (an event and a context); their output is read from the console.
 */
let handler: (event: ApiEvent, context: Context) => Promise<ApiResult>;
let feedbackHandler: (event: SNSEvent, context: Context) => Promise<unknown>;

const TRACE = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';

beforeAll(async () => {
  setFunctionEnv({
    LOG_LEVEL: 'info',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'unit',
    AWS_SECRET_ACCESS_KEY: 'unit',
    // Nothing listens here: a route that reaches the table fails at once, as a 500.
    AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:1',
    AWS_MAX_ATTEMPTS: '1',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
  delete process.env.CORS_ALLOWED_ORIGIN;
  ({ handler } = await import('../../functions/auth/handler.js'));
  ({ handler: feedbackHandler } = (await import('../../functions/email-feedback/handler.js')) as never);
});

afterEach(() => {
  vi.restoreAllMocks();
  delete process.env._X_AMZN_TRACE_ID;
});

/** Every JSON line the code under test writes while `run` runs, errors and warnings included. */
async function linesOf(run: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
  await run();
  vi.restoreAllMocks();
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

const request = (method: string, path: string, body?: string): ApiEvent => ({
  version: '2.0',
  rawPath: path,
  requestContext: { requestId: 'gateway-id', http: { method, path, sourceIp: '127.0.0.1' } },
  headers: { 'content-type': 'application/json' },
  body,
  isBase64Encoded: false,
});

/** A valid sign-in: its throttle reaches the table, which is not there. */
const LOGIN = JSON.stringify({ username: 'someone', password: 'x' });

const contextFor = (awsRequestId: string) => ({ awsRequestId }) as Context;
const metricsRecords = (lines: Array<Record<string, unknown>>) => lines.filter((line) => '_aws' in line);
const logLines = (lines: Array<Record<string, unknown>>) => lines.filter((line) => !('_aws' in line));

describe('the trace id', () => {
  it("is the Root part of Lambda's _X_AMZN_TRACE_ID, and nothing without one", () => {
    expect(traceIdOf(TRACE)).toBe('1-5759e988-bd862e3fe1be46a994272793');
    expect(traceIdOf('Parent=53995c3f42cd8ad8;Root=1-abc-def;Sampled=0')).toBe('1-abc-def');
    expect(traceIdOf(undefined)).toBeUndefined();
    expect(traceIdOf('Parent=53995c3f42cd8ad8')).toBeUndefined();
  });
});

describe("a request's log lines", () => {
  it('carry the request id and the trace id, the failure line of a 500 too', async () => {
    process.env._X_AMZN_TRACE_ID = TRACE;
    const lines = await linesOf(async () => {
      const result = await handler(request('POST', '/api/auth/login', LOGIN), contextFor('req-500'));
      expect(result.statusCode).toBe(500);
    });
    const logs = logLines(lines);
    expect(logs.map((line) => line.msg)).toContain('request failed');
    for (const line of logs) {
      expect(line).toMatchObject({ requestId: 'req-500', traceId: '1-5759e988-bd862e3fe1be46a994272793' });
    }
  });

  it('omit the trace id where there is none (the local stack)', async () => {
    const [line] = logLines(await linesOf(() => handler(request('POST', '/api/auth/register', '{}'), contextFor('req-local'))));
    expect(line).toMatchObject({ msg: 'request', route: 'register', status: 400, requestId: 'req-local' });
    expect(line).not.toHaveProperty('traceId');
  });

  it('keep each request its own id when requests run at once', async () => {
    const ids = ['req-a', 'req-b', 'req-c'];
    const lines = await linesOf(() => Promise.all(ids.map((id) => handler(request('POST', '/api/auth/login', LOGIN), contextFor(id)))));
    const failures = logLines(lines).filter((line) => line.msg === 'request failed');
    expect(failures).toHaveLength(ids.length);
    expect(failures.map((line) => line.requestId)).toEqual(expect.arrayContaining(ids));
    const records = metricsRecords(lines);
    expect(records).toHaveLength(ids.length);
    expect(records.map((line) => line.requestId)).toEqual(expect.arrayContaining(ids));
  });

  it("of a background function carry them too (the e-mail feedback function's warning)", async () => {
    process.env._X_AMZN_TRACE_ID = TRACE;
    const event = { Records: [{ Sns: { Message: 'not json', MessageId: 'm-1' } }] } as unknown as SNSEvent;
    const [line] = await linesOf(() => feedbackHandler(event, contextFor('req-feedback')));
    expect(line).toMatchObject({
      level: 'warn',
      function: 'email-feedback',
      requestId: 'req-feedback',
      traceId: '1-5759e988-bd862e3fe1be46a994272793',
    });
  });
});

describe("a request's metrics (Embedded Metric Format)", () => {
  const emf = (area: string) => ({
    Timestamp: expect.any(Number),
    CloudWatchMetrics: [
      {
        Namespace: METRICS_NAMESPACE,
        Dimensions: [['Function', 'Route']],
        Metrics: [
          { Name: 'Latency', Unit: 'Milliseconds' },
          { Name: 'Errors', Unit: 'Count' },
        ],
      },
    ],
    area,
  });

  it('are one record per request: an error for a 500, by function and route', async () => {
    process.env._X_AMZN_TRACE_ID = TRACE;
    const records = metricsRecords(await linesOf(() => handler(request('POST', '/api/auth/login', LOGIN), contextFor('req-1'))));
    expect(records).toHaveLength(1);
    const [record] = records;
    const { area: _area, ...metadata } = emf('auth');
    expect(record._aws).toEqual(metadata);
    expect(record).toMatchObject({ Function: 'auth', Route: 'login', Errors: 1, status: 500, requestId: 'req-1' });
    expect(record.Latency).toEqual(expect.any(Number));
    expect(record.Latency as number).toBeGreaterThanOrEqual(0);
  });

  it('count no error for a 4xx, and an unknown path as the unmatched route', async () => {
    const [invalid] = metricsRecords(await linesOf(() => handler(request('POST', '/api/auth/register', '{}'), contextFor('req-2'))));
    expect(invalid).toMatchObject({ Function: 'auth', Route: 'register', Errors: 0, status: 400 });
    const [missing] = metricsRecords(await linesOf(() => handler(request('GET', '/api/auth/nothing-here'), contextFor('req-3'))));
    expect(missing).toMatchObject({ Function: 'auth', Route: 'unmatched', Errors: 0, status: 404 });
  });

  it('count no error for a success', async () => {
    const [ok] = metricsRecords(await linesOf(() => handler(request('POST', '/api/auth/logout'), contextFor('req-4'))));
    expect(ok).toMatchObject({ Function: 'auth', Route: 'logout', Errors: 0, status: 204 });
  });
});
