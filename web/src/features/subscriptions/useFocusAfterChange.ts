import type { Subscription } from '@shared/api/subscription';
import { useCallback, useEffect, useRef, useState } from 'react';
import { subscriptionNameId } from '../../lib/subscriptionNameId';

/** A change the list waits to show: the subscription, its place on the page before, and the server's answer (null once gone). */
interface PendingFocus {
  id: string;
  index: number;
  answer: Subscription | null;
}

/** Whether the list shows the subscription as the answer left it (or no longer shows it, once deleted or left). */
function showsAnswer(shown: Subscription | undefined, answer: Subscription | null): boolean {
  if (!answer) return shown === undefined;
  return shown !== undefined && shown.status === answer.status && shown.dueDate === answer.dueDate && shown.updatedAt === answer.updatedAt;
}

/**
 * Where the keyboard focus goes after a change to a card (a status action, a confirmed cancel or delete,
 * an edit): a change can take away the button that was pressed, or move the card to another page of the
 * list (a canceled one sorts last, a reactivated or renewed one moves by its due date, a recovered one
 * leaves the trash view), and the focus would drop to the page. It stays where it is while it is still
 * on the card; else it goes to the card's first action if the card is still on this page, else to the
 * card now in its place (or the last one), else to the list's heading. The query cache tells the list
 * about the answer a moment after the request resolves, so the focus waits until the list shows it.
 */
export function useFocusAfterChange(subscriptions: Subscription[]) {
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [pending, setPending] = useState<PendingFocus | null>(null);

  useEffect(() => {
    if (!pending) return;
    if (
      !showsAnswer(
        subscriptions.find((sub) => sub.id === pending.id),
        pending.answer,
      )
    )
      return;
    setPending(null);
    const cards = [...(listRef.current?.querySelectorAll('article') ?? [])];
    const own = cards.find((card) => card.getAttribute('aria-labelledby') === subscriptionNameId(pending.id));
    const active = document.activeElement;
    if (own && active instanceof HTMLElement && own.contains(active) && !active.matches(':disabled')) return;
    const card = own ?? cards[Math.min(pending.index, cards.length - 1)];
    (card?.querySelector<HTMLButtonElement>('button[data-action]:not(:disabled)') ?? headingRef.current)?.focus();
  }, [pending, subscriptions]);

  /** After `answer` (null: the subscription is gone) to a change of the card at `index` on this page. */
  const focusAfter = useCallback((id: string, index: number, answer: Subscription | null) => setPending({ id, index, answer }), []);

  return { listRef, headingRef, focusAfter };
}
