import type { Subscription } from '@shared/api/subscription';
import { filterSubscriptions, pageAfterDelete, type SubscriptionFilters } from '@shared/domain/subscription-list';
import type { SubscriptionAction } from '@shared/domain/subscription-rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import type { StatusAction } from '../../api/queries';
import { useToast } from '../../components/ui/Toast';
import { type ConfirmKind, failures, successes } from './subscriptionActions';
import type { SubscriptionsApi } from './useSubscriptions';

/** The card's place on the page when its action started: the list may show the answer before the request resolves. */
function placeOf(items: readonly Subscription[], sub: Subscription): number {
  return items.findIndex((item) => item.id === sub.id);
}

export interface SubscriptionActionsOptions {
  data: SubscriptionsApi;
  /** The subscriptions on the page shown, the page and how many the filters leave. */
  shown: { items: Subscription[]; page: number; count: number };
  filters: SubscriptionFilters;
  today: string;
  setPage: (page: number) => void;
  /** Opens the form on a subscription ('Edit'). */
  onEdit: (subscription: Subscription) => void;
  /** Where the focus goes once the list shows the answer (useFocusAfterChange). */
  focusAfter: (id: string, index: number, answer: Subscription | null) => void;
}

/**
 * What a card's buttons do (SPEC §4): renew, reactivate and recover at once, cancel, delete, delete
 * forever and leave after a confirmation; each says how it went in a toast (SPEC §8), keeps the page
 * in range and hands the focus on. `busy` is the action under way, `confirm` the question open.
 */
export function useSubscriptionActions({ data, shown, filters, today, setPage, onEdit, focusAfter }: SubscriptionActionsOptions) {
  const { change, deleteForever, leave } = data;
  const toast = useToast();
  const [busy, setBusy] = useState<{ id: string; action: SubscriptionAction } | null>(null);
  const [confirm, setConfirm] = useState<{ kind: ConfirmKind; subscription: Subscription } | null>(null);
  const [confirming, setConfirming] = useState(false);

  /** What the page needs to settle after an action, read from event handlers the cards hold on to. */
  const latest = useRef({ shown, filters, today });
  useEffect(() => {
    latest.current = { shown, filters, today };
  });

  /**
   * After an action took a subscription out of the filtered list (deleted, recovered out of the
   * trash view…), go back a page when it was the last one on a page beyond 1 (SPEC §4); then the
   * focus follows the card.
   */
  const settle = useCallback(
    (sub: Subscription, index: number, after: Subscription | null) => {
      const { shown: current, filters: active, today: day } = latest.current;
      const stays = after !== null && filterSubscriptions([after], active, day).length > 0;
      setPage(pageAfterDelete(current.page, stays ? current.count : current.count - 1));
      focusAfter(sub.id, index, after);
    },
    [setPage, focusAfter],
  );

  const runChange = useCallback(
    async (action: StatusAction, sub: Subscription) => {
      const index = placeOf(latest.current.shown.items, sub);
      setBusy({ id: sub.id, action });
      try {
        const updated = await change(action, sub.id);
        toast.success(successes[action](updated));
        settle(sub, index, updated);
      } catch (error) {
        toast.error(errorMessage(error, failures[action]));
      } finally {
        setBusy(null);
      }
    },
    [change, settle, toast],
  );

  const onAction = useCallback(
    (action: SubscriptionAction, sub: Subscription) => {
      if (action === 'edit') onEdit(sub);
      else if (action === 'delete' || action === 'cancel' || action === 'deleteForever') setConfirm({ kind: action, subscription: sub });
      else void runChange(action, sub);
    },
    [runChange, onEdit],
  );

  const askLeave = useCallback((sub: Subscription) => setConfirm({ kind: 'leave', subscription: sub }), []);

  async function onConfirm() {
    if (!confirm) return;
    const { kind, subscription: sub } = confirm;
    const index = placeOf(latest.current.shown.items, sub);
    setConfirming(true);
    try {
      if (kind === 'deleteForever' || kind === 'leave') {
        toast.success(await (kind === 'leave' ? leave(sub.id) : deleteForever(sub.id)));
        settle(sub, index, null);
      } else {
        const updated = await change(kind, sub.id);
        toast.success(successes[kind](updated));
        settle(sub, index, updated);
      }
    } catch (error) {
      toast.error(errorMessage(error, failures[kind]));
    } finally {
      setConfirming(false);
      setConfirm(null);
    }
  }

  return { busy, confirm, confirming, onAction, askLeave, onConfirm, dismissConfirm: () => setConfirm(null) };
}
