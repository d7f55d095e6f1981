import * as z from 'zod/mini';
import { isCalendarDate } from '../domain/dates.js';
import { EMAIL_ADDRESS_MAX_LENGTH } from '../domain/email-address.js';
import {
  type InvitationState,
  MAX_SHARE_PERCENT,
  MIN_SHARE_PERCENT,
  SETTLED_STATES,
  type SettlementState,
  SHARE_MODES,
  type ShareSpec,
  sharingMessages,
} from '../domain/sharing/sharing.js';
import { type MessageResponse, route } from './contract.js';
import { SHARED_SUBSCRIPTIONS_MAX } from './subscription-list.js';
import { subscriptionMessages } from './subscriptions.js';

/**
 * Shared subscriptions (issue 26): the payer shares a subscription with other accounts, who each see it
 * with their share; the payer settles each cycle's shares. The model (keys, removal paths, totals) is
 * docs/decisions/0096-shared-subscriptions.md; the rules (splitting, invitations, the tier rule,
 * settlement) are shared/domain/sharing/sharing.ts.
 *
 * These routes are registered with their handlers: they are not in shared/api/index.ts until
 * functions/subscriptions answers them, so the API publishes no route that answers nothing.
 * Each route is scoped to the caller: a member reads the shared subscription's members and their own
 * share, never the payer's other data; only the payer invites, changes shares and confirms.
 */

/** A share as the API carries it: the mode, and the percentage or amount for percent and fixed. */
export type { ShareSpec };

/** Someone sharing the cost of a subscription, as the payer and the members see them. */
export interface SharedMember {
  userId: string;
  username: string;
  share: ShareSpec;
  /** Their part of the current price, in the subscription's currency (shared/domain/sharing/sharing.ts splitShares). */
  amount: number;
  /** When they accepted the invitation (ISO instant). */
  joinedAt: string;
}

/**
 * An invitation not yet answered, as the payer sees it: named by what the payer typed, so the answer is
 * the same whether or not the address has an account.
 */
export interface PendingInvitation {
  /** The invitation's id: DELETE /api/subscriptions/{id}/members/{userId} with it withdraws the invitation. */
  id: string;
  /** The username or e-mail address as the payer gave it. */
  invitedAs: string;
  share: ShareSpec;
  invitedAt: string;
  expiresAt: string;
}

/** GET /api/subscriptions/{id}/members: the payer, each member and (for the payer) the open invitations. */
export interface SubscriptionMembers {
  subscriptionId: string;
  currency: string;
  /** The price the shares split. */
  amount: number;
  payer: { userId: string; username: string; amount: number };
  members: SharedMember[];
  /** Open invitations; the payer sees them, a member sees an empty list. */
  invitations: PendingInvitation[];
  /**
   * Settling up, newest first: the last renewal on or before today (when there is one) and the next
   * renewal (`dueDate`). A share with no settlement yet shows as owed, at the current split. The payer
   * sees every member's; a member sees their own.
   */
  cycles: SettlementCycle[];
  /** True for the payer: who may invite, change shares, remove members and confirm settlements. */
  isPayer: boolean;
}

/** An invitation as the invitee sees it (GET /api/invitations). */
export interface Invitation {
  id: string;
  state: InvitationState;
  subscription: { id: string; name: string; amount: number; currency: string; billingCycle: string; cycleInterval: number };
  payerName: string;
  share: ShareSpec;
  /** What the invitee would pay if they accepted now, in the subscription's currency. */
  amount: number;
  invitedAt: string;
  expiresAt: string;
}

export interface InvitationList {
  invitations: Invitation[];
}

/** One cycle's share of one member (POST /api/subscriptions/{id}/settlements answers it). */
export interface Settlement {
  userId: string;
  /** The renewal the share is for (YYYY-MM-DD). */
  dueDate: string;
  state: SettlementState;
  /** The member's share for that renewal, as it was split then, in `currency`. */
  amount: number;
  currency: string;
  /** When it was last moved (ISO instant). */
  updatedAt: string;
}

/** One renewal's settlements, one per member (a member sees only their own). */
export interface SettlementCycle {
  /** The renewal (YYYY-MM-DD). */
  dueDate: string;
  settlements: Settlement[];
}

export type { SharedSubscriptionInfo } from './subscription.js';

export const sharingRouteMessages = {
  ...sharingMessages,
  usernameOrEmailRequired: 'Enter a username or an e-mail address',
  usernameOrEmailTooLong: `A username or e-mail address must be at most ${EMAIL_ADDRESS_MAX_LENGTH} characters`,
  shareRequired: 'Share must be { mode: equal, percent or fixed, value? }',
  valueInvalid: 'A share’s value must be a number',
  /**
   * The answer to every invitation, whether or not the username or address has an account, and to a
   * repeat invitation of someone who already shares the subscription or has one (issue 26, issue 34 §2).
   */
  invited: 'Invitation sent',
  selfInvite: 'You pay for this subscription already: invite someone else',
  sharedLimit: `You can share in at most ${SHARED_SUBSCRIPTIONS_MAX} subscriptions others pay for`,
  notPayer: 'Only the payer can change who shares this subscription and how',
  memberNotFound: 'Member not found',
  invitationNotFound: 'Invitation not found',
  invitationExpired: 'This invitation has expired: ask for a new one',
  invitationAnswered: 'This invitation has already been answered',
  accepted: 'You now share this subscription',
  declined: 'Invitation declined',
  removed: 'Member removed',
  left: 'You no longer share this subscription',
  withdrawn: 'Invitation withdrawn',
  userIdRequired: 'Choose the member whose share this is',
  dueDateRequired: 'Due date is required',
  dueDateInvalid: 'Due date must be a valid date (YYYY-MM-DD)',
  notARenewal: 'The due date must be one of this subscription’s renewal dates',
  /** Issue 34 §10: a renewal years ahead (or before the subscription began) is none of the cycles it shows. */
  outsideCycles: 'Shares can be settled only for renewals from the subscription’s start to its next renewal',
  statusInvalid: 'Status must be paid or confirmed',
  subscriptionDeleted: 'A deleted subscription cannot be shared. Recover it first.',
  /** More invitations in a day than INVITATIONS_BY_PAYER allows (functions/subscriptions/sharing.ts). */
  tooManyInvitations: 'You have sent many invitations today. Please try again tomorrow.',
  /** A change to who shares the subscription (or to a settlement) landed first: read it again. */
  changedMeanwhile: 'This shared subscription changed in the meantime. Please reload and try again.',
} as const;

const m = sharingRouteMessages;

/**
 * A share's shape: the mode, and a number for percent (at most 100) and fixed. The subscription's
 * currency decides a fixed amount's decimals, so the handler checks the whole share again with
 * shared/domain/sharing/sharing.ts shareProblem (decimals included) before splitting.
 */
export const shareBody = z
  .object(
    {
      mode: z.enum(SHARE_MODES, { error: m.modeInvalid }),
      value: z.optional(z.number({ error: m.valueInvalid }).check(z.refine(Number.isFinite, { error: m.valueInvalid }))),
    },
    { error: m.shareRequired },
  )
  .check(
    z.refine((s: { mode: string; value?: number }) => s.mode !== 'equal' || s.value === undefined, {
      error: m.equalTakesNoValue,
      path: ['value'],
    }),
    z.refine(
      (s: { mode: string; value?: number }) =>
        s.mode !== 'percent' || (s.value !== undefined && s.value > 0 && s.value <= MAX_SHARE_PERCENT),
      { error: m.percentInvalid, path: ['value'] },
    ),
    // Issue 34 §8: 5e-324% passed as 'greater than 0' and underflowed DynamoDB's numbers (a 500).
    z.refine((s: { mode: string; value?: number }) => s.mode !== 'percent' || s.value === undefined || s.value >= MIN_SHARE_PERCENT, {
      error: m.percentTooSmall,
      path: ['value'],
    }),
    z.refine((s: { mode: string; value?: number }) => s.mode !== 'fixed' || (s.value !== undefined && s.value > 0), {
      error: m.fixedInvalid,
      path: ['value'],
    }),
  );

/** POST /api/subscriptions/{id}/members: invites a username or an e-mail address with a share. */
export const inviteMemberBody = z.object({
  usernameOrEmail: z
    .string({ error: m.usernameOrEmailRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: m.usernameOrEmailRequired }),
      z.maxLength(EMAIL_ADDRESS_MAX_LENGTH, { error: m.usernameOrEmailTooLong }),
    ),
  share: shareBody,
});

/** PUT /api/subscriptions/{id}/members/{userId}: changes a member's share (the payer only). */
export const changeShareBody = z.object({ share: shareBody });

/** POST /api/subscriptions/{id}/settlements: a member's 'I paid' or the payer's confirmation for one renewal. */
export const settlementBody = z.object({
  userId: z.string({ error: m.userIdRequired }).check(z.trim(), z.minLength(1, { error: m.userIdRequired })),
  dueDate: z
    .string({ error: m.dueDateRequired })
    .check(z.trim(), z.minLength(1, { error: m.dueDateRequired }), z.refine(isCalendarDate, { error: m.dueDateInvalid })),
  status: z.enum(SETTLED_STATES, { error: m.statusInvalid }),
});

export type InviteMemberInput = z.input<typeof inviteMemberBody>;
export type ChangeShareInput = z.input<typeof changeShareBody>;
export type SettlementInput = z.input<typeof settlementBody>;

const noSuchSubscription = { status: 404, message: subscriptionMessages.notFound } as const;
const noSuchMember = { status: 404, message: m.memberNotFound } as const;
const noSuchInvitation = { status: 404, message: m.invitationNotFound } as const;

export const sharingRoutes = {
  /**
   * Invites one person (the payer only). Answers 201 `Invitation sent` alike for a username, an e-mail
   * with an account and an e-mail without one (which gets a sign-up invitation). 403 with the upgrade
   * message past FREE_SHARE_MEMBERS for a member-tier payer.
   */
  inviteMember: route<MessageResponse>()({
    method: 'POST',
    path: '/api/subscriptions/{id}/members',
    area: 'subscriptions',
    access: 'user',
    body: inviteMemberBody,
    successStatus: 201,
    badParameter: noSuchSubscription,
  }),
  /** The payer and the members (both may read it); the open invitations for the payer only. */
  listMembers: route<SubscriptionMembers>()({
    method: 'GET',
    path: '/api/subscriptions/{id}/members',
    area: 'subscriptions',
    access: 'user',
    body: undefined,
    badParameter: noSuchSubscription,
  }),
  /** Changes a member's share (the payer only); every share is recomputed and answered. */
  changeShare: route<SubscriptionMembers>()({
    method: 'PUT',
    path: '/api/subscriptions/{id}/members/{userId}',
    area: 'subscriptions',
    access: 'user',
    body: changeShareBody,
    badParameter: noSuchMember,
  }),
  /**
   * Removes a member (the payer), leaves (a member naming themself) or withdraws an open invitation
   * (the payer naming the invitation's id). The remaining shares are recomputed.
   */
  removeMember: route<MessageResponse>()({
    method: 'DELETE',
    path: '/api/subscriptions/{id}/members/{userId}',
    area: 'subscriptions',
    access: 'user',
    body: undefined,
    badParameter: noSuchMember,
  }),
  /** The caller's invitations: pending ones, and answered or expired ones of the last INVITATION_DAYS days. */
  listInvitations: route<InvitationList>()({
    method: 'GET',
    path: '/api/invitations',
    area: 'subscriptions',
    access: 'user',
    body: undefined,
  }),
  acceptInvitation: route<MessageResponse>()({
    method: 'POST',
    path: '/api/invitations/{id}/accept',
    area: 'subscriptions',
    access: 'user',
    body: undefined,
    badParameter: noSuchInvitation,
  }),
  declineInvitation: route<MessageResponse>()({
    method: 'POST',
    path: '/api/invitations/{id}/decline',
    area: 'subscriptions',
    access: 'user',
    body: undefined,
    badParameter: noSuchInvitation,
  }),
  /**
   * Moves one member's share of one renewal: `paid` by that member ('I paid'), `confirmed` by the payer
   * (after 'I paid' or directly). shared/domain/sharing/sharing.ts settlementProblem gives the 409s.
   */
  recordSettlement: route<Settlement>()({
    method: 'POST',
    path: '/api/subscriptions/{id}/settlements',
    area: 'subscriptions',
    access: 'user',
    body: settlementBody,
    badParameter: noSuchSubscription,
  }),
} as const;
