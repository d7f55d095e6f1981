import type { RouteDef } from './contract.js';

/**
 * The API reference's examples (issue 37 §3, the /developers page): for each route an access token opens, a `curl`
 * command that works as written against a running stack, given two variables — `SUBTRACKER_TOKEN` (a token from
 * Settings → Access tokens) and, for a route of one subscription, `SUBSCRIPTION_ID`. They are listed in the order a
 * script would call them on one subscription (create it, read it, change it, pay it, trash and delete it), and
 * test/api/api-examples.test.ts runs them so, with curl.
 */

/** The routes' order on the page: a subscription's life, then the account's reminders, budgets and figures. */
export const API_EXAMPLE_ORDER = [
  'createSubscription',
  'listSubscriptions',
  'updateSubscription',
  'listPayments',
  'recordPayment',
  'listAllPayments',
  'renewSubscription',
  'cancelSubscription',
  'reactivateSubscription',
  'getSubscriptionReminders',
  'saveSubscriptionReminders',
  'getReminderRules',
  'saveReminderRules',
  'getBudgets',
  'saveBudgets',
  'landingStats',
  'rates',
  'mcp',
  'deleteSubscription',
  'recoverSubscription',
  'deleteSubscriptionPermanently',
] as const;

/** What a route's example needs first, beyond the ones before it. */
export const API_EXAMPLE_NOTES: Readonly<Record<string, string>> = {
  recordPayment: 'Marks a renewal paid (or skipped), as the app does; a past-due subscription moves on.',
  saveSubscriptionReminders: 'VIP and Premium: its own reminders instead of the account’s.',
  saveReminderRules: 'VIP and Premium: the account’s reminders.',
  getBudgets: 'Premium.',
  saveBudgets: 'Premium.',
  deleteSubscriptionPermanently: 'Only a subscription in the trash (delete it first).',
  mcp:
    'The endpoint for AI assistants (Model Context Protocol, Streamable HTTP): add it to an assistant as shown above. ' +
    'This example lists its tools. A read token uses the tools that read; the ones that write need read and write.',
};

/** A route's title on the page where its name does not read as one. */
export const API_EXAMPLE_TITLES: Readonly<Record<string, string>> = { mcp: 'Assistants (MCP)' };

/** Headers an example sends beyond the token and the body's type: MCP's transport wants both answer types accepted. */
const API_EXAMPLE_HEADERS: Readonly<Record<string, string>> = { mcp: 'Accept: application/json, text/event-stream' };

const subscription = {
  name: 'Netflix',
  amount: 15.49,
  currency: 'USD',
  category: 'streaming',
  dueDate: '2030-01-31',
  billingCycle: 'monthly',
  autoRenew: true,
};

/** The JSON body each writing route's example sends. */
export const API_EXAMPLE_BODIES: Readonly<Record<string, unknown>> = {
  createSubscription: subscription,
  updateSubscription: { ...subscription, amount: 17.99 },
  recordPayment: { dueDate: '2030-01-31', status: 'paid' },
  saveSubscriptionReminders: { rules: [{ event: 'renewal', offset: 3, unit: 'days', channels: ['email'] }] },
  saveReminderRules: { rules: [{ event: 'renewal', offset: 7, unit: 'days', channels: ['email'] }] },
  saveBudgets: { monthly: 100, currency: 'USD', categories: [{ category: 'streaming', monthly: 40 }] },
  mcp: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
};

/** Query strings the examples add: the figures in a currency (signed in, as a token does). */
const API_EXAMPLE_QUERIES: Readonly<Record<string, string>> = { landingStats: '?currency=USD' };

/** A route's path as the example writes it: `{id}` is the subscription's, from `$SUBSCRIPTION_ID`. */
const examplePath = (route: RouteDef) => route.path.replace('{id}', '$SUBSCRIPTION_ID');

/** The `curl` command of a route's example against `origin` (the site's address). */
export function curlExample(name: string, route: RouteDef, origin: string): string {
  const lines = [`curl -X ${route.method} "${origin}${examplePath(route)}${API_EXAMPLE_QUERIES[name] ?? ''}"`];
  lines.push(`  -H "Authorization: Bearer $SUBTRACKER_TOKEN"`);
  if (API_EXAMPLE_HEADERS[name]) lines.push(`  -H "${API_EXAMPLE_HEADERS[name]}"`);
  const body = API_EXAMPLE_BODIES[name];
  if (body !== undefined) {
    lines.push(`  -H "Content-Type: application/json"`);
    lines.push(`  -d '${JSON.stringify(body)}'`);
  }
  return lines.join(' \\\n');
}

/** The scope a route needs: `read` for a GET and for one that writes nothing itself (the MCP endpoint), `write` for the rest. */
export const scopeOf = (route: RouteDef): 'read' | 'write' => (route.method === 'GET' || route.writesNothing ? 'read' : 'write');

/** The MCP endpoint's address on a site. */
const mcpAddress = (origin: string) => `${origin}/api/mcp`;

/**
 * How an assistant is given the MCP endpoint (issue 37 §4), as the /developers page and the README show it: the
 * command of a command-line assistant (Claude Code), and the `mcpServers` entry that desktop assistants and editors
 * read from their configuration file.
 */
export function mcpClientExamples(origin: string): { command: string; config: string } {
  const command = `claude mcp add --transport http subscription-tracker ${mcpAddress(origin)} \\\n  --header "Authorization: Bearer $SUBTRACKER_TOKEN"`;
  const config = JSON.stringify(
    {
      mcpServers: {
        'subscription-tracker': { type: 'http', url: mcpAddress(origin), headers: { Authorization: 'Bearer st_…' } },
      },
    },
    null,
    2,
  );
  return { command, config };
}
