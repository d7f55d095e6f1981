import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { fillPath, type RawAnswer, type RouteDef } from '../../shared/api/contract.js';
import { EDGE_HEADERS } from '../../shared/api/edge.js';
import { MCP_PATH, type mcpRoutes } from '../../shared/api/mcp.js';
import { MCP_TOOL_INPUTS } from '../../shared/api/mcp-tool-inputs.js';
import { DEFAULT_UPCOMING_DAYS, MCP_SERVER, MCP_TOOLS, type McpToolName, mcpMessages } from '../../shared/api/mcp-tools.js';
import { paymentRoutes } from '../../shared/api/payments.js';
import type { Subscription } from '../../shared/api/subscription.js';
import { subscriptionInputOf, subscriptionMessages, subscriptionRoutes } from '../../shared/api/subscriptions.js';
import { addDays, todayIn } from '../../shared/domain/dates.js';
import { scheduledRenewals } from '../../shared/domain/schedule.js';
import { now } from '../lib/chassis/clock.js';
import { HttpError } from '../lib/chassis/errors.js';
import type { ApiEvent, ApiRequest, ApiResult } from '../lib/chassis/http.js';
import { subscriptionsSeenBy } from '../lib/sharing/shared-view.js';
import { currencyFigures } from '../lib/stats/currency-figures.js';
import { getSubscription, toSubscription } from '../lib/subscriptions/subscriptions.js';
import type { UserItem } from '../lib/users/user-item.js';

/**
 * The MCP server behind POST /api/mcp (issue 37 §4; docs/decisions/0142-mcp-endpoint.md). Stateless: each request gets a server and a Streamable HTTP transport of its own, answering JSON
 * (no event stream), so any instance of the function can answer any request. The tools that read compute with the
 * functions the app's screens use (the dashboard's figures, the one schedule); the ones that write call the subscriptions
 * area's routes, served in this function by the same chassis and handlers as there (`routeCaller`), so a `read` token, a bad field or an unknown id gets the API's own answer.
 */

/** A request to the MCP endpoint, signed in. */
export type McpRequest = ApiRequest<typeof mcpRoutes.mcp, UserItem>;

/** A Lambda handler of the routes the tools write with (./handler.ts), called in this process. */
export type RouteLambda = (event: ApiEvent, context: Context) => Promise<ApiResult>;

/** What a route called by a tool answered: its JSON on success, else its status and message. */
export type RouteOutcome = { ok: true; value: unknown } | { ok: false; status: number; message: string };

/** Calls one of those routes, with the request's own credentials, with the path parameters and body given. */
export type CallRoute = (def: RouteDef, call: { params?: Record<string, string>; body?: unknown }) => Promise<RouteOutcome>;

/** The request headers a tool's route call carries on: who asks (the token), and how the request reached us. */
const FORWARDED_HEADERS: ReadonlySet<string> = new Set([
  'authorization',
  'user-agent',
  'x-forwarded-for',
  EDGE_HEADERS.originSecret,
  EDGE_HEADERS.viewerAddress,
]);

/**
 * A route called the way API Gateway calls the function (payload 2.0), through the whole chassis: the token's check,
 * scope and throttle, the body's validation and messages, the write logged with the token's name.
 */
function routeCaller(request: McpRequest, routes: RouteLambda): CallRoute {
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => FORWARDED_HEADERS.has(name)));
  let calls = 0;
  return async (def, { params = {}, body }) => {
    const path = fillPath(def.path, params);
    const requestId = `${request.requestId}-${++calls}`;
    const event: ApiEvent = {
      version: '2.0',
      rawPath: path,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      pathParameters: params,
      body: body === undefined ? undefined : JSON.stringify(body),
      requestContext: { requestId, http: { method: def.method, path, sourceIp: request.clientAddress } },
    };
    const result = await routes(event, { awsRequestId: requestId } as Context);
    const answer = result.body ? (JSON.parse(result.body) as { message?: string }) : null;
    if (result.statusCode < 400) return { ok: true, value: answer };
    return { ok: false, status: result.statusCode, message: answer?.message ?? 'Something went wrong. Please try again.' };
  };
}

interface ToolContext {
  user: UserItem;
  callRoute: CallRoute;
  /** The arguments as the assistant sent them: what a tool that writes hands its route, which validates them. */
  raw: Record<string, unknown>;
}

/** A tool's outcome: a value (an object) to answer, or a refusal with the API's message. */
type ToolOutcome = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

const refused = (message: string): ToolOutcome => ({ ok: false, message });
const answered = (value: Record<string, unknown>): ToolOutcome => ({ ok: true, value });
const fromRoute = (outcome: RouteOutcome, name: string): ToolOutcome =>
  outcome.ok ? answered({ [name]: outcome.value }) : refused(outcome.message);

/** A subscription as the tools tell it: the API's fields less the price history and the logo. */
function summary(subscription: Subscription): Record<string, unknown> {
  const { priceHistory: _history, logo: _logo, ...rest } = subscription;
  return rest;
}

/** The subscription `id` of the user, as the API answers it, or the 404's message. */
async function ownSubscription(user: UserItem, id: string): Promise<Subscription | string> {
  const item = await getSubscription(user.id, id);
  return item ? toSubscription(item) : subscriptionMessages.notFound;
}

const TOOLS: { [K in McpToolName]: (args: z.output<(typeof MCP_TOOL_INPUTS)[K]>, context: ToolContext) => Promise<ToolOutcome> } = {
  list_subscriptions: async ({ search, status }, { user }) => {
    const wanted = search?.toLowerCase() ?? '';
    const subscriptions = (await subscriptionsSeenBy(user.id))
      .filter((sub) => (status === 'all' ? true : status ? sub.status === status : sub.status !== 'deleted'))
      .filter((sub) => !wanted || [sub.name, sub.category, sub.description].some((text) => text.toLowerCase().includes(wanted)))
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.name.localeCompare(b.name));
    return answered({ subscriptions: subscriptions.map(summary) });
  },

  upcoming_renewals: async ({ days = DEFAULT_UPCOMING_DAYS }, { user }) => {
    const from = todayIn(user.timeZone, now());
    const to = addDays(from, days);
    const renewals = (await subscriptionsSeenBy(user.id))
      .flatMap((sub) =>
        scheduledRenewals(sub, { from, to }).map((renewal) => ({
          date: renewal.date,
          subscriptionId: sub.id,
          name: sub.name,
          amount: renewal.price.amount,
          currency: renewal.price.currency,
          trial: renewal.trial,
          ...(renewal.share ? { yourShare: renewal.share } : {}),
        })),
      )
      .sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
    return answered({ from, to, renewals });
  },

  totals: async ({ currency }, { user }) => answered({ ...(await currencyFigures(user, currency ?? user.currencyPreference)) }),

  add_subscription: async (_checked, { callRoute, raw }) =>
    fromRoute(await callRoute(subscriptionRoutes.createSubscription, { body: raw }), 'subscription'),

  update_subscription: async ({ id }, { user, callRoute, raw }) => {
    const current = await ownSubscription(user, id);
    if (typeof current === 'string') return refused(current);
    const { id: _id, ...changes } = raw;
    const body = { ...subscriptionInputOf(current), ...changes };
    return fromRoute(await callRoute(subscriptionRoutes.updateSubscription, { params: { id }, body }), 'subscription');
  },

  cancel_subscription: async ({ id }, { callRoute }) =>
    fromRoute(await callRoute(subscriptionRoutes.cancelSubscription, { params: { id } }), 'subscription'),

  mark_renewal_paid: async ({ id, dueDate, amount, currency }, { user, callRoute }) => {
    const current = dueDate === undefined ? await ownSubscription(user, id) : undefined;
    if (typeof current === 'string') return refused(current);
    const body = { dueDate: dueDate ?? current?.dueDate, status: 'paid', amount, currency };
    return fromRoute(await callRoute(paymentRoutes.recordPayment, { params: { id }, body }), 'payment');
  },
};

/** Each tool as `tools/list` describes it: its arguments as JSON Schema (as a client may send them), what it may change. */
function toolList(): Tool[] {
  return (Object.entries(MCP_TOOLS) as Array<[McpToolName, (typeof MCP_TOOLS)[McpToolName]]>).map(([name, tool]) => {
    const { $schema: _dialect, ...inputSchema } = z.toJSONSchema(MCP_TOOL_INPUTS[name], { io: 'input', unrepresentable: 'any' });
    return {
      name,
      title: tool.title,
      description: tool.description,
      inputSchema: inputSchema as Tool['inputSchema'],
      annotations: {
        title: tool.title,
        readOnlyHint: tool.readOnly,
        destructiveHint: false,
        idempotentHint: tool.readOnly || name === 'cancel_subscription' || name === 'mark_renewal_paid',
        openWorldHint: false,
      },
    };
  });
}

const isToolName = (name: string): name is McpToolName => Object.hasOwn(MCP_TOOLS, name);

/**
 * `tools/call`: the arguments checked with the tool's schema (the contract's messages), then the tool. A refusal is a
 * tool result with `isError`, its text the API's message, as MCP asks, so the assistant can read it and correct
 * itself; an unknown tool is a protocol error.
 */
async function callTool(name: string, args: unknown, context: Omit<ToolContext, 'raw'>): Promise<CallToolResult> {
  if (!isToolName(name)) throw new McpError(ErrorCode.InvalidParams, mcpMessages.unknownTool(name));
  const raw = args ?? {};
  const checked = z.safeParse(MCP_TOOL_INPUTS[name] as z.ZodMiniType, raw);
  const tool = TOOLS[name] as (args: unknown, context: ToolContext) => Promise<ToolOutcome>;
  const outcome = checked.success
    ? await tool(checked.data, { ...context, raw: raw as Record<string, unknown> }).catch((error: unknown) => {
        // A refusal of the computations the tool shares with a route (an unknown currency): that route's 4xx message.
        if (error instanceof HttpError && error.status < 500) return refused(error.message);
        throw error;
      })
    : refused(checked.error.issues[0]?.message ?? mcpMessages.invalidArguments);
  if (!outcome.ok) return { isError: true, content: [{ type: 'text', text: outcome.message }] };
  return { content: [{ type: 'text', text: JSON.stringify(outcome.value, null, 2) }], structuredContent: outcome.value };
}

/** Answers one POST /api/mcp: a JSON-RPC request with its JSON answer (200), a notification with a 202. */
export async function answerMcp(request: McpRequest, routes: RouteLambda): Promise<RawAnswer> {
  const callRoute = routeCaller(request, routes);
  const server = new Server(
    { name: MCP_SERVER.name, title: MCP_SERVER.title, version: MCP_SERVER.version },
    { capabilities: { tools: {} }, instructions: MCP_SERVER.instructions },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolList() }));
  server.setRequestHandler(CallToolRequestSchema, ({ params }) =>
    callTool(params.name, params.arguments, { user: request.user, callRoute }),
  );
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const headers = new Headers();
    for (const name of ['accept', 'content-type', 'mcp-protocol-version']) {
      const value = request.headers[name];
      if (value !== undefined) headers.set(name, value);
    }
    const response = await transport.handleRequest(new Request(`http://localhost${MCP_PATH}`, { method: 'POST', headers }), {
      parsedBody: request.body,
    });
    return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
  } finally {
    await server.close();
  }
}
