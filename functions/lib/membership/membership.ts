import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { effectiveMembership, hasDueChange, type MembershipState, type PaidTier } from '../../../shared/domain/membership.js';
import { normalizeRole } from '../../../shared/domain/roles.js';
import { dynamo } from '../chassis/aws.js';
import { now as clockNow } from '../chassis/clock.js';
import { createLogger } from '../chassis/log.js';
import { AGAIN, RetriesExhaustedError, retryUntil } from '../chassis/retry.js';
import { tableName } from '../chassis/table.js';
import { userKeys } from '../users/keys.js';
import { cancellationCodes, counterDeltas, counterUpdate, LastOwnerError } from '../users/user-counters.js';
import type { UserItem } from '../users/user-item.js';

/**
 * Stored memberships (docs/decisions/0034-memberships.md). Every persisted membership change goes
 * through {@link writeMembership}: one transaction that updates the user item on the condition
 * that its membership is still the one read (`membershipVersion`, bumped on each write, the role
 * and the account status), and adds the change to the per-role and per-tier counters on the STATS
 * item (functions/lib/users/user-counters.ts). The read path
 * ({@link settleMembership}) and the expiry function persist a due change the same way.
 *
 * No scheduler client here: this module is in every function's bundle (the chassis settles the
 * signed-in user on each request); only the membership functions keep schedules.
 */

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The counters of current paid memberships on the STATS item (GET /admin/membership/stats). */
export { MEMBERSHIP_COUNTERS } from '../users/user-counters.js';

/** A stored user with the version its membership was last written under. */
export type MembershipItem = UserItem & { membershipVersion?: number };

const PAID: readonly PaidTier[] = ['vip', 'premium'];

/** The membership state a user item holds (missing attributes read as a member's). */
export function membershipOf(
  item: Pick<UserItem, 'role' | 'subscriptionType' | 'subscriptionEnd' | 'isForever' | 'autoRenew' | 'pendingDowngrade'>,
): MembershipState {
  const type = PAID.includes(item.subscriptionType as PaidTier) ? (item.subscriptionType as PaidTier) : null;
  return {
    role: normalizeRole(item.role),
    subscriptionType: type,
    subscriptionEnd: typeof item.subscriptionEnd === 'string' ? item.subscriptionEnd : null,
    isForever: Boolean(item.isForever),
    autoRenew: Boolean(item.autoRenew),
    pendingDowngrade: Boolean(item.pendingDowngrade),
  };
}

/** The item with `state` as its membership. */
export function withMembership<T extends UserItem>(item: T, state: MembershipState): T {
  return { ...item, ...state };
}

/** The item as it stands at `now` (pure: nothing is written). */
export function effectiveUserItem<T extends UserItem>(item: T, now = clockNow()): T {
  return withMembership(item, effectiveMembership(membershipOf(item), now));
}

/**
 * For account deletion: the STATS update that takes the stored user off the counters (role, active
 * owner, paid membership), to put in the same transaction as the deletion of the user item (whose
 * condition should be {@link membershipCondition}). The user's expiry schedule may stay: it finds
 * no user and does nothing.
 */
export function countersOnDelete(stored: MembershipItem): TransactItem | undefined {
  return counterUpdate(counterDeltas(stored, null));
}

/** The condition that the user's membership (role, membership version, account status) is still the one read. */
export function membershipCondition(stored: MembershipItem): {
  ConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
} {
  const version = stored.membershipVersion;
  const status = stored.accountStatus;
  return {
    ConditionExpression: `attribute_exists(pk) AND #role = :seenRole AND ${
      version === undefined ? 'attribute_not_exists(#version)' : '#version = :seenVersion'
    } AND ${status === undefined ? 'attribute_not_exists(#status)' : '#status = :seenStatus'}`,
    ExpressionAttributeNames: { '#role': 'role', '#version': 'membershipVersion', '#status': 'accountStatus' },
    ExpressionAttributeValues: {
      ':seenRole': stored.role,
      ...(version === undefined ? {} : { ':seenVersion': version }),
      ...(status === undefined ? {} : { ':seenStatus': status }),
    },
  };
}

const STATE_FIELDS = ['role', 'subscriptionType', 'subscriptionEnd', 'isForever', 'autoRenew', 'pendingDowngrade'] as const;

/** A transaction lost to a concurrent change of the same user's membership. */
function lostRace(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ConditionalCheckFailedException') return true;
  if (error.name !== 'TransactionCanceledException') return false;
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
  return reasons.some((reason) => reason.Code === 'ConditionalCheckFailed' || reason.Code === 'TransactionConflict');
}

/**
 * Writes `next` as the user's membership if the stored membership is still `stored`'s, with the
 * counters, in one transaction. Returns the written item, or undefined when another change came
 * first (the caller reads again, or answers 409).
 */
export async function writeMembership(stored: MembershipItem, next: MembershipState): Promise<MembershipItem | undefined> {
  const condition = membershipCondition(stored);
  const names: Record<string, string> = { ...condition.ExpressionAttributeNames };
  const values: Record<string, unknown> = { ...condition.ExpressionAttributeValues, ':one': 1 };
  const sets = STATE_FIELDS.map((field, i) => {
    names[`#f${i}`] = field;
    values[`:f${i}`] = next[field];
    return `#f${i} = :f${i}`;
  });
  const counters = counterUpdate(counterDeltas(stored, { ...next, accountStatus: stored.accountStatus }));
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: userKeys.user(stored.id),
              UpdateExpression: `SET ${sets.join(', ')} ADD #version :one`,
              ConditionExpression: condition.ConditionExpression,
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: values,
            },
          },
          ...(counters ? [counters] : []),
        ],
      }),
    );
  } catch (error) {
    // The counters refused: the change would leave no active owner (an admin's demotion).
    if (counters && cancellationCodes(error)?.[1] === 'ConditionalCheckFailed') throw new LastOwnerError();
    if (lostRace(error)) return undefined;
    throw error;
  }
  return { ...withMembership(stored, next), membershipVersion: (stored.membershipVersion ?? 0) + 1 };
}

/** The stored user item as is (no membership applied), strongly consistent. */
export async function readStoredUser(userId: string): Promise<MembershipItem | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: userKeys.user(userId), ConsistentRead: true }));
  return Item as MembershipItem | undefined;
}

/**
 * Persists the change due at `now` on a stored user, if any, and returns the user as it stands.
 * Of concurrent settlers one writes; the others read the result (the retry helper's 'changed' kind). Used by the expiry
 * function and, on every read, as a sign-in step of every signed-in route (lib/auth/sign-in.ts) and by `getUser`. A failed write never fails the read:
 * the answer is the effective membership either way (the next read or the schedule persists it).
 */
export async function settleMembership(stored: MembershipItem, now = clockNow()): Promise<MembershipItem> {
  let current = stored;
  return retryUntil('changed', 'the due membership change', async () => {
    const state = membershipOf(current);
    if (!hasDueChange(state, now)) return current;
    try {
      const written = await writeMembership(current, effectiveMembership(state, now));
      if (written) return written;
    } catch (error) {
      createLogger().warn('due membership change not persisted', { userId: current.id, error: String(error) });
      return effectiveUserItem(current, now);
    }
    const reread = await readStoredUser(current.id);
    if (!reread) return effectiveUserItem(current, now);
    current = reread;
    return AGAIN;
  }).catch((error: unknown) => {
    // Still changing after the last attempt: the answer is the effective membership all the same.
    if (error instanceof RetriesExhaustedError) return effectiveUserItem(current, now);
    throw error;
  });
}
