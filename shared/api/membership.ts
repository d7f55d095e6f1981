import * as z from 'zod/mini';
import { MAX_MEMBERSHIP_DAYS, PAID_TIERS, TIER_ACTIONS } from '../domain/membership.js';
import { ID_PATTERN, type MessageResponse, route } from './contract.js';
import type { User } from './user.js';

/** Messages of the membership area (SPEC §4, §5, §8). */
export const membershipMessages = {
  granted: 'Membership granted successfully!',
  extended: 'Subscription extended successfully!',
  invalidDays: 'Please enter a valid number of days',
  invalidTier: 'Membership must be vip or premium',
  invalidAction: 'Action must be downgrade-to-vip, cancel or resubscribe',
  userNotFound: 'User not found',
  noMembership: 'Only VIP and Premium members can change their membership',
  forever: 'A lifetime membership has no end date, so there is nothing to change',
  premiumOnly: 'Only Premium members can downgrade to VIP',
  alreadyDowngrading: 'Your membership already switches to VIP at its end',
  alreadyCanceled: 'Your membership is already canceled',
  alreadyRenewing: 'Your membership already renews automatically',
  noEndToExtend: 'Only a membership with an end date can be extended',
  ownerOnly: "Only an owner can change a staff account's membership",
  ownMembership: 'You cannot grant or extend your own membership',
  changedMeanwhile: 'The membership was changed at the same time. Please try again.',
} as const;

const days = z
  .number({ error: membershipMessages.invalidDays })
  .check(
    z.int({ error: membershipMessages.invalidDays }),
    z.gte(1, { error: membershipMessages.invalidDays }),
    z.lte(MAX_MEMBERSHIP_DAYS, { error: `At most ${MAX_MEMBERSHIP_DAYS} days at a time` }),
  );

const reason = z.optional(z.string({ error: 'Reason must be text' }).check(z.trim(), z.maxLength(200)));
/** A user id of the shape the product makes: any other names nobody. */
const userId = z.string({ error: membershipMessages.userNotFound }).check(z.regex(ID_PATTERN, { error: membershipMessages.userNotFound }));

/** PUT /auth/tier (SPEC §7). */
export const tierBody = z.object({ action: z.enum(TIER_ACTIONS, { error: membershipMessages.invalidAction }) });

/**
 * POST /admin/membership/grant: `duration` in days, or null with `isForever` (SPEC §3); the reason
 * defaults to 'Granted by admin'.
 */
export const grantMembershipBody = z
  .object({
    userId,
    subscriptionType: z.enum(PAID_TIERS, { error: membershipMessages.invalidTier }),
    duration: z.optional(z.nullable(days)),
    isForever: z.optional(z.boolean({ error: 'isForever must be true or false' })),
    reason,
  })
  .check(
    z.refine((grant) => grant.isForever === true || typeof grant.duration === 'number', {
      error: membershipMessages.invalidDays,
    }),
  );

/** POST /admin/membership/extend; the reason defaults to one naming the days added. */
export const extendMembershipBody = z.object({ userId, additionalDays: days, reason });

export interface MembershipResponse extends MessageResponse {
  user: User;
}

/** GET /admin/membership/stats: current paid memberships, from the per-role counters. */
export interface MembershipStats {
  vip: number;
  premium: number;
  /** Paid memberships without an end. */
  forever: number;
}

export const membershipRoutes = {
  changeTier: route<MembershipResponse>()({
    method: 'PUT',
    path: '/api/auth/tier',
    area: 'membership',
    access: 'user',
    body: tierBody,
  }),
  grantMembership: route<MembershipResponse>()({
    method: 'POST',
    path: '/api/admin/membership/grant',
    area: 'membership',
    access: 'admin',
    body: grantMembershipBody,
  }),
  extendMembership: route<MembershipResponse>()({
    method: 'POST',
    path: '/api/admin/membership/extend',
    area: 'membership',
    access: 'admin',
    body: extendMembershipBody,
  }),
  membershipStats: route<MembershipStats>()({
    method: 'GET',
    path: '/api/admin/membership/stats',
    area: 'membership',
    access: 'admin',
    body: undefined,
  }),
} as const;
