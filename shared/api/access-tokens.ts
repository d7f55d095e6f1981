import * as z from 'zod/mini';
import { ACCESS_TOKEN_SCOPES, type AccessTokenScope, accessTokenMessages, MAX_ACCESS_TOKEN_NAME } from './access-token-rules.js';
import { type MessageResponse, route } from './contract.js';

export {
  ACCESS_TOKEN_LIFETIMES,
  ACCESS_TOKEN_PREFIX,
  ACCESS_TOKEN_ROUTES,
  ACCESS_TOKEN_SCOPES,
  ACCESS_TOKEN_SHOWN_CHARACTERS,
  type AccessTokenScope,
  accessTokenMessages,
  MAX_ACCESS_TOKEN_NAME,
  MAX_ACCESS_TOKENS,
} from './access-token-rules.js';

/**
 * Personal access tokens (issue 37 §1, §2; docs/decisions/0141-personal-access-tokens.md): a user's scripts and
 * agents call the API with `Authorization: Bearer st_…`. A token is shown once, kept as a hash, and opens the
 * subscription, payment, reminder-rule, budget, stats and rates routes within its scope: never the account's
 * security, the sharing of subscriptions, nor any admin route.
 */

/** A token as its owner sees it: never the token itself, which is shown once when it is created. */
export interface AccessToken {
  id: string;
  name: string;
  scope: AccessTokenScope;
  /** Its first characters (`st_` and 6 more), to recognise it. */
  start: string;
  createdAt: string;
  /** When it stops working; null for never. */
  expiresAt: string | null;
  /** Its last use: when, and from which address; null before its first. */
  lastUsedAt: string | null;
  lastUsedFrom: string | null;
}

/** POST /api/auth/tokens. */
export const accessTokenBody = z.object({
  name: z
    .string({ error: accessTokenMessages.nameRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: accessTokenMessages.nameRequired }),
      z.maxLength(MAX_ACCESS_TOKEN_NAME, { error: accessTokenMessages.nameTooLong }),
    ),
  scope: z.enum(ACCESS_TOKEN_SCOPES, { error: accessTokenMessages.scopeInvalid }),
  expiresInDays: z.union([z.literal(30), z.literal(90), z.literal(365), z.null()], { error: accessTokenMessages.lifetimeInvalid }),
});

/** The new token, shown this once, and what the list will show of it. */
export interface CreatedAccessToken {
  message: string;
  token: string;
  accessToken: AccessToken;
}

const noSuchToken = { status: 404, message: accessTokenMessages.notFound } as const;

export const accessTokenRoutes = {
  listAccessTokens: route<AccessToken[]>()({ method: 'GET', path: '/api/auth/tokens', area: 'auth', access: 'user', body: undefined }),
  createAccessToken: route<CreatedAccessToken>()({
    method: 'POST',
    path: '/api/auth/tokens',
    area: 'auth',
    access: 'user',
    body: accessTokenBody,
    successStatus: 201,
  }),
  revokeAccessToken: route<MessageResponse>()({
    method: 'DELETE',
    path: '/api/auth/tokens/{id}',
    area: 'auth',
    access: 'user',
    body: undefined,
    badParameter: noSuchToken,
  }),
  revokeAllAccessTokens: route<MessageResponse>()({
    method: 'DELETE',
    path: '/api/auth/tokens',
    area: 'auth',
    access: 'user',
    body: undefined,
  }),
} as const;
