/**
 * Shared subscriptions (issue 26): one payer, everyone's share. The pure rules of splitting a price into
 * shares, exact to the minor unit of the subscription's currency; of invitations; of who may share with
 * how many; and of settling a cycle's share. The model they serve is
 * docs/decisions/0096-shared-subscriptions.md.
 *
 * A subscription has one split mode for all its shares (equal, percent or fixed). Members' shares are
 * computed first, each rounded down to the currency's minor unit; the payer's share is the price minus
 * the members' shares, so the payer absorbs the rounding remainder and the shares add up to the price
 * exactly: €17.99 split three ways is 5.99 for each member and 6.01 for the payer.
 */
import { billingCurrency } from '../currency.js';
import { hasPaidFeatures } from '../roles.js';

export const SHARE_MODES = ['equal', 'percent', 'fixed'] as const;
export type ShareMode = (typeof SHARE_MODES)[number];

/** How one member's share is set: an equal part (no value), a percentage of the price, or a fixed amount. */
export interface ShareSpec {
  mode: ShareMode;
  /** Percent (0.01–100, 2 decimals) or an amount in the subscription's currency; absent for equal. */
  value?: number;
}

/** A member other than the payer, with the value of their share (percent or fixed amount; none for equal). */
export interface ShareMember {
  userId: string;
  value?: number;
}

/** One person's part of the price, in the subscription's currency. */
export interface Share {
  userId: string;
  amount: number;
  /** True for the payer, whose share is the price minus the members' shares. */
  payer: boolean;
}

export type SplitResult = { ok: true; shares: Share[] } | { ok: false; message: string };

/** Days an invitation stays open before it expires (issue 26: 'invitations expire after 7 days'). */
export const INVITATION_DAYS = 7;
/** Most other members a free account may share one subscription with (issue 26: more is VIP and Premium). */
export const FREE_SHARE_MEMBERS = 1;
/** Largest percentage one member's share can be. */
export const MAX_SHARE_PERCENT = 100;
/** Smallest percentage one member's share can be (2 decimals). */
export const MIN_SHARE_PERCENT = 0.01;

export const INVITATION_STATES = ['pending', 'accepted', 'declined', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** A cycle's share: owed, then paid ('I paid', by the member), then confirmed (by the payer). */
export const SETTLEMENT_STATES = ['owed', 'paid', 'confirmed'] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];
/** The states a settlement is moved to (POST /api/subscriptions/{id}/settlements); owed is where each cycle starts. */
export const SETTLED_STATES = ['paid', 'confirmed'] as const;
export type SettledState = (typeof SETTLED_STATES)[number];
/** Who acts on a settlement. */
export type SettlementActor = 'payer' | 'member';

export const sharingMessages = {
  modeInvalid: 'Share must be equal, percent or fixed',
  equalTakesNoValue: 'An equal share takes no value',
  percentInvalid: 'A percentage share needs a value greater than 0 and at most 100',
  percentDecimals: 'A percentage can have at most 2 decimal places',
  /** Issue 34 §8: a positive value below the smallest step (0.01%, or the currency's minor unit) is no share. */
  percentTooSmall: 'A percentage share must be at least 0.01%',
  fixedInvalid: 'A fixed share needs an amount greater than 0',
  fixedTooSmall: (currency: string, decimals: number) =>
    `A fixed share in ${currency} must be at least ${(1 / 10 ** decimals).toFixed(decimals)}`,
  fixedDecimals: (currency: string, decimals: number) =>
    decimals === 0
      ? `An amount in ${currency} has no decimal places`
      : `An amount in ${currency} can have at most ${decimals} decimal places`,
  currencyInvalid: 'The subscription’s currency is not supported',
  priceInvalid: 'The price must be 0 or more',
  modeMismatch: 'Every share of a subscription uses the same split: equal, percent or fixed',
  percentsOver: 'The members’ percentages add up to more than 100%',
  fixedOverPrice: 'The members’ fixed shares add up to more than the price',
  payerIsMember: 'The payer already pays the rest: share with someone else',
  memberRepeated: 'Each person can have one share',
  paidOnly:
    'Sharing a subscription with more than one other person is a VIP and Premium feature. Upgrade to VIP or Premium to share with more people.',
  onlyPayerConfirms: 'Only the payer confirms a share as settled',
  onlyMemberPays: 'Only the member says they paid; the payer marks a share settled with confirmed',
  alreadySettled: 'This share is already settled',
} as const;

const m = sharingMessages;

/** Decimals of a currency's minor unit (JPY, KRW and INR: 0; most others 2), or undefined when unknown. */
export function minorUnitDecimals(currency: string): number | undefined {
  return billingCurrency(currency)?.decimals;
}

/**
 * True when `value` has at most `decimals` decimal places (within float noise). A value that is not 0
 * but rounds to 0 minor units (5e-324, 1e-200) has more, though it is within the noise of 0.
 */
function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(Math.round(scaled) - scaled) < 1e-6 && (value === 0 || Math.round(scaled) !== 0);
}

const toMinor = (value: number, decimals: number) => Math.round(value * 10 ** decimals);
const fromMinor = (minor: number, decimals: number) => Number((minor / 10 ** decimals).toFixed(decimals));

/**
 * Why a share as given cannot be used for a subscription billed in `currency`, or null when it can:
 * equal takes no value; a percentage is 0.01–100 with at most 2 decimals; a fixed amount is greater
 * than 0 with at most the currency's decimals (none for JPY and KRW).
 */
export function shareProblem(share: { mode: unknown; value?: unknown }, currency: string): string | null {
  if (!(SHARE_MODES as readonly unknown[]).includes(share.mode)) return m.modeInvalid;
  const { value } = share;
  if (share.mode === 'equal') return value === undefined ? null : m.equalTakesNoValue;
  if (share.mode === 'percent') {
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > MAX_SHARE_PERCENT) return m.percentInvalid;
    if (value < MIN_SHARE_PERCENT) return m.percentTooSmall;
    return hasAtMostDecimals(value, 2) ? null : m.percentDecimals;
  }
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return m.fixedInvalid;
  const decimals = minorUnitDecimals(currency);
  if (decimals === undefined) return m.currencyInvalid;
  if (value < 1 / 10 ** decimals) return m.fixedTooSmall(currency, decimals);
  return hasAtMostDecimals(value, decimals) ? null : m.fixedDecimals(currency, decimals);
}

/**
 * Splits `amount` (the price, in `currency`) between the payer and `members`, all in one `mode`.
 * Members' shares are rounded down to the currency's minor unit; the payer's share is the rest, so the
 * shares always add up to the price exactly:
 * - equal: each member pays ⌊price ÷ people⌋ (people = members + the payer);
 * - percent: each member pays ⌊price × percent ÷ 100⌋; percentages must add up to 100 at most, and the
 *   payer pays what the rounded member shares leave (their own percentage and the remainder);
 * - fixed: each member pays their amount; the amounts must add up to the price at most.
 * The payer comes first in the answer, then the members in the order given.
 */
export function splitShares(
  amount: number,
  currency: string,
  payerId: string,
  members: readonly ShareMember[],
  mode: ShareMode,
): SplitResult {
  const decimals = minorUnitDecimals(currency);
  if (decimals === undefined) return { ok: false, message: m.currencyInvalid };
  if (!Number.isFinite(amount) || amount < 0) return { ok: false, message: m.priceInvalid };
  if (members.some((member) => member.userId === payerId)) return { ok: false, message: m.payerIsMember };
  if (new Set(members.map((member) => member.userId)).size !== members.length) return { ok: false, message: m.memberRepeated };
  for (const member of members) {
    const problem = shareProblem(mode === 'equal' ? { mode } : { mode, value: member.value }, currency);
    if (problem) return { ok: false, message: problem };
  }
  const price = toMinor(amount, decimals);
  let memberMinor: number[];
  if (mode === 'equal') {
    const each = Math.floor(price / (members.length + 1));
    memberMinor = members.map(() => each);
  } else if (mode === 'percent') {
    const basisPoints = members.map((member) => Math.round((member.value ?? 0) * 100));
    if (basisPoints.reduce((sum, b) => sum + b, 0) > MAX_SHARE_PERCENT * 100) return { ok: false, message: m.percentsOver };
    memberMinor = basisPoints.map((b) => Math.floor((price * b) / 10_000));
  } else {
    memberMinor = members.map((member) => toMinor(member.value ?? 0, decimals));
    if (memberMinor.reduce((sum, v) => sum + v, 0) > price) return { ok: false, message: m.fixedOverPrice };
  }
  const payerMinor = price - memberMinor.reduce((sum, v) => sum + v, 0);
  return {
    ok: true,
    shares: [
      { userId: payerId, amount: fromMinor(payerMinor, decimals), payer: true },
      ...members.map((member, i) => ({ userId: member.userId, amount: fromMinor(memberMinor[i] ?? 0, decimals), payer: false })),
    ],
  };
}

/** The share of `userId` in a split, or null when they are not part of it. */
export function myShare(shares: readonly Share[], userId: string): number | null {
  return shares.find((share) => share.userId === userId)?.amount ?? null;
}

/** When an invitation made at `invitedAt` (ISO instant) expires: INVITATION_DAYS later. */
export function invitationExpiresAt(invitedAt: string): string {
  return new Date(Date.parse(invitedAt) + INVITATION_DAYS * 86_400_000).toISOString();
}

/** True once INVITATION_DAYS have passed since `invitedAt` (ISO instants). */
export function isInvitationExpired(invitedAt: string, now: string): boolean {
  return Date.parse(now) >= Date.parse(invitedAt) + INVITATION_DAYS * 86_400_000;
}

/** The state an invitation shows: a pending one past its 7 days is expired; answered ones stay as answered. */
export function invitationState(invitation: { state: InvitationState; invitedAt: string }, now: string): InvitationState {
  if (invitation.state === 'pending' && isInvitationExpired(invitation.invitedAt, now)) return 'expired';
  return invitation.state;
}

/**
 * Why the payer (with `role`) may not share with `otherMembers` people (accepted members and open
 * invitations, the payer not counted), or null when they may: one other person for everyone, more
 * for VIP and Premium (and the owner). Joining someone else's shared subscription is free for all.
 */
export function sharingLimitProblem(role: unknown, otherMembers: number): string | null {
  return otherMembers <= FREE_SHARE_MEMBERS || hasPaidFeatures(role) ? null : m.paidOnly;
}

/**
 * Why `actor` may not move a cycle's settlement from `current` to `next`, or null when they may:
 * a member says 'I paid' (owed → paid); the payer confirms (paid → confirmed) or marks the share settled
 * directly (owed → confirmed). Repeating the current state is allowed and changes nothing; a confirmed
 * share stays settled.
 */
export function settlementProblem(current: SettlementState, next: SettledState, actor: SettlementActor): string | null {
  if (current === next) return null;
  if (current === 'confirmed') return m.alreadySettled;
  if (next === 'paid') return actor === 'member' ? null : m.onlyMemberPays;
  return actor === 'payer' ? null : m.onlyPayerConfirms;
}
