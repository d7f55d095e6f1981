import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type MembershipStats, membershipMessages, membershipRoutes } from '../../shared/api/membership.js';
import {
  changeTier,
  DEFAULT_GRANT_REASON,
  effectiveMembership,
  extendMembership,
  extendReason,
  grantMembership,
  type MembershipState,
  tierChangedMessage,
} from '../../shared/domain/membership.js';
import { adminRefusal } from '../../shared/domain/roles.js';
import { createApiHandler } from '../lib/auth/signed-in-api.js';
import { dynamo } from '../lib/chassis/aws.js';
import { now as clockNow } from '../lib/chassis/clock.js';
import { schedulerConfig } from '../lib/chassis/config.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/chassis/errors.js';
import { AGAIN, retryUntil } from '../lib/chassis/retry.js';
import { tableName } from '../lib/chassis/table.js';
import { MEMBERSHIP_COUNTERS, type MembershipItem, membershipOf, readStoredUser } from '../lib/membership/membership.js';
import { membershipSchedules } from '../lib/membership/membership-schedules.js';
import { statsKeys } from '../lib/stats/keys.js';
import { recordActivity } from '../lib/users/activity.js';
import { toPublicUser } from '../lib/users/public-user.js';
import { recordStaffAction, requireAllowed } from '../lib/users/staff-actions.js';
import type { UserItem } from '../lib/users/user-item.js';
import { persistChange } from './change.js';

/**
 * The membership area (SPEC §4 'Paid-tier subscription', §6, §7): a member's own tier actions and
 * the admin's grant, extend and statistics. Each change is computed from the membership in effect
 * now, written on the condition that the stored membership is still the one read (of two
 * concurrent changes one applies; the other is tried once more from the new state, then 409), with
 * the counters in the same transaction, and the user's expiry schedule kept in step.
 */
schedulerConfig(true);

/** Computes the next state from the effective one, or throws the 4xx that refuses it. */
type Change = (effective: MembershipState, now: Date, stored: MembershipItem) => MembershipState;

function changeMembership(userId: string, change: Change): Promise<MembershipItem> {
  return retryUntil(
    'changed',
    'a membership change',
    async () => {
      const stored = await readStoredUser(userId);
      if (!stored) throw notFound(membershipMessages.userNotFound);
      const now = clockNow();
      const next = change(effectiveMembership(membershipOf(stored), now), now, stored);
      const result = await persistChange(stored, next, membershipSchedules());
      return result.kind === 'written' ? result.user : AGAIN;
    },
    undefined,
    { exhausted: () => conflict(membershipMessages.changedMeanwhile) },
  );
}

/**
 * The staff role matrix (decision 0104): only an owner changes a staff account's membership, and
 * nobody grants or extends their own. Checked against the stored role before the change is computed.
 */
async function guardMembership(admin: UserItem, userId: string): Promise<void> {
  const stored = await readStoredUser(userId);
  if (stored) await requireAllowed(admin, stored, 'membership', membershipMessages.ownerOnly);
}

/** The same rule on the role as read for the write (a role changed since the first read). */
function guardRole(admin: UserItem, stored: MembershipItem): void {
  const refusal = adminRefusal(admin, stored, 'membership');
  if (refusal) throw new HttpError(403, refusal === 'staffOwnerOnly' ? membershipMessages.ownerOnly : membershipMessages.ownMembership);
}

const counter = (item: Record<string, unknown> | undefined, name: string) => Math.max(0, Number(item?.[name] ?? 0) || 0);

export const handler = createApiHandler(membershipRoutes, {
  changeTier: async ({ body, user }) => {
    const updated = await changeMembership(user.id, (effective) => {
      const change = changeTier(effective, body.action);
      if (!change.ok) throw badRequest(membershipMessages[change.refusal]);
      return change.state;
    });
    await recordActivity(user.id, 'tier_changed', user.username, { action: body.action });
    return { message: tierChangedMessage(body.action), user: toPublicUser(updated) };
  },

  grantMembership: async ({ body, user: admin }) => {
    const days = body.isForever === true ? null : (body.duration as number);
    await guardMembership(admin, body.userId);
    const updated = await changeMembership(body.userId, (effective, now, stored) => {
      guardRole(admin, stored);
      return grantMembership(effective, body.subscriptionType, days, now);
    });
    await recordActivity(updated.id, 'membership_granted', admin.username, {
      subscriptionType: body.subscriptionType,
      durationDays: days,
      isForever: days === null,
      reason: body.reason || DEFAULT_GRANT_REASON,
    });
    await recordStaffAction(admin, updated, 'membership', { subscriptionType: body.subscriptionType, isForever: days === null });
    return { message: membershipMessages.granted, user: toPublicUser(updated) };
  },

  extendMembership: async ({ body, user: admin }) => {
    await guardMembership(admin, body.userId);
    const updated = await changeMembership(body.userId, (effective, _now, stored) => {
      guardRole(admin, stored);
      const change = extendMembership(effective, body.additionalDays);
      if (!change.ok) throw badRequest(membershipMessages[change.refusal]);
      return change.state;
    });
    await recordActivity(updated.id, 'membership_extended', admin.username, {
      additionalDays: body.additionalDays,
      reason: body.reason || extendReason(body.additionalDays),
    });
    await recordStaffAction(admin, updated, 'membership', { additionalDays: body.additionalDays });
    return { message: membershipMessages.extended, user: toPublicUser(updated) };
  },

  membershipStats: async () => {
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: statsKeys.counters(), ConsistentRead: true }));
    return {
      vip: counter(Item, MEMBERSHIP_COUNTERS.vip),
      premium: counter(Item, MEMBERSHIP_COUNTERS.premium),
      forever: counter(Item, MEMBERSHIP_COUNTERS.forever),
    } satisfies MembershipStats;
  },
});
