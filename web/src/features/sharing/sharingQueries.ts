/**
 * Shared subscriptions' server state (issue 26, shared/api/sharing.ts): the caller's invitations, a
 * subscription's members and settlements, and the moves on them. A change of members or shares changes
 * the list's `shared` and `sharing` figures too, so each move asks for the list again as well.
 */
import {
  type ChangeShareInput,
  type InviteMemberInput,
  type SettlementInput,
  type SubscriptionMembers,
  sharingRoutes,
} from '@shared/api/sharing';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryClient, queryKeys } from '../../api/queries';

export const sharingKeys = {
  invitations: ['invitations'],
  members: (subscriptionId: string) => ['members', subscriptionId] as const,
} as const;

/** GET /api/invitations: the caller's invitations (pending ones are the ones to answer). */
export const invitationsQuery = queryOptions({
  queryKey: sharingKeys.invitations,
  queryFn: ({ signal }) => api(sharingRoutes.listInvitations, { signal }),
});

/** GET /api/subscriptions/{id}/members: the payer, the members, the payer's open invitations and the cycles to settle. */
export const membersQuery = (subscriptionId: string) =>
  queryOptions({
    queryKey: sharingKeys.members(subscriptionId),
    queryFn: ({ signal }): Promise<SubscriptionMembers> => api(sharingRoutes.listMembers, { params: { id: subscriptionId }, signal }),
  });

/** Asks again for what a sharing move changed: the list (its shares), the invitations, and one subscription's members. */
async function refresh(subscriptionId?: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions }),
    queryClient.invalidateQueries({ queryKey: sharingKeys.invitations }),
    subscriptionId ? queryClient.invalidateQueries({ queryKey: sharingKeys.members(subscriptionId) }) : undefined,
  ]);
}

export function useAnswerInvitation() {
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) =>
      api(answer === 'accept' ? sharingRoutes.acceptInvitation : sharingRoutes.declineInvitation, { params: { id } }),
    onSuccess: () => refresh(),
  });
}

export function useInviteMember(subscriptionId: string) {
  return useMutation({
    mutationFn: (input: InviteMemberInput) => api(sharingRoutes.inviteMember, { params: { id: subscriptionId }, body: input }),
    onSuccess: () => refresh(subscriptionId),
  });
}

export function useChangeShare(subscriptionId: string) {
  return useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: ChangeShareInput }) =>
      api(sharingRoutes.changeShare, { params: { id: subscriptionId, userId }, body: input }),
    onSuccess: () => refresh(subscriptionId),
  });
}

/** Removes a member, leaves (the caller's own id) or withdraws an invitation (its id). */
export function useRemoveMember() {
  return useMutation({
    mutationFn: ({ subscriptionId, userId }: { subscriptionId: string; userId: string }) =>
      api(sharingRoutes.removeMember, { params: { id: subscriptionId, userId } }),
    onSuccess: (_answer, { subscriptionId }) => refresh(subscriptionId),
  });
}

export function useRecordSettlement(subscriptionId: string) {
  return useMutation({
    mutationFn: (input: SettlementInput) => api(sharingRoutes.recordSettlement, { params: { id: subscriptionId }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharingKeys.members(subscriptionId) }),
  });
}
