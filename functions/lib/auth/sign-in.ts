import { ACCESS_TOKEN_PREFIX, accessTokenMessages } from '../../../shared/api/access-token-rules.js';
import { authMessages } from '../../../shared/api/auth-messages.js';
import { HttpError } from '../chassis/errors.js';
import { bearerToken, type SignedIn } from '../chassis/http.js';
import type { UserItem } from '../users/user-item.js';
import { lookUpSession } from './sessions.js';

/**
 * The session check, the first step of signing in (lib/chassis/http.ts `SignInSteps`): loads the
 * session's user and session item on every request (one round trip), so deactivation, logout and
 * terminated sessions act at once (DESIGN §5). A function's route table composes it with the
 * membership settling: `signIn: [checkSession, settleMembership]`.
 */
export async function checkSession(headers: Record<string, string>): Promise<SignedIn<UserItem>> {
  const token = bearerToken(headers);
  if (!token) throw new HttpError(401, authMessages.signInRequired);
  // An access token (issue 37 §2) opens no route of an area without token routes: told so, with no lookup.
  if (token.startsWith(ACCESS_TOKEN_PREFIX)) throw new HttpError(403, accessTokenMessages.notForTokens);
  const session = await lookUpSession(token);
  const user = session?.user;
  if (!session || !user) throw new HttpError(401, authMessages.sessionExpired);
  if (user.accountStatus === 'deactivated') {
    throw new HttpError(401, authMessages.accountDeactivated, { accountDeactivated: true });
  }
  if (user.tokenVersion !== session.tokenVersion) {
    if (user.sessionEndReason === 'admin') {
      throw new HttpError(401, authMessages.sessionTerminated, { sessionInvalidated: true });
    }
    throw new HttpError(401, authMessages.sessionExpired);
  }
  if (!session.sessionExists) throw new HttpError(401, authMessages.sessionExpired);
  return { user, sessionId: session.sessionId };
}
