import type { Invitation } from '@shared/api/sharing';
import type { Subscription } from '@shared/api/subscription';
import { formatAmount } from '@shared/domain/currency';
import { formatDateShort } from '@shared/domain/dates';
import { cycleLabel } from '@shared/domain/subscription-labels';
import { useQuery } from '@tanstack/react-query';
import { Check, Users, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { Button } from '../../components/ui/Button';
import { useToast } from '../../components/ui/Toast';
import { subscriptionNameId } from '../../lib/subscriptionNameId';
import styles from './InvitationsPanel.module.css';
import { invitationsQuery, useAnswerInvitation } from './sharingQueries';

const failures = { accept: 'Failed to accept the invitation', decline: 'Failed to decline the invitation' } as const;

/** Where the focus goes once an answer has shown: the accepted subscription's card, or the next invitation. */
type FocusAfter = { kind: 'card'; subscriptionId: string } | { kind: 'next'; index: number };

/**
 * Invitations to share a subscription (issue 26), above the list while some are pending: who invites
 * to what and the share it would cost, with 'Accept' and 'Decline'. An accepted subscription joins the
 * list, and the focus goes to its card (or to the list's heading when another page shows it).
 */
export function InvitationsPanel({ subscriptions }: { subscriptions: readonly Subscription[] }) {
  const { data } = useQuery(invitationsQuery);
  const { mutateAsync, isPending, variables } = useAnswerInvitation();
  const toast = useToast();
  const [focusAfter, setFocusAfter] = useState<FocusAfter | null>(null);
  const pending = data?.invitations.filter((invitation) => invitation.state === 'pending') ?? [];

  useEffect(() => {
    if (!focusAfter) return;
    if (focusAfter.kind === 'card' && !subscriptions.some((sub) => sub.id === focusAfter.subscriptionId)) return;
    setFocusAfter(null);
    const heading = document.getElementById('subscriptions-title');
    if (focusAfter.kind === 'card') {
      const name = document.getElementById(subscriptionNameId(focusAfter.subscriptionId));
      (name?.querySelector<HTMLElement>('button') ?? heading)?.focus();
      return;
    }
    const accepts = document.querySelectorAll<HTMLElement>('[data-invitation-accept]');
    (accepts[Math.min(focusAfter.index, accepts.length - 1)] ?? heading)?.focus();
  }, [focusAfter, subscriptions]);

  if (pending.length === 0) return null;

  async function answer(invitation: Invitation, index: number, kind: 'accept' | 'decline') {
    try {
      toast.success((await mutateAsync({ id: invitation.id, answer: kind })).message);
      setFocusAfter(kind === 'accept' ? { kind: 'card', subscriptionId: invitation.subscription.id } : { kind: 'next', index });
    } catch (error) {
      toast.error(errorMessage(error, failures[kind]));
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="invitations-title">
      <h2 id="invitations-title" className={styles.title}>
        <Users aria-hidden="true" />
        {pending.length === 1 ? 'An invitation to share' : `${pending.length} invitations to share`}
      </h2>
      <ul className={styles.list}>
        {pending.map((invitation, index) => {
          const sub = invitation.subscription;
          const busy = isPending && variables?.id === invitation.id;
          return (
            <li key={invitation.id} className={styles.item}>
              <div className={styles.text}>
                <p className={styles.what}>
                  <strong>{invitation.payerName}</strong> invited you to share <strong>{sub.name}</strong> — your share{' '}
                  <strong>
                    {formatAmount(invitation.amount, sub.currency)}
                    {cycleLabel(sub.billingCycle, sub.cycleInterval)}
                  </strong>
                </p>
                <p className={styles.when}>
                  Price {formatAmount(sub.amount, sub.currency)}
                  {cycleLabel(sub.billingCycle, sub.cycleInterval)} · expires {formatDateShort(invitation.expiresAt.slice(0, 10))}
                </p>
              </div>
              <div className={styles.actions}>
                <Button
                  size="sm"
                  icon={<Check aria-hidden="true" />}
                  data-invitation-accept
                  loading={busy && variables?.answer === 'accept'}
                  disabled={isPending}
                  aria-label={`Accept: share ${sub.name}`}
                  onClick={() => void answer(invitation, index, 'accept')}
                >
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  icon={<X aria-hidden="true" />}
                  loading={busy && variables?.answer === 'decline'}
                  disabled={isPending}
                  aria-label={`Decline: share ${sub.name}`}
                  onClick={() => void answer(invitation, index, 'decline')}
                >
                  Decline
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
