import * as z from 'zod/mini';
import { route } from './contract.js';

/**
 * The endpoint for AI assistants (issue 37 §4; docs/decisions/0142-mcp-endpoint.md): a remote MCP server (Model
 * Context Protocol, Streamable HTTP transport, stateless, JSON answers) at POST /api/mcp, authorised by the same
 * personal access tokens and scopes as the API. Its tools (./mcp-tools.ts) read with the same computations the app
 * shows and write through the API's own routes, so their checks, messages, scope and activity log are the API's.
 */
export const MCP_PATH = '/api/mcp';

/** A JSON-RPC message: the chassis checks this much, the MCP SDK the rest (a batch is not part of the protocol since 2025-06-18). */
const jsonRpcMessage = z
  .record(z.string(), z.unknown())
  .check(z.refine((message: Record<string, unknown>) => message.jsonrpc === '2.0', { error: 'The body must be a JSON-RPC 2.0 message' }));

/** What the endpoint answers a JSON-RPC request with (200, JSON); a notification gets a 202 with no body. */
// Pure: read by the API description only (responses.ts), so no screen's bundle keeps it.
export const jsonRpcAnswer = /* @__PURE__ */ z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: z.nullable(z.union([z.string(), z.number()])),
});
export type JsonRpcAnswer = z.output<typeof jsonRpcAnswer>;

export const mcpRoutes = {
  mcp: route<JsonRpcAnswer>()({
    method: 'POST',
    path: MCP_PATH,
    area: 'mcp',
    access: 'user',
    body: jsonRpcMessage,
    rawAnswer: true,
    writesNothing: true,
  }),
  /**
   * A client's GET for a stream of server messages: the endpoint offers none (it answers each POST with JSON), which
   * MCP says with a 405 that clients expect. Public: it tells nothing and reads nothing.
   */
  mcpEventStream: route<never>()({ method: 'GET', path: MCP_PATH, area: 'mcp', access: 'public', body: undefined }),
} as const;

/** The 405's message. */
export const MCP_NO_EVENT_STREAM = 'This MCP endpoint answers each request with JSON: it opens no event stream';
