import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_ROUTES } from '../../shared/api/access-token-rules.js';
import { API_EXAMPLE_ORDER, curlExample } from '../../shared/api/api-examples.js';
import { type RouteName, routes } from '../../shared/api/index.js';
import { apiUrl, call, type SignedInUser, signedInUser } from './helpers.js';

/**
 * Issue 37 §3: the /developers page's curl examples work as written against the local stack. Each runs in a shell,
 * in the page's order, with a Premium user's write token in `SUBTRACKER_TOKEN` and the subscription the first one
 * made in `SUBSCRIPTION_ID`; each must be answered 2xx.
 */
const exec = promisify(execFile);

/** Runs one example as a user pastes it into a shell: the status and the body of its answer. */
async function run(command: string, env: Record<string, string>): Promise<{ status: number; body: string }> {
  const { stdout } = await exec('bash', ['-c', `${command} \\\n  -s -w '\\n%{http_code}'`], { env: { ...process.env, ...env } });
  const at = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(at + 1)), body: stdout.slice(0, at) };
}

describe("the API reference's examples (issue 37 §3)", () => {
  it('cover every route a token opens, once', () => {
    expect([...API_EXAMPLE_ORDER].sort()).toEqual([...ACCESS_TOKEN_ROUTES].sort());
  });

  it('work as written, in their order, with a token and a subscription id', async () => {
    const user: SignedInUser = await signedInUser('premium');
    const made = await call<{ token: string }>('POST', '/api/auth/tokens', {
      token: user.token,
      body: { name: 'examples', scope: 'write', expiresInDays: 30 },
    });
    const env: Record<string, string> = { SUBTRACKER_TOKEN: made.body.token };
    for (const name of API_EXAMPLE_ORDER) {
      const command = curlExample(name, routes[name as RouteName], apiUrl());
      // Permanent deletion is of one in the trash: the example before it recovered it.
      if (name === 'deleteSubscriptionPermanently') await run(curlExample('deleteSubscription', routes.deleteSubscription, apiUrl()), env);
      const answer = await run(command, env);
      expect(answer.status, `${name}: ${command}\n${answer.body}`).toBeGreaterThanOrEqual(200);
      expect(answer.status, `${name}: ${command}\n${answer.body}`).toBeLessThan(300);
      if (name === 'createSubscription') env.SUBSCRIPTION_ID = JSON.parse(answer.body).id;
    }
  });
});
