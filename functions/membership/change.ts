import { effectiveMembership, hasDueChange, type MembershipState } from '../../shared/domain/membership.js';
import { now as clockNow } from '../lib/chassis/clock.js';
import { createLogger } from '../lib/chassis/log.js';
import { AGAIN, retryUntil } from '../lib/chassis/retry.js';
import { type MembershipItem, membershipOf, readStoredUser, writeMembership } from '../lib/membership/membership.js';
import { type MembershipSchedules, scheduledEnd, scheduleName } from '../lib/membership/membership-schedules.js';
import { reindexRemindersAfterTierChange } from '../lib/reminders/reminder-index.js';

/**
 * A membership change as both membership functions persist it: read the stored user, compute the
 * next state from the membership in effect now, keep the schedule in step and write on the
 * condition that the stored membership is still the one read (functions/lib/membership/membership.ts).
 *
 * Order: the schedule for the new end is created before the write, the old end's schedule is
 * deleted after it. A write that then fails leaves at worst a schedule at a stale instant, which
 * fires, finds nothing due and makes sure of the stored end's schedule (expiry.ts): the schedules
 * heal themselves; reads apply the change on time either way.
 */
export type ChangeResult = { kind: 'written'; user: MembershipItem } | { kind: 'lost' };

export async function persistChange(stored: MembershipItem, next: MembershipState, schedules: MembershipSchedules): Promise<ChangeResult> {
  const end = scheduledEnd(next);
  const previousEnd = scheduledEnd(membershipOf(stored));
  if (end) await schedules.set(stored.id, end);
  const written = await writeMembership(stored, next);
  if (!written) return { kind: 'lost' };
  await reindexRemindersAfterTierChange(stored, written);
  if (previousEnd && (!end || scheduleName(stored.id, previousEnd) !== scheduleName(stored.id, end))) {
    // Not fatal: a schedule left behind fires, finds nothing due and is gone.
    await schedules.clear(stored.id, previousEnd).catch((error) => {
      createLogger().warn('membership schedule not deleted', { userId: stored.id, error: String(error) });
    });
  }
  return { kind: 'written', user: written };
}

export type ExpiryOutcome = 'user-gone' | 'applied' | 'nothing-due';

/**
 * The expiry function's work for one user: applies the change due now, if any (idempotent: a
 * second run finds nothing due), and makes sure of the schedule at the end that stands (the stored
 * end when the schedule fired early or for a stale instant). A deleted user is a
 * no-op. Of two concurrent runs (or a run and a read) one writes; the other reads it again.
 */
export function applyDueMembership(userId: string, schedules: MembershipSchedules, now = clockNow): Promise<ExpiryOutcome> {
  return retryUntil('changed', `the due membership change of ${userId}`, async () => {
    const stored = await readStoredUser(userId);
    if (!stored) return 'user-gone';
    const at = now();
    const state = membershipOf(stored);
    if (!hasDueChange(state, at)) {
      const end = scheduledEnd(state);
      if (end) await schedules.set(userId, end);
      return 'nothing-due';
    }
    const result = await persistChange(stored, effectiveMembership(state, at), schedules);
    return result.kind === 'lost' ? AGAIN : 'applied';
  });
}
