import { accessTokenMessages, type accessTokenRoutes } from '../../shared/api/access-tokens.js';
import { createAccessToken, listAccessTokens, revokeAccessToken, revokeAllAccessTokens } from '../lib/auth/access-tokens.js';
import { sendSecurityNotice } from '../lib/auth/security-notices.js';
import type { AreaHandlers } from '../lib/auth/signed-in-api.js';
import { notFound } from '../lib/chassis/errors.js';
import { recordActivity } from '../lib/users/activity.js';

/**
 * Settings → Access tokens (issue 37 §1; docs/decisions/0141-personal-access-tokens.md): list, create (shown once,
 * with a security notice by e-mail), revoke one, revoke all. Signed in with a session only: a token reaches none of
 * these routes (the chassis refuses them, shared/api/access-token-rules.ts).
 */
export const accessTokenHandlers: AreaHandlers<typeof accessTokenRoutes> = {
  listAccessTokens: async ({ user }) => listAccessTokens(user),

  createAccessToken: async ({ user, body, log }) => {
    const created = await createAccessToken(user, body);
    await recordActivity(user.id, 'access_token_created', user.username, { token: body.name, scope: body.scope });
    await sendSecurityNotice(user, { kind: 'access-token-created', name: body.name, scope: body.scope }, log);
    log.info('access token created', { tokenId: created.accessToken.id, scope: body.scope });
    return { message: accessTokenMessages.created, ...created };
  },

  revokeAccessToken: async ({ user, params }) => {
    if (!(await revokeAccessToken(user.id, params.id))) throw notFound(accessTokenMessages.notFound);
    await recordActivity(user.id, 'access_token_revoked', user.username, { tokenId: params.id });
    return { message: accessTokenMessages.revoked };
  },

  revokeAllAccessTokens: async ({ user }) => {
    const revoked = await revokeAllAccessTokens(user.id);
    if (revoked > 0) await recordActivity(user.id, 'access_token_revoked', user.username, { tokens: revoked });
    return { message: accessTokenMessages.allRevoked };
  },
};
