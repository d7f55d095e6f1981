import type { Subscription } from '@shared/api/subscription';
import type { SubscriptionInput } from '@shared/api/subscriptions';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  type StatusAction,
  subscriptionsQuery,
  useChangeSubscriptionStatus,
  useCreateSubscription,
  useDeleteSubscriptionForever,
  useUpdateSubscription,
} from '../../api/queries';
import { useCurrentUser } from '../../session/context';
import { useRemoveMember } from '../sharing';

export interface SubscriptionsApi {
  subscriptions: Subscription[];
  /** True until the first GET /api/subscriptions has answered. */
  loading: boolean;
  /** Creates (no id) or updates a subscription and puts the server's answer in the list. */
  save(input: SubscriptionInput, id?: string): Promise<Subscription>;
  /** Runs one status change and replaces the subscription with the server's answer. */
  change(action: StatusAction, id: string): Promise<Subscription>;
  /** Deletes a trashed subscription for good and drops it from the list; resolves to the server's message. */
  deleteForever(id: string): Promise<string>;
  /** Leaves a subscription someone else shares with the user (issue 26); resolves to the server's message. */
  leave(id: string): Promise<string>;
}

/** The list shown while nothing was loaded, and after the first load failed. */
const NONE: Subscription[] = [];

/**
 * The signed-in user's subscriptions from the shared cache (api/queries.ts): loaded on first use
 * (a failure gives an empty list and is logged, SPEC §8 'Loading failures'), then kept in step with
 * every action's answer, so no reload is needed.
 */
export function useSubscriptions(): SubscriptionsApi {
  const { data, isPending } = useQuery(subscriptionsQuery);
  const { mutateAsync: create } = useCreateSubscription();
  const { mutateAsync: update } = useUpdateSubscription();
  const { mutateAsync: changeStatus } = useChangeSubscriptionStatus();
  const { mutateAsync: remove } = useDeleteSubscriptionForever();
  const { mutateAsync: removeMember } = useRemoveMember();
  const { id: userId } = useCurrentUser();

  const save = useCallback((input: SubscriptionInput, id?: string) => (id ? update({ id, input }) : create(input)), [create, update]);
  const change = useCallback((action: StatusAction, id: string) => changeStatus({ action, id }), [changeStatus]);
  const deleteForever = useCallback(async (id: string) => (await remove(id)).message, [remove]);
  const leave = useCallback(async (id: string) => (await removeMember({ subscriptionId: id, userId })).message, [removeMember, userId]);

  return { subscriptions: data ?? NONE, loading: isPending, save, change, deleteForever, leave };
}
