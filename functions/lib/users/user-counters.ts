import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { normalizeRole, ROLES, type Role } from '../../../shared/domain/roles.js';
import { retryOnError } from '../chassis/retry.js';
import { tableName } from '../chassis/table.js';
import { statsKeys } from '../stats/keys.js';

/**
 * The counters on the STATS item that follow the users themselves
 * (docs/decisions/0037-admin-user-management.md): users per stored role, active owners, and current paid memberships. Every write that
 * creates, deletes or changes the role, status or membership of a user adds its deltas to them in
 * the SAME transaction, so they are exact (never recounted, never drifting under retries). The
 * landing page's ever-growing `totalUsers` (functions/lib/stats/counters.ts) is a different figure.
 *
 * The active-owner counter also carries the rule that the last active owner can never be demoted,
 * deactivated or deleted: any write that lowers it does so on the condition that one remains, so of
 * two owners demoting each other at once exactly one succeeds.
 */

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export const ROLE_COUNTERS = {
  owner: 'usersOwner',
  developer: 'usersDeveloper',
  premium: 'usersPremium',
  vip: 'usersVip',
  member: 'usersMember',
} as const satisfies Record<Role, string>;

/** Owners whose account is active: the last one is protected. */
export const ACTIVE_OWNERS = 'ownersActive';

/** The counters of current paid memberships (GET /admin/membership/stats). */
export const MEMBERSHIP_COUNTERS = { vip: 'membershipVip', premium: 'membershipPremium', forever: 'membershipForever' } as const;

export type StatsCounter =
  | (typeof ROLE_COUNTERS)[Role]
  | typeof ACTIVE_OWNERS
  | (typeof MEMBERSHIP_COUNTERS)[keyof typeof MEMBERSHIP_COUNTERS];

/** What of a user the counters count: the stored role, status and membership. */
export interface CountedUser {
  role: unknown;
  accountStatus?: unknown;
  subscriptionType?: unknown;
  isForever?: unknown;
}

/** The contribution of one user (null: no user) to each counter. */
export function countersOf(user: CountedUser | null): Record<StatsCounter, number> {
  const role = user ? normalizeRole(user.role) : null;
  const type = user?.subscriptionType === 'vip' || user?.subscriptionType === 'premium' ? user.subscriptionType : null;
  const counts = Object.fromEntries(ROLES.map((r) => [ROLE_COUNTERS[r], role === r ? 1 : 0])) as Record<StatsCounter, number>;
  counts[ACTIVE_OWNERS] = role === 'owner' && user?.accountStatus !== 'deactivated' ? 1 : 0;
  counts[MEMBERSHIP_COUNTERS.vip] = type === 'vip' ? 1 : 0;
  counts[MEMBERSHIP_COUNTERS.premium] = type === 'premium' ? 1 : 0;
  counts[MEMBERSHIP_COUNTERS.forever] = type && user?.isForever ? 1 : 0;
  return counts;
}

/** What a change from `before` to `after` (null on either side: created or deleted) adds to each counter. */
export function counterDeltas(before: CountedUser | null, after: CountedUser | null): Partial<Record<StatsCounter, number>> {
  const from = countersOf(before);
  const to = countersOf(after);
  const deltas: Partial<Record<StatsCounter, number>> = {};
  for (const name of Object.keys(from) as StatsCounter[]) if (to[name] !== from[name]) deltas[name] = to[name] - from[name];
  return deltas;
}

/**
 * The STATS update adding `deltas`, for a transaction; undefined when nothing changes. When the
 * active owners go down, the update holds only while at least one remains afterwards.
 */
export function counterUpdate(deltas: Partial<Record<StatsCounter, number>>): TransactItem | undefined {
  const entries = Object.entries(deltas).filter(([, amount]) => amount !== 0) as Array<[StatsCounter, number]>;
  if (entries.length === 0) return undefined;
  const values: Record<string, number> = Object.fromEntries(entries.map(([name, amount]) => [`:${name}`, amount]));
  const ownersDown = deltas[ACTIVE_OWNERS] ?? 0;
  if (ownersDown < 0) values[':ownersNeeded'] = 1 - ownersDown;
  return {
    Update: {
      TableName: tableName(),
      Key: statsKeys.counters(),
      UpdateExpression: `ADD ${entries.map(([name]) => `${name} :${name}`).join(', ')}`,
      ...(ownersDown < 0 ? { ConditionExpression: `${ACTIVE_OWNERS} >= :ownersNeeded` } : {}),
      ExpressionAttributeValues: values,
    },
  };
}

/** Thrown when a write would leave no active owner; each area answers with its own message. */
export class LastOwnerError extends Error {
  constructor() {
    super('The last active owner cannot be demoted, deactivated or deleted');
    this.name = 'LastOwnerError';
  }
}

/** The cancellation reason codes of a failed transaction, or undefined for another error. */
export function cancellationCodes(error: unknown): Array<string | undefined> | undefined {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return undefined;
  return ((error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? []).map((reason) => reason.Code);
}

/**
 * True when a transaction was cancelled only because it met another one on an item (the STATS item
 * every user write touches): nothing was refused, so trying again is right.
 */
export function onlyConflicted(error: unknown): boolean {
  const codes = cancellationCodes(error);
  return Boolean(codes?.includes('TransactionConflict')) && !codes?.includes('ConditionalCheckFailed');
}

/** Runs a transaction, again (the retry helper's 'conflict' kind) while it only met another transaction on an item. */
export function withConflictRetries<T>(write: () => Promise<T>): Promise<T> {
  return retryOnError('conflict', 'transaction with the counters', write, onlyConflicted);
}
