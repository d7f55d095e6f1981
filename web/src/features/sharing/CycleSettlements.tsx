import type { SettlementCycle } from '@shared/api/sharing';
import { formatAmount } from '@shared/domain/currency';
import { formatDateShort } from '@shared/domain/dates';
import { errorMessage } from '../../api/client';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { useToast } from '../../components/ui/Toast';
import { useCurrentUser } from '../../session/context';
import styles from './SharingSection.module.css';
import { useRecordSettlement } from './sharingQueries';
import { failures, stateLook } from './sharingText';

/** One billing cycle's settlements: who owes, who said 'I paid', what the payer confirmed. */
export function CycleSettlements({
  subscriptionId,
  cycle,
  names,
  isPayer,
}: {
  subscriptionId: string;
  cycle: SettlementCycle;
  names: Map<string, string>;
  isPayer: boolean;
}) {
  const toast = useToast();
  const user = useCurrentUser();
  const { mutateAsync, isPending, variables } = useRecordSettlement(subscriptionId);
  const headingId = `cycle-${cycle.dueDate}`;
  if (cycle.settlements.length === 0) return null;

  async function settle(userId: string, status: 'paid' | 'confirmed') {
    try {
      await mutateAsync({ userId, dueDate: cycle.dueDate, status });
      const who = userId === user.id ? 'Your' : `${names.get(userId) ?? 'The'}’s`;
      toast.success(
        status === 'paid'
          ? `Marked paid: ${who.toLowerCase()} share of ${formatDateShort(cycle.dueDate)}`
          : `${who} share of ${formatDateShort(cycle.dueDate)} settled`,
      );
      document.getElementById(headingId)?.focus();
    } catch (error) {
      toast.error(errorMessage(error, failures.settle));
    }
  }

  return (
    <div className={styles.cycle}>
      <p id={headingId} tabIndex={-1} className={styles.cycleDate}>
        Renewal of {formatDateShort(cycle.dueDate)}
      </p>
      <ul className={styles.people}>
        {cycle.settlements.map((settlement) => {
          const name = settlement.userId === user.id ? 'You' : (names.get(settlement.userId) ?? 'A former member');
          const look = stateLook[settlement.state];
          const busy = isPending && variables?.userId === settlement.userId;
          const action =
            isPayer && settlement.state === 'owed'
              ? { status: 'confirmed' as const, label: 'Mark settled' }
              : isPayer && settlement.state === 'paid'
                ? { status: 'confirmed' as const, label: 'Confirm' }
                : !isPayer && settlement.state === 'owed' && settlement.userId === user.id
                  ? { status: 'paid' as const, label: 'I paid' }
                  : null;
          return (
            <li key={settlement.userId} className={styles.person}>
              <span className={styles.name}>{name}</span>
              <span className={styles.shareOf}>
                <Badge tone={look.tone}>{look.text}</Badge>
              </span>
              <span className={styles.amount}>{formatAmount(settlement.amount, settlement.currency)}</span>
              {action && (
                <span className={styles.rowActions}>
                  <Button
                    size="sm"
                    variant={action.status === 'paid' ? 'primary' : 'secondary'}
                    loading={busy}
                    disabled={isPending}
                    aria-label={`${action.label}: ${name === 'You' ? 'your' : `${name}’s`} share of ${formatDateShort(cycle.dueDate)}`}
                    onClick={() => void settle(settlement.userId, action.status)}
                  >
                    {action.label}
                  </Button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
