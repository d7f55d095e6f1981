/**
 * The MCP endpoint's tools (issue 37 §4; the route is ./mcp.ts): how the server introduces itself, each tool's
 * title and description, and their messages; their arguments are in ./mcp-tool-inputs.ts. Modules of their own, so
 * the /developers page carries the words and no schema, and no other screen either.
 */

/** How the server introduces itself to an assistant (the `initialize` answer). */
export const MCP_SERVER = {
  name: 'subscription-tracker',
  title: 'Subscription Tracker',
  version: '1.0.0',
  instructions:
    'Subscription Tracker keeps the user’s recurring subscriptions. Amounts are in each subscription’s billing ' +
    'currency unless a tool says otherwise; dates are YYYY-MM-DD in the user’s time zone. Use list_subscriptions to ' +
    'find a subscription’s id before updating, canceling or marking one paid.',
} as const;

export const MAX_UPCOMING_DAYS = 366;
export const DEFAULT_UPCOMING_DAYS = 30;
export const MAX_SEARCH_LENGTH = 100;

export const mcpMessages = {
  unknownTool: (name: string) => `Unknown tool: ${name}`,
  idRequired: 'Give the subscription’s id (list_subscriptions shows it)',
  searchTooLong: `Search must be at most ${MAX_SEARCH_LENGTH} characters`,
  statusInvalid: 'Status must be active, canceled or all',
  daysInvalid: `Days must be a whole number from 1 to ${MAX_UPCOMING_DAYS}`,
  invalidArguments: 'The tool’s arguments must be a JSON object',
} as const;

/**
 * The tools, by name: what each does (told to the assistant) and whether it only reads.
 */
export const MCP_TOOLS = {
  list_subscriptions: {
    title: 'List subscriptions',
    description:
      'Lists the user’s subscriptions (their own and those shared with them), optionally only those whose name, ' +
      'category or description contains `search`, and by status (default: active and canceled, not the trash).',
    readOnly: true,
  },
  upcoming_renewals: {
    title: 'Upcoming renewals',
    description:
      `The renewals from today over the next \`days\` days (default ${DEFAULT_UPCOMING_DAYS}, at most ${MAX_UPCOMING_DAYS}), ` +
      'oldest first, each with the price in force on its date in its billing currency, whether it falls in a free ' +
      'trial, and the user’s share when the subscription is shared.',
    readOnly: true,
  },
  totals: {
    title: 'Monthly and yearly totals',
    description:
      'What the user’s active subscriptions cost a month and a year in one currency (ISO 4217; default the ' +
      'user’s display currency), converted at the rates the app uses, with the monthly spend by category, the ' +
      'renewals due soon and the next due date: the figures the dashboard shows.',
    readOnly: true,
  },
  add_subscription: {
    title: 'Add a subscription',
    description:
      'Adds a subscription. `amount` is what one billing cycle costs in `currency` (default the user’s display ' +
      'currency); `dueDate` is its next renewal. Answers the subscription as saved.',
    readOnly: false,
  },
  update_subscription: {
    title: 'Update a subscription',
    description:
      'Changes the fields given of the subscription `id`; the others stay as they are. A new `amount` corrects ' +
      'the current price, or with `effectiveFrom` is a price change from that day. Answers the subscription as saved.',
    readOnly: false,
  },
  cancel_subscription: {
    title: 'Cancel a subscription',
    description: 'Marks the subscription `id` canceled: no renewals from its due date on. It can be reactivated in the app.',
    readOnly: false,
  },
  mark_renewal_paid: {
    title: 'Mark a renewal paid',
    description:
      'Records a renewal of the subscription `id` as paid: `dueDate` (default its next renewal, the due date), at ' +
      'the price in force on that day unless `amount` (and `currency`) say what was charged. Paying the due date ' +
      'moves the subscription on to its next renewal.',
    readOnly: false,
  },
} as const;

export type McpToolName = keyof typeof MCP_TOOLS;
