import { routes } from '@shared/api';
import type { Subscription, SubscriptionInput } from '@shared/api/subscriptions';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';

/** The status changes a card offers, each one API route that returns the updated subscription (SPEC §4, §7). */
export type StatusAction = 'delete' | 'renew' | 'cancel' | 'reactivate' | 'recover';

const statusRoutes = {
  delete: routes.deleteSubscription,
  renew: routes.renewSubscription,
  cancel: routes.cancelSubscription,
  reactivate: routes.reactivateSubscription,
  recover: routes.recoverSubscription,
} as const;

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
}

function replaceById(list: Subscription[], updated: Subscription): Subscription[] {
  return list.map((s) => (s.id === updated.id ? updated : s));
}

/**
 * The signed-in user's subscriptions: loaded once (a failure gives an empty list and is logged,
 * SPEC §8 'Loading failures'), then kept in step with every action's answer, so no reload is needed.
 */
export function useSubscriptions(): SubscriptionsApi {
  const [subscriptions, setSubscriptions] = useState<Subscription[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    api(routes.listSubscriptions, { signal: controller.signal })
      .then((list) => setSubscriptions(list))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load subscriptions', error);
        setSubscriptions([]);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, []);

  const save = useCallback(async (input: SubscriptionInput, id?: string) => {
    if (id) {
      const updated = await api(routes.updateSubscription, { params: { id }, body: input });
      setSubscriptions((list) => replaceById(list, updated));
      return updated;
    }
    const created = await api(routes.createSubscription, { body: input });
    setSubscriptions((list) => [created, ...list]);
    return created;
  }, []);

  const change = useCallback(async (action: StatusAction, id: string) => {
    const updated = await api(statusRoutes[action], { params: { id } });
    setSubscriptions((list) => replaceById(list, updated));
    return updated;
  }, []);

  const deleteForever = useCallback(async (id: string) => {
    const { message } = await api(routes.deleteSubscriptionPermanently, { params: { id } });
    setSubscriptions((list) => list.filter((s) => s.id !== id));
    return message;
  }, []);

  return { subscriptions, loading, save, change, deleteForever };
}
