import type { Context } from 'aws-lambda';
import { schedulerConfig } from '../lib/chassis/config.js';
import { withInvocation } from '../lib/chassis/invocation.js';
import { createLogger } from '../lib/chassis/log.js';
import { membershipSchedules } from '../lib/membership/membership-schedules.js';
import { applyDueMembership, type ExpiryOutcome } from './change.js';

/**
 * The membership-expiry function (DESIGN §1): the target of each user's one-time schedule, with
 * the input `{ userId }`. It applies the change due at the end of the user's term (with payments
 * not live every term ends there, auto-renew or not: the user becomes a member) and re-arms the
 * schedule at the end that stands, if any. Errors throw, so Lambda's asynchronous retries run it again.
 */
schedulerConfig(false);

export interface ExpiryEvent {
  userId?: unknown;
}

async function expireMembership(
  event: ExpiryEvent,
  context?: Pick<Context, 'invokedFunctionArn'>,
): Promise<{ outcome: ExpiryOutcome | 'ignored' }> {
  const log = createLogger({ function: 'membership-expiry' });
  const userId = event?.userId;
  if (typeof userId !== 'string' || userId === '') {
    // A malformed event is not retried: it would fail the same way every time.
    log.warn('membership expiry without a user id', { event: JSON.stringify(event) });
    return { outcome: 'ignored' };
  }
  const outcome = await applyDueMembership(userId, membershipSchedules(context?.invokedFunctionArn));
  log.info('membership expiry', { userId, outcome });
  return { outcome };
}

/** The Lambda handler: its log lines carry the invocation's request id and trace id. */
export const handler = withInvocation(expireMembership);
