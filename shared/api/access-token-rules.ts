/**
 * Personal access tokens' rules and messages (issue 37), apart from their routes (access-tokens.ts): the chassis
 * checks every token request against ACCESS_TOKEN_ROUTES, so every function carries this module, and no schema.
 */

/** `read`: the routes that read. `write`: those and the ones that write. */
export const ACCESS_TOKEN_SCOPES = ['read', 'write'] as const;
export type AccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number];
/** How long a token lasts, in days; `null` for a token that does not expire. */
export const ACCESS_TOKEN_LIFETIMES = [30, 90, 365] as const;
export const MAX_ACCESS_TOKENS = 20;
export const MAX_ACCESS_TOKEN_NAME = 60;
/** What every token starts with, so a leaked one is recognised (and told from a session token). */
export const ACCESS_TOKEN_PREFIX = 'st_';
/** The token's first characters, kept and shown so its owner recognises it: `st_` and 6 more. */
export const ACCESS_TOKEN_SHOWN_CHARACTERS = 9;

/**
 * The routes a token opens, by name: the product's data, never the account (password, e-mail, two-factor, tokens,
 * deletion, sessions), sharing (who sees what), channels (where reminders go: their secrets) or an admin route. A
 * `read` token calls only the GET ones.
 */
export const ACCESS_TOKEN_ROUTES: ReadonlySet<string> = new Set([
  'listSubscriptions',
  'createSubscription',
  'updateSubscription',
  'deleteSubscription',
  'deleteSubscriptionPermanently',
  'recoverSubscription',
  'renewSubscription',
  'cancelSubscription',
  'reactivateSubscription',
  'listPayments',
  'listAllPayments',
  'recordPayment',
  'getReminderRules',
  'saveReminderRules',
  'getSubscriptionReminders',
  'saveSubscriptionReminders',
  'getBudgets',
  'saveBudgets',
  'landingStats',
  'rates',
  // The MCP endpoint (issue 37 §4): each tool calls one of the routes above, checked there.
  'mcp',
]);

export const accessTokenMessages = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${MAX_ACCESS_TOKEN_NAME} characters`,
  scopeInvalid: 'Scope must be read or write',
  lifetimeInvalid: 'Expiry must be 30, 90 or 365 days, or none',
  tooMany: `You have ${MAX_ACCESS_TOKENS} access tokens: revoke one to create another`,
  created: 'Access token created. Copy it now: it is not shown again.',
  revoked: 'Access token revoked',
  allRevoked: 'All access tokens revoked',
  notFound: 'Access token not found',
  invalid: 'This access token is not valid: it was revoked, it expired, or it never existed',
  readOnly: 'This access token can only read (its scope is read): create one with read and write to change data',
  notForTokens: 'Access tokens cannot use this route: it needs you signed in to the app',
  tooManyRequests: 'Too many requests with this access token. Try again later.',
} as const;
