/**
 * The web app's server state (DESIGN §7b): one TanStack Query cache for the session poll, the
 * dashboard and the account screens, with the query keys, the queries and the mutations every
 * screen reuses. Loaded with the signed-in routes only (session/SignedInSession.tsx), never by the
 * entry chunk, so the landing page does not carry TanStack Query.
 */
import { routes } from '@shared/api';
import type { Channel } from '@shared/api/channels';
import type { LogoChoice } from '@shared/api/logos';
import type { AccountPaymentList, PaymentInput, PaymentList } from '@shared/api/payments';
import type { Subscription } from '@shared/api/subscription';
import { SUBSCRIPTIONS_PAGE_SIZE } from '@shared/api/subscription-list';
import type { SubscriptionInput } from '@shared/api/subscriptions';
import type { User } from '@shared/api/user';
import { isCancelledError, QueryClient, queryOptions, useMutation } from '@tanstack/react-query';
import { onSessionReset } from '../session/sessionReset';
import { storedUser, storeUser } from '../session/storage';
import { ApiError, api } from './client';

/**
 * The one cache. No retries: a failed load shows its fallback at once (SPEC §8), and the session
 * poll tries again on its own schedule.
 */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

export const queryKeys = {
  me: ['me'],
  subscriptions: ['subscriptions'],
  payments: (subscriptionId: string) => ['payments', subscriptionId] as const,
  /** Every payment of the user's (a prefix of each subscription's key: invalidating it asks them all again). */
  allPayments: ['payments'] as const,
  channels: ['channels'],
} as const;

/** Counts sign-ins and sign-outs, so a mutation's answer is written only into the session that sent it. */
let sessionGeneration = 0;

// A new or ended session cancels every request (an older answer cannot bring a session back) and
// forgets every query and mutation (the next user never sees the previous user's data).
onSessionReset(() => {
  sessionGeneration += 1;
  void queryClient.cancelQueries();
  queryClient.clear();
});

/** True for the 401 that ended the session: the API client has already signed the user out. */
export function endsSession(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * GET /api/auth/me, the signed-in user. Each answer is also stored (localStorage 'user', SPEC §3)
 * so the next visit renders at once. The session poll adds its interval; screens read the user
 * through useCurrentUser() rather than observing this query again.
 */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: async ({ signal }): Promise<User> => {
    const me = await api(routes.me, { signal });
    storeUser(me);
    return me;
  },
});

/** Puts a user that a call returned (settings, tier, avatar) into the cache and the stored record. */
export function setCurrentUser(user: User): void {
  storeUser(user);
  queryClient.setQueryData(queryKeys.me, user);
}

/**
 * Re-fetches the signed-in user now: the fresh user; null when the session ended (a 401) or was
 * replaced meanwhile; the last known user when the server could not be reached or failed.
 */
export async function refreshCurrentUser(): Promise<User | null> {
  try {
    return await queryClient.fetchQuery(currentUserQuery);
  } catch (error) {
    if (endsSession(error) || isCancelledError(error)) return null;
    return queryClient.getQueryData(queryKeys.me) ?? storedUser();
  }
}

/**
 * Starts GET /api/auth/me ahead of the first signed-in screen's render (session/guards.tsx) when no
 * user record is stored: that screen waits for the user. With a stored record it renders at once
 * and the session's own query asks when it mounts.
 */
export function prefetchCurrentUser(): void {
  if (!storedUser()) void queryClient.prefetchQuery(currentUserQuery);
}

/**
 * GET /api/subscriptions. A failure is logged and leaves the list as it was, which is empty on the
 * first load (SPEC §8 'Loading failures').
 */
/** When the last prefetched list arrived (its dataUpdatedAt), and how long it counts as fresh. */
let prefetchedAt = 0;
const PREFETCH_FRESH_MS = 5_000;

export const subscriptionsQuery = queryOptions({
  queryKey: queryKeys.subscriptions,
  // The list prefetched beside the dashboard's code (router.tsx) counts as fresh for a few seconds, so
  // the list mounting a moment later does not ask again; any other answer is checked again on mount.
  staleTime: (query: { state: { dataUpdatedAt: number } }) =>
    query.state.dataUpdatedAt === prefetchedAt && Date.now() - prefetchedAt < PREFETCH_FRESH_MS ? PREFETCH_FRESH_MS : 0,
  queryFn: async ({ signal }): Promise<Subscription[]> => {
    try {
      // A page at a time (shared/api/subscription-list.ts): a page with a full page of the caller's own
      // subscriptions (those without `shared`) may have more after its last own one; the subscriptions
      // shared with the caller come once, on the first page.
      const all = await api(routes.listSubscriptions, { signal });
      for (let own = all.filter((s) => !s.shared); own.length === SUBSCRIPTIONS_PAGE_SIZE; ) {
        const page = await api(routes.listSubscriptions, { signal, query: { after: own[own.length - 1].id } });
        all.push(...page);
        own = page.filter((s) => !s.shared);
      }
      return all;
    } catch (error) {
      if (!signal.aborted) console.error('Failed to load subscriptions', error);
      throw error;
    }
  },
});

/** Starts GET /api/subscriptions ahead of the dashboard's render (router.tsx), resolving once the list is in the cache. */
export function prefetchSubscriptions(): Promise<void> {
  return queryClient.prefetchQuery(subscriptionsQuery).then(() => {
    prefetchedAt = queryClient.getQueryState(queryKeys.subscriptions)?.dataUpdatedAt ?? 0;
  });
}

/** The status changes a card offers, each one API route that returns the updated subscription (SPEC §4, §7). */
export type StatusAction = 'delete' | 'renew' | 'cancel' | 'reactivate' | 'recover';

const statusRoutes = {
  delete: routes.deleteSubscription,
  renew: routes.renewSubscription,
  cancel: routes.cancelSubscription,
  reactivate: routes.reactivateSubscription,
  recover: routes.recoverSubscription,
} as const;

function replaceById(list: Subscription[], updated: Subscription): Subscription[] {
  return list.map((s) => (s.id === updated.id ? updated : s));
}

/**
 * A subscription mutation that writes the server's answer into the cached list (no reload of the
 * list). A list request still under way is cancelled first, so its older answer cannot overwrite
 * this one; an answer that arrives after the session changed hands is not written.
 */
function useSubscriptionMutation<Variables, Answer>(
  send: (variables: Variables) => Promise<Answer>,
  update: (list: Subscription[], answer: Answer, variables: Variables) => Subscription[],
) {
  return useMutation({
    mutationFn: send,
    onMutate: () => sessionGeneration,
    onSuccess: async (answer, variables, sentIn) => {
      if (sentIn !== sessionGeneration) return;
      await queryClient.cancelQueries({ queryKey: queryKeys.subscriptions });
      if (sentIn !== sessionGeneration) return;
      queryClient.setQueryData<Subscription[]>(queryKeys.subscriptions, (list) => list && update(list, answer, variables));
    },
  });
}

/** POST /api/subscriptions; the new subscription goes first in the list. */
export function useCreateSubscription() {
  return useSubscriptionMutation(
    (input: SubscriptionInput) => api(routes.createSubscription, { body: input }),
    (list, created) => [created, ...list],
  );
}

/** PUT /api/subscriptions/{id}. */
export function useUpdateSubscription() {
  return useSubscriptionMutation(
    ({ id, input }: { id: string; input: SubscriptionInput }) => api(routes.updateSubscription, { params: { id }, body: input }),
    replaceById,
  );
}

/** Delete (to the trash), recover, renew, cancel or reactivate one subscription. */
export function useChangeSubscriptionStatus() {
  return useSubscriptionMutation(
    ({ action, id }: { action: StatusAction; id: string }) => api(statusRoutes[action], { params: { id } }),
    replaceById,
  );
}

/** PUT /api/subscriptions/{id}/logo: the owner's choice of its logo (issue 36 §4). */
export function useChooseLogo() {
  return useSubscriptionMutation(
    ({ id, choice }: { id: string; choice: LogoChoice }) => api(routes.chooseLogo, { params: { id }, body: { choice } }),
    replaceById,
  );
}

/** DELETE /api/subscriptions/{id}/permanent: the subscription leaves the list; answers the server's message. */
export function useDeleteSubscriptionForever() {
  return useSubscriptionMutation(
    (id: string) => api(routes.deleteSubscriptionPermanently, { params: { id } }),
    (list, _answer, id) => list.filter((s) => s.id !== id),
  );
}

/** GET /api/subscriptions/{id}/payments: a subscription's payments and lifetime spend (issue 24 §4), asked again whenever shown. */
export const paymentsQuery = (subscriptionId: string) =>
  queryOptions({
    queryKey: queryKeys.payments(subscriptionId),
    queryFn: ({ signal }): Promise<PaymentList> => api(routes.listPayments, { params: { id: subscriptionId }, signal }),
  });

/** GET /api/payments: every payment of the user's, for /insights' lifetime spend (issue 35 §2). */
export const allPaymentsQuery = queryOptions({
  queryKey: queryKeys.allPayments,
  queryFn: ({ signal }): Promise<AccountPaymentList> => api(routes.listAllPayments, { signal }),
});

/**
 * POST /api/subscriptions/{id}/payments; the payments are asked again after it, and the subscriptions:
 * a renewal marked paid moves a subscription's due date on (issue 35 §8).
 */
export function useRecordPayment(subscriptionId: string) {
  return useMutation({
    mutationFn: (input: PaymentInput) => api(routes.recordPayment, { params: { id: subscriptionId }, body: input }),
    onMutate: () => sessionGeneration,
    onSuccess: async (_answer, _input, sentIn) => {
      if (sentIn !== sessionGeneration) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.allPayments }),
        queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions }),
      ]);
    },
  });
}

/**
 * GET /api/channels: the user's reminder channels (issue 25 §2). Settings shows them in three cards
 * (channels, browsers, reminder rules) and the details dialog in its rules: one request serves them all.
 */
export const channelsQuery = queryOptions({
  queryKey: queryKeys.channels,
  queryFn: ({ signal }): Promise<Channel[]> => api(routes.listChannels, { signal }),
});

/** After a channel is added, changed or removed: whatever shows channels (the rules' choices) reads them again. */
export function channelsChanged(): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.channels });
}
