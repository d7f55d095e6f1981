import { userPartition } from '../chassis/table.js';

/** The sharing domain's item keys (issue 26): memberships, invitations and settlements. */
export const sharingKeys = {
  /** A member's entry of a subscription someone else pays and shares with them: on the member's partition. */
  sharedMembership: (memberId: string, payerId: string, subscriptionId: string) => ({
    pk: userPartition(memberId),
    sk: `${SHARED_PREFIX}${payerId}#${subscriptionId}`,
  }),
  /** An invitation to share a subscription, as the invited account sees it. */
  invitation: (inviteeId: string, invitationId: string) => ({ pk: `${INVITE_PARTITION_PREFIX}${inviteeId}`, sk: `INVITE#${invitationId}` }),
  /** An invitation to an address without an account, turned into an account's when one verifies the address. */
  emailInvitation: (email: string, invitationId: string) => ({
    pk: `${INVITE_EMAIL_PARTITION_PREFIX}${email.trim().toLowerCase()}`,
    sk: `INVITE#${invitationId}`,
  }),
  /** The payer's copy of an open invitation: lists and withdraws it. */
  invitedCopy: (payerId: string, subscriptionId: string, invitationId: string) => ({
    pk: userPartition(payerId),
    sk: `${INVITED_PREFIX}${subscriptionId}#${invitationId}`,
  }),
  /** One member's share of one renewal of a shared subscription: on the payer's partition. */
  settlement: (payerId: string, subscriptionId: string, dueDate: string, memberId: string) => ({
    pk: userPartition(payerId),
    sk: `${SETTLEMENT_PREFIX}${subscriptionId}#${dueDate}#${memberId}`,
  }),
} as const;

/** Membership items (member's partition), the payer's open invitations and settlements (payer's partition). */
export const SHARED_PREFIX = 'SHARED#';
export const INVITED_PREFIX = 'INVITED#';
export const SETTLEMENT_PREFIX = 'SETTLE#';
export const INVITE_PARTITION_PREFIX = 'INVITE#';
export const INVITE_EMAIL_PARTITION_PREFIX = 'INVITE-EMAIL#';
