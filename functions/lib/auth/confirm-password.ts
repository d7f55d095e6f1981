import { authMessages } from '../../../shared/api/auth-messages.js';
import { HttpError, tooManyRequests } from '../chassis/errors.js';
import type { Logger } from '../chassis/log.js';
import { beginLoginAttempt, recordLoginFailure } from '../throttles/throttle.js';
import type { UserItem } from '../users/user-item.js';
import { verifyPassword } from './passwords.js';

/**
 * The signed-in user's current password, asked again before a change a stolen session must not be
 * able to make (a new password or e-mail, two-factor set-up: ASVS 5.0 V7.5.1). Counted by the login
 * throttle and a wrong one by the account's ceiling, so these routes cannot be used to guess the password; 400, never 401, for a wrong one
 * (a 401 would sign the user out).
 */
export async function confirmCurrentPassword(
  user: UserItem,
  password: string | undefined,
  clientAddress: string,
  log: Logger,
  missingMessage: string,
): Promise<void> {
  if (!password) throw new HttpError(400, missingMessage);
  const attempt = await beginLoginAttempt(user.username, clientAddress);
  if (!attempt.allowed) throw tooManyRequests(authMessages.tooManyAttempts, attempt.retryAfterSeconds);
  if (!(await verifyPassword(password, user.passwordHash))) {
    log.info('current password refused', { userId: user.id });
    // A session thief guessing here counts towards the account's ceiling as a guesser at sign-in does.
    await recordLoginFailure(user.username);
    throw new HttpError(400, authMessages.currentPasswordWrong);
  }
  await attempt.succeeded();
}
