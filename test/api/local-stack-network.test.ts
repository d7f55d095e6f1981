import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { apiUrl, callFrom } from './helpers.js';

/**
 * Issue 21 point 7: the local stack listens on 127.0.0.1 unless HOST says otherwise (the API tests'
 * stack starts with the defaults, as `npm start` does without HOST), and its `/_local/*` routes
 * answer only requests from this machine: a loopback peer that forwards nobody else's request.
 */
const port = () => new URL(apiUrl()).port;

/** The status of a GET to `/config.json` at a host, or the connection's error code. */
function statusAt(host: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({ host, port: port(), path: '/config.json', agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

describe('the local stack on the network', () => {
  it('listens on 127.0.0.1 by default, not on every interface', async () => {
    expect(await statusAt('127.0.0.1')).toBe(200);
    // Listening on every interface (`::`, dual-stack) would answer here too.
    expect(await statusAt('::1')).toBe('ECONNREFUSED');
  });

  it('answers /_local/* from a loopback peer, and refuses one that forwards someone else’s request', async () => {
    expect((await callFrom('127.0.0.3', 'GET', '/_local/membership-schedules')).status).toBe(200);
    const forwarded: Array<Record<string, string>> = [{ 'x-forwarded-for': '203.0.113.7' }, { forwarded: 'for=203.0.113.7' }];
    for (const headers of forwarded) {
      for (const [method, path] of [
        ['GET', '/_local/membership-schedules'],
        ['POST', '/_local/reminders?date=2030-01-01'],
        ['POST', '/_local/ses-notifications'],
        ['GET', '/_local/clock'],
        ['POST', '/_local/clock?ms=3600000'],
      ]) {
        const answer = await callFrom('127.0.0.3', method, path, { headers });
        expect(answer, `${method} ${path} ${JSON.stringify(headers)}`).toMatchObject({
          status: 403,
          body: { message: 'The local stack’s /_local routes answer only on this machine' },
        });
      }
    }
  });
});
