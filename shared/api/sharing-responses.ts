import * as z from 'zod/mini';
import { INVITATION_STATES, SETTLEMENT_STATES, SHARE_MODES } from '../domain/sharing/sharing.js';

/**
 * The answers of the shared subscriptions' routes (shared/api/sharing.ts) as zod schemas, for the API
 * description only (shared/api/responses.ts checks that they match the contract's types).
 */
const messageResponse = z.object({ message: z.string() });

const shareSpec = z.object({ mode: z.enum(SHARE_MODES), value: z.optional(z.number()) });

const settlement = z.object({
  userId: z.string(),
  dueDate: z.string(),
  state: z.enum(SETTLEMENT_STATES),
  amount: z.number(),
  currency: z.string(),
  updatedAt: z.string(),
});

const subscriptionMembers = z.object({
  subscriptionId: z.string(),
  currency: z.string(),
  amount: z.number(),
  payer: z.object({ userId: z.string(), username: z.string(), amount: z.number() }),
  members: z.array(z.object({ userId: z.string(), username: z.string(), share: shareSpec, amount: z.number(), joinedAt: z.string() })),
  invitations: z.array(z.object({ id: z.string(), invitedAs: z.string(), share: shareSpec, invitedAt: z.string(), expiresAt: z.string() })),
  cycles: z.array(z.object({ dueDate: z.string(), settlements: z.array(settlement) })),
  isPayer: z.boolean(),
});

const invitation = z.object({
  id: z.string(),
  state: z.enum(INVITATION_STATES),
  subscription: z.object({
    id: z.string(),
    name: z.string(),
    amount: z.number(),
    currency: z.string(),
    billingCycle: z.string(),
    cycleInterval: z.number(),
  }),
  payerName: z.string(),
  share: shareSpec,
  amount: z.number(),
  invitedAt: z.string(),
  expiresAt: z.string(),
});

export const sharingResponseSchemas = {
  inviteMember: messageResponse,
  listMembers: subscriptionMembers,
  changeShare: subscriptionMembers,
  removeMember: messageResponse,
  listInvitations: z.object({ invitations: z.array(invitation) }),
  acceptInvitation: messageResponse,
  declineInvitation: messageResponse,
  recordSettlement: settlement,
} as const;
