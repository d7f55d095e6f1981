import * as z from 'zod/mini';
import { MAX_SEARCH_LENGTH, MAX_UPCOMING_DAYS, type McpToolName, mcpMessages as m } from './mcp-tools.js';
import { subscriptionBody } from './subscriptions.js';

/**
 * Each MCP tool's arguments (issue 37 §4), zod/mini: checked by the tool, described to the assistant as JSON Schema.
 * The ones that write take the API's own bodies, validated again by the route they call.
 */

const subscriptionId = z.string({ error: m.idRequired }).check(z.trim(), z.minLength(1, { error: m.idRequired }));

export const MCP_TOOL_INPUTS = {
  list_subscriptions: z.object({
    search: z.optional(z.string({ error: m.searchTooLong }).check(z.trim(), z.maxLength(MAX_SEARCH_LENGTH, { error: m.searchTooLong }))),
    status: z.optional(z.enum(['active', 'canceled', 'all'], { error: m.statusInvalid })),
  }),
  upcoming_renewals: z.object({
    days: z.optional(
      z
        .number({ error: m.daysInvalid })
        .check(z.int({ error: m.daysInvalid }), z.gte(1, { error: m.daysInvalid }), z.lte(MAX_UPCOMING_DAYS, { error: m.daysInvalid })),
    ),
  }),
  totals: z.object({ currency: z.optional(z.string()) }),
  add_subscription: subscriptionBody,
  update_subscription: z.extend(z.partial(z.object(subscriptionBody.shape)), { id: subscriptionId }),
  cancel_subscription: z.object({ id: subscriptionId }),
  mark_renewal_paid: z.object({
    id: subscriptionId,
    dueDate: z.optional(z.string()),
    amount: z.optional(z.union([z.number(), z.string()])),
    currency: z.optional(z.string()),
  }),
} as const satisfies Record<McpToolName, z.ZodMiniType>;
