import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../functions/lib/chassis/security-headers.js';
import { apiGateway } from '../../local/api-gateway.js';
import { CROSS_ORIGIN_API } from '../../shared/api/index.js';
import { apiUrl, call } from './helpers.js';

/**
 * The answers the local stack writes itself, not a handler: they carry the same security headers
 * as the handlers' answers (issue 8 §2).
 */

function expectSecurityHeaders(headers: Headers, what: string) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers.get(name), `${name} on ${what}`).toBe(value);
}

describe("the local stack's own answers", () => {
  it('carry the handlers’ security headers: a handler answer beside the gateway’s 404 and 413 and the local routes', async () => {
    expectSecurityHeaders((await call('POST', '/api/auth/login', { body: {} })).headers, 'a handler’s 400');
    const unknownPath = await call('GET', '/api/no-such-route');
    expect(unknownPath).toMatchObject({ status: 404, body: { message: 'Not found' } });
    expectSecurityHeaders(unknownPath.headers, 'the gateway’s 404');
    const oversized = await call('POST', '/api/auth/login', { rawBody: 'x'.repeat(6 * 1024 * 1024 + 1) });
    expect(oversized).toMatchObject({ status: 413, body: { message: 'Request body is too large' } });
    expectSecurityHeaders(oversized.headers, 'the gateway’s 413');

    const answers: Array<[string, RequestInit, number]> = [
      ['/config.json', {}, 200],
      ['/_local/reminders?date=someday', { method: 'POST' }, 400],
      ['/avatars/nobody.png', {}, 404],
      ['/assets/no-such-file.js', {}, 404],
    ];
    for (const [path, init, status] of answers) {
      const response = await fetch(apiUrl() + path, init);
      expect(response.status, path).toBe(status);
      expectSecurityHeaders(response.headers, path);
    }
  });

  it('carry them on the REST API’s CORS preflight too', async () => {
    const siteOrigin = 'http://site.example:4566';
    const gateway = apiGateway(new Map(), { siteOrigin });
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      void gateway(req, res, url, url.pathname, 'rest');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/subscriptions`, {
        method: 'OPTIONS',
        headers: { origin: siteOrigin, 'access-control-request-method': 'POST' },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe(siteOrigin);
      expect(response.headers.get('access-control-allow-methods')).toBe(CROSS_ORIGIN_API.allowMethods.join(','));
      expectSecurityHeaders(response.headers, 'the preflight');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the API description', () => {
  it('is served at /api/openapi.json, the same document as docs/openapi.json', async () => {
    const response = await fetch(`${apiUrl()}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual(JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')));
  });
});
