import { MCP_NO_EVENT_STREAM, mcpRoutes } from '../../shared/api/mcp.js';
import { createTokenApiHandler } from '../lib/auth/token-writes.js';
import { HttpError } from '../lib/chassis/errors.js';
import { subscriptionHandlers as handlers, subscriptionAreaRoutes as routes } from '../subscriptions/subscription-handlers.js';
import { answerMcp } from './server.js';

/**
 * The MCP function (issue 37 §4; docs/decisions/0142-mcp-endpoint.md): the endpoint for AI assistants, a function
 * of its own so the MCP SDK weighs on no other route's start.
 *
 * Its tools write through the subscriptions area's routes, served here in-process by the same chassis and handlers
 * as in the subscriptions function: the token's scope and throttle, the body's validation and messages, the write
 * logged with the token's name.
 */
const toolRoutes = createTokenApiHandler(
  {
    createSubscription: routes.createSubscription,
    updateSubscription: routes.updateSubscription,
    cancelSubscription: routes.cancelSubscription,
    recordPayment: routes.recordPayment,
  },
  {
    createSubscription: handlers.createSubscription,
    updateSubscription: handlers.updateSubscription,
    cancelSubscription: handlers.cancelSubscription,
    recordPayment: handlers.recordPayment,
  },
);

export const handler = createTokenApiHandler(mcpRoutes, {
  mcp: (request) => answerMcp(request, toolRoutes),
  mcpEventStream: async () => {
    throw new HttpError(405, MCP_NO_EVENT_STREAM, {}, { allow: 'POST' });
  },
});
