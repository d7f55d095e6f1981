import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AccessToken, accessTokenMessages, type CreatedAccessToken } from '../../shared/api/access-tokens.js';
import { MCP_NO_EVENT_STREAM, MCP_PATH } from '../../shared/api/mcp.js';
import { MCP_SERVER, MCP_TOOLS, mcpMessages } from '../../shared/api/mcp-tools.js';
import type { Payment } from '../../shared/api/payments.js';
import { type CurrencyStats, statsMessages } from '../../shared/api/stats.js';
import type { Subscription } from '../../shared/api/subscription.js';
import { subscriptionMessages } from '../../shared/api/subscriptions.js';
import { apiUrl, call, type SignedInUser, signedInUser, stackClock } from './helpers.js';

/**
 * The endpoint for AI assistants (issue 37 §4) through the local stack, with the MCP SDK's own client over Streamable
 * HTTP, as an assistant connects: authorised by a personal access token made in Settings, within its scope; the tools
 * answer what the API and the app answer, and write through the API's routes.
 */

async function accessToken(user: SignedInUser, scope: 'read' | 'write', name = `assistant ${scope}`): Promise<string> {
  const answer = await call<CreatedAccessToken>('POST', '/api/auth/tokens', {
    token: user.token,
    body: { name, scope, expiresInDays: 30 },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.token;
}

/** What went wrong in a client's transport (a refused event stream, say), for the tests to see. */
const clientErrors: Error[] = [];

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'test-assistant', version: '1.0.0' });
  client.onerror = (error) => clientErrors.push(error);
  const transport = new StreamableHTTPClientTransport(new URL(apiUrl() + MCP_PATH), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** A tool's answer: its structured value, or its refusal's text. */
async function use<T = Record<string, unknown>>(client: Client, name: keyof typeof MCP_TOOLS, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return { isError: result.isError === true, value: result.structuredContent as T, text };
}

const netflix = { name: 'Netflix', amount: 15.49, category: 'streaming', dueDate: '2030-01-31', billingCycle: 'monthly', currency: 'USD' };

let user: SignedInUser;
let write: Client;
beforeAll(async () => {
  user = await signedInUser();
  write = await connect(await accessToken(user, 'write'));
});

describe('the MCP endpoint (issue 37 §4)', () => {
  it('introduces itself and lists its tools, each with its arguments as JSON Schema', async () => {
    expect(write.getServerVersion()).toMatchObject({ name: MCP_SERVER.name, version: MCP_SERVER.version });
    expect(write.getInstructions()).toBe(MCP_SERVER.instructions);
    const { tools } = await write.listTools();
    expect(new Set(tools.map((tool) => tool.name))).toEqual(new Set(Object.keys(MCP_TOOLS)));
    const add = tools.find((tool) => tool.name === 'add_subscription');
    expect(add?.inputSchema).toMatchObject({ type: 'object', required: expect.arrayContaining(['name', 'amount', 'category', 'dueDate']) });
    expect(tools.find((tool) => tool.name === 'totals')?.annotations).toMatchObject({ readOnlyHint: true });
    expect(tools.find((tool) => tool.name === 'cancel_subscription')?.annotations).toMatchObject({ readOnlyHint: false });
    // The client asked for an event stream and was told, as MCP says, that there is none: nothing went wrong.
    expect(clientErrors).toEqual([]);
    const stream = await call('GET', MCP_PATH, { headers: { accept: 'text/event-stream' } });
    expect(stream).toMatchObject({ status: 405, body: { message: MCP_NO_EVENT_STREAM } });
    expect(stream.headers.get('allow')).toBe('POST');
  });

  it('adds, lists, searches, updates, marks paid and cancels, and the API sees each change', async () => {
    const added = await use<{ subscription: Subscription }>(write, 'add_subscription', netflix);
    expect(added.isError, added.text).toBe(false);
    const id = added.value.subscription.id;
    const viaApi = await call<Subscription[]>('GET', '/api/subscriptions', { token: user.token });
    expect(viaApi.body.find((sub) => sub.id === id)).toMatchObject({ name: 'Netflix', amount: 15.49 });
    await use(write, 'add_subscription', { ...netflix, name: 'Gym', category: 'health', amount: 30 });

    const found = await use<{ subscriptions: Subscription[] }>(write, 'list_subscriptions', { search: 'netf' });
    expect(found.value.subscriptions.map((sub) => sub.name)).toEqual(['Netflix']);
    expect(found.value.subscriptions[0]).not.toHaveProperty('priceHistory');

    const updated = await use<{ subscription: Subscription }>(write, 'update_subscription', {
      id,
      amount: 17.99,
      description: 'Family plan',
    });
    expect(updated.value.subscription).toMatchObject({ amount: 17.99, description: 'Family plan', name: 'Netflix', dueDate: '2030-01-31' });

    const paid = await use<{ payment: Payment }>(write, 'mark_renewal_paid', { id });
    expect(paid.isError, paid.text).toBe(false);
    expect(paid.value.payment).toMatchObject({ dueDate: '2030-01-31', status: 'paid', amount: 17.99, currency: 'USD' });
    const moved = await call<Subscription[]>('GET', '/api/subscriptions', { token: user.token });
    expect(moved.body.find((sub) => sub.id === id)?.dueDate).toBe('2030-02-28');

    const canceled = await use<{ subscription: Subscription }>(write, 'cancel_subscription', { id });
    expect(canceled.value.subscription.status).toBe('canceled');
    const active = await use<{ subscriptions: Subscription[] }>(write, 'list_subscriptions', { status: 'active' });
    expect(active.value.subscriptions.map((sub) => sub.name)).toEqual(['Gym']);

    // Every write went through the API's routes, logged with the token's name.
    const exported = await call('GET', '/api/auth/export', { token: user.token });
    const routes = exported.body.activity
      .filter((entry: { actionType: string }) => entry.actionType === 'access_token_write')
      .map((entry: { details: { route: string } }) => entry.details.route);
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/subscriptions',
        'PUT /api/subscriptions/{id}',
        'POST /api/subscriptions/{id}/payments',
        'PUT /api/subscriptions/{id}/cancel',
      ]),
    );
  });

  it('answers the totals and renewals the app shows: the same computations', async () => {
    const other = await signedInUser();
    const client = await connect(await accessToken(other, 'write'));
    // The stack's day, which other tests move.
    const today = new Date(await stackClock()).toISOString().slice(0, 10);
    await use(client, 'add_subscription', { ...netflix, dueDate: today, amount: 12 });
    await use(client, 'add_subscription', { ...netflix, name: 'Cloud storage', dueDate: today, amount: 120, billingCycle: 'yearly' });
    const totals = await use<CurrencyStats>(client, 'totals', { currency: 'usd' });
    const app = await call<CurrencyStats>('GET', '/api/stats?currency=USD', { token: other.token });
    expect(totals.value).toEqual(app.body);
    expect(totals.value).toMatchObject({ currency: 'USD', monthlyTotal: 22, yearlyTotal: 264 });

    const upcoming = await use<{ renewals: Array<{ name: string; amount: number }> }>(client, 'upcoming_renewals', { days: 40 });
    expect(upcoming.value.renewals.filter((r) => r.name === 'Netflix')).toHaveLength(2);
    expect(upcoming.value.renewals.filter((r) => r.name === 'Cloud storage')).toEqual([expect.objectContaining({ amount: 120 })]);
    await client.close();
  });

  it('tells the assistant what is wrong in the API’s words', async () => {
    expect(await use(write, 'add_subscription', { ...netflix, name: ' ' })).toMatchObject({
      isError: true,
      text: subscriptionMessages.nameRequired,
    });
    expect(await use(write, 'cancel_subscription', { id: 'no-such-id' })).toMatchObject({
      isError: true,
      text: subscriptionMessages.notFound,
    });
    expect(await use(write, 'update_subscription', { id: crypto.randomUUID(), amount: 3 })).toMatchObject({
      isError: true,
      text: subscriptionMessages.notFound,
    });
    expect(await use(write, 'upcoming_renewals', { days: 0 })).toMatchObject({ isError: true, text: mcpMessages.daysInvalid });
    expect(await use(write, 'totals', { currency: 'XYZ' })).toMatchObject({ isError: true, text: statsMessages.invalidCurrency });
    await expect(write.callTool({ name: 'delete_everything', arguments: {} })).rejects.toThrow(
      mcpMessages.unknownTool('delete_everything'),
    );
  });

  it('a read token reads and cannot write; a revoked or session-less one is refused before any tool', async () => {
    const reader = await connect(await accessToken(user, 'read', 'reader'));
    expect((await use(reader, 'list_subscriptions')).isError).toBe(false);
    expect(await use(reader, 'add_subscription', netflix)).toMatchObject({ isError: true, text: accessTokenMessages.readOnly });
    await reader.close();
    await expect(connect('st_made-up-token-that-names-nothing-at-all-0000')).rejects.toThrow();
    // A token revoked in Settings is refused at once, mid-conversation too.
    const revokedToken = await accessToken(user, 'write', 'revoked');
    const revoked = await connect(revokedToken);
    const [listed] = (await call<AccessToken[]>('GET', '/api/auth/tokens', { token: user.token })).body.filter((t) => t.name === 'revoked');
    expect((await call('DELETE', `/api/auth/tokens/${listed.id}`, { token: user.token })).status).toBe(200);
    await expect(revoked.listTools()).rejects.toThrow(accessTokenMessages.invalid);
    const bare = await call('POST', MCP_PATH, { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    expect(bare.status).toBe(401);
  });
});

describe("the README's MCP section", () => {
  it('lists the tools with its curl command, run as written against the stack', async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('### Add it to an AI assistant (MCP)'));
    const command = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    expect(command).toContain('http://localhost:3000/api/mcp');
    const { stdout } = await promisify(execFile)('bash', ['-c', command.replaceAll('http://localhost:3000', apiUrl())], {
      env: { ...process.env, SUBTRACKER_TOKEN: await accessToken(user, 'read', 'readme') },
    });
    const answer = JSON.parse(stdout) as { result: { tools: Array<{ name: string }> } };
    expect(new Set(answer.result.tools.map((tool) => tool.name))).toEqual(new Set(Object.keys(MCP_TOOLS)));
  });
});
