import { normalizeRole, type Role } from './roles.js';

/**
 * Paid memberships (SPEC §3, §4 'Paid-tier subscription', §9), as pure state transitions. The
 * server stores a user's membership state; every read applies {@link effectiveMembership} so a
 * term that has ended never leaves paid access open, and the membership function applies the same
 * transition when the term's one-time schedule fires
 * (docs/decisions/0034-memberships.md and docs/decisions/0036-memberships-end-without-a-payment.md).
 *
 * Payments are not live (SPEC §1: 'Coming Soon'), so nothing renews: every term with an end ends
 * there, and the user is a member. `autoRenew` and `pendingDowngrade` record what the member wants
 * once payments start (renew, or renew as vip); they never extend access by themselves.
 *
 * - A grant (admin) gives vip or premium for a number of days or forever, auto-renew off.
 * - Resubscribe (auto-renew off) turns auto-renew on; the end stays.
 * - Cancel turns auto-renew off (and drops a pending downgrade); access stays until the end.
 * - Downgrade (premium only) records the wish to renew as vip; premium stays until the end.
 * - Forever memberships have no end: nothing to cancel, downgrade or extend.
 * - Staff (owner, developer) keep their role; a membership granted to them is recorded but their
 *   role's own rights already cover every paid feature.
 */

export type PaidTier = 'vip' | 'premium';
export const PAID_TIERS = ['vip', 'premium'] as const satisfies readonly PaidTier[];

export type TierAction = 'downgrade-to-vip' | 'cancel' | 'resubscribe';
export const TIER_ACTIONS = ['downgrade-to-vip', 'cancel', 'resubscribe'] as const satisfies readonly TierAction[];

/** Grant presets in days (SPEC §9); null is forever. Extend quick adds in days. */
export const GRANT_PRESET_DAYS = [7, 14, 30, 90, 180, 365] as const;
export const EXTEND_QUICK_DAYS = [1, 7, 30, 90] as const;
/** Longest single grant or extension, in days (10 years). */
export const MAX_MEMBERSHIP_DAYS = 3650;

export const DEFAULT_GRANT_REASON = 'Granted by admin';
export const extendReason = (days: number) => `Extended by admin (+${days} ${days === 1 ? 'day' : 'days'})`;

/** What the user item holds about a membership. `subscriptionEnd` is an ISO instant. */
export interface MembershipState {
  role: Role;
  subscriptionType: PaidTier | null;
  subscriptionEnd: string | null;
  isForever: boolean;
  autoRenew: boolean;
  /** Premium downgraded to vip: premium until the end, vip after it. */
  pendingDowngrade: boolean;
}

const isStaff = (role: Role) => role === 'owner' || role === 'developer';

export function addDays(iso: string, days: number): string {
  return new Date(new Date(iso).getTime() + days * 86_400_000).toISOString();
}

/** The state with no membership: a member (staff keep their role). */
function ended(state: MembershipState): MembershipState {
  return {
    role: isStaff(state.role) ? state.role : 'member',
    subscriptionType: null,
    subscriptionEnd: null,
    isForever: false,
    autoRenew: false,
    pendingDowngrade: false,
  };
}

/**
 * The membership as it stands at `now`: a term whose end is not after `now` has ended, whatever
 * `autoRenew` says (no payment, no renewal), so the result never shows paid access past its end.
 * A term that is not forever and has no readable end fails closed, as an ended term.
 */
export function effectiveMembership(state: MembershipState, now: Date): MembershipState {
  const current: MembershipState = { ...state, role: normalizeRole(state.role) };
  if (!current.subscriptionType || current.isForever) return current;
  const end = current.subscriptionEnd ? new Date(current.subscriptionEnd).getTime() : Number.NaN;
  return Number.isNaN(end) || end <= now.getTime() ? ended(current) : current;
}

/** True when the stored state has a transition due at `now` (the membership function persists it). */
export function hasDueChange(state: MembershipState, now: Date): boolean {
  const next = effectiveMembership(state, now);
  return (
    next.role !== normalizeRole(state.role) ||
    next.subscriptionType !== state.subscriptionType ||
    next.subscriptionEnd !== state.subscriptionEnd ||
    next.isForever !== state.isForever ||
    next.autoRenew !== state.autoRenew ||
    next.pendingDowngrade !== state.pendingDowngrade
  );
}

/** A grant: vip or premium from now for `days`, or forever (null days). Replaces any current membership. */
export function grantMembership(state: MembershipState, tier: PaidTier, days: number | null, now: Date): MembershipState {
  return {
    role: isStaff(state.role) ? state.role : tier,
    subscriptionType: tier,
    subscriptionEnd: days === null ? null : addDays(now.toISOString(), days),
    isForever: days === null,
    autoRenew: false,
    pendingDowngrade: false,
  };
}

export type MembershipRefusal =
  | 'noMembership'
  | 'forever'
  | 'premiumOnly'
  | 'alreadyDowngrading'
  | 'alreadyCanceled'
  | 'alreadyRenewing'
  | 'noEndToExtend';

export type MembershipChange = { ok: true; state: MembershipState } | { ok: false; refusal: MembershipRefusal };

/** Adds days to a membership with an end date (admin 'Extend Subscription'). */
export function extendMembership(state: MembershipState, days: number): MembershipChange {
  // A member has no end to extend either; 'noMembership' speaks to the member, not the admin.
  if (!state.subscriptionType || state.isForever || !state.subscriptionEnd) return { ok: false, refusal: 'noEndToExtend' };
  return { ok: true, state: { ...state, subscriptionEnd: addDays(state.subscriptionEnd, days) } };
}

/** The member's own tier actions (SPEC §4; PUT /auth/tier), applied to the effective state. */
export function changeTier(state: MembershipState, action: TierAction): MembershipChange {
  if (!state.subscriptionType) return { ok: false, refusal: 'noMembership' };
  if (state.isForever) return { ok: false, refusal: 'forever' };
  switch (action) {
    case 'downgrade-to-vip':
      if (state.subscriptionType !== 'premium') return { ok: false, refusal: 'premiumOnly' };
      if (state.pendingDowngrade) return { ok: false, refusal: 'alreadyDowngrading' };
      return { ok: true, state: { ...state, pendingDowngrade: true, autoRenew: true } };
    case 'cancel':
      if (!state.autoRenew) return { ok: false, refusal: 'alreadyCanceled' };
      return { ok: true, state: { ...state, autoRenew: false, pendingDowngrade: false } };
    case 'resubscribe':
      if (state.autoRenew) return { ok: false, refusal: 'alreadyRenewing' };
      return { ok: true, state: { ...state, autoRenew: true } };
  }
}

/** Whole days left until the end, rounded up (a term ending later today shows 1); 0 when ended. */
export function daysLeft(subscriptionEnd: string, now: Date): number {
  return Math.max(0, Math.ceil((new Date(subscriptionEnd).getTime() - now.getTime()) / 86_400_000));
}

/** 'Forever', 'N days left' or '1 day left' for the tier card and the admin table (SPEC §2). */
export function timeLeftLabel(state: Pick<MembershipState, 'isForever' | 'subscriptionEnd'>, now: Date): string | null {
  if (state.isForever) return 'Forever';
  if (!state.subscriptionEnd) return null;
  const days = daysLeft(state.subscriptionEnd, now);
  return `${days} ${days === 1 ? 'day' : 'days'} left`;
}

/** The word SPEC §4's success message puts in 'Subscription {action} successful!'. */
export const TIER_ACTION_WORDS: Record<TierAction, string> = {
  'downgrade-to-vip': 'downgrade',
  cancel: 'cancellation',
  resubscribe: 'renewal',
};

/**
 * SPEC §4's success text. Its second sentence fits a cancellation or a downgrade; after Resubscribe the
 * membership is not ending, so it says what did change (issue 23).
 */
export const tierChangedMessage = (action: TierAction) =>
  action === 'resubscribe'
    ? `Subscription ${TIER_ACTION_WORDS[action]} successful! Auto-renewal is on again.`
    : `Subscription ${TIER_ACTION_WORDS[action]} successful! You will retain access until your subscription expires.`;
