import { ACCESS_TOKEN_PREFIX, accessTokenMessages } from '../../../shared/api/access-token-rules.js';
import { authMessages } from '../../../shared/api/auth-messages.js';
import { HttpError, tooManyRequests } from '../chassis/errors.js';
import { bearerToken, type SignedIn, signedInApi } from '../chassis/http.js';
import { settleMembership } from '../membership/membership.js';
import { ACCESS_TOKEN_REQUESTS, takeSlots } from '../throttles/throttle.js';
import type { UserItem } from '../users/user-item.js';
import { lookUpAccessToken, recordAccessTokenUse } from './access-tokens.js';
import { checkSession } from './sign-in.js';

/**
 * The sign-in of the areas whose routes personal access tokens open (issue 37 §2): a session, or an access token.
 * Other areas check sessions only (./sign-in.ts), and tell a token it opens nothing there. An area that writes logs
 * each write a token makes (./token-writes.ts); stats, which only reads, signs in here and keeps no Put grant.
 */

/** Who logs a token's write: the activity log (./token-writes.ts), or nobody for an area without writes. */
export type TokenWriteLog = (user: UserItem, token: { name: string }, route: { method: string; path: string }) => Promise<void>;

/** The credential check: an access token's when the bearer is one (`st_…`), else the session check. */
export function checkSessionOrAccessToken(logWrite?: TokenWriteLog) {
  return async (headers: Record<string, string>, clientAddress: string): Promise<SignedIn<UserItem>> => {
    const token = bearerToken(headers);
    return token?.startsWith(ACCESS_TOKEN_PREFIX) ? checkAccessToken(token, clientAddress, logWrite) : checkSession(headers);
  };
}

/**
 * A personal access token's check (issue 37 §2): it names a token in force, whose owner is active and still on the
 * token version it was made under (a password reset, 'Sign out of all devices' or an admin's termination ended it),
 * within its own throttle. Its use is recorded (when, from where). The chassis then lets it call only the routes
 * tokens open, within its scope.
 */
async function checkAccessToken(token: string, clientAddress: string, logWrite?: TokenWriteLog): Promise<SignedIn<UserItem>> {
  const found = await lookUpAccessToken(token);
  const user = found?.owner;
  if (!found || !user || user.tokenVersion !== found.tokenVersion) throw new HttpError(401, accessTokenMessages.invalid);
  if (user.accountStatus === 'deactivated') {
    throw new HttpError(401, authMessages.accountDeactivated, { accountDeactivated: true });
  }
  const slots = await takeSlots([[ACCESS_TOKEN_REQUESTS, found.token.id]]);
  if (!slots.taken) throw tooManyRequests(accessTokenMessages.tooManyRequests, slots.retryAfterSeconds);
  await recordAccessTokenUse(token, clientAddress);
  return {
    user,
    sessionId: `access-token:${found.token.id}`,
    accessToken: found.token,
    ...(logWrite ? { afterWrite: (route: { method: string; path: string }) => logWrite(user, found.token, route) } : {}),
  };
}

/** The API handler of the stats area, which only reads: a session or an access token, then the membership in effect now. */
export const createReadingTokenApiHandler = signedInApi(checkSessionOrAccessToken(), settleMembership);
