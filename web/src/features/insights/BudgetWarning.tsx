import { formatAmount } from '@shared/domain/currency';
import { localToday } from '@shared/domain/dates';
import { monthLabel, nextPassedBudget } from '@shared/domain/insights';
import { paymentsBySubscription } from '@shared/domain/payments';
import { hasPremiumInsights } from '@shared/domain/roles';
import { countedSubscriptions } from '@shared/domain/sharing/share-totals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { allPaymentsQuery, subscriptionsQuery } from '../../api/queries';
import { Alert } from '../../components/ui/Alert';
import { ButtonLink } from '../../components/ui/Button';
import { useCurrentUser } from '../../session/context';
import { useCountFullPrice, useRates } from '../subscriptions';
import { budgetsQuery, budgetsQueryKey } from './budgetsQuery';

/**
 * The dashboard's budget warning (issue 24 §5, Premium): shown while a month's projected spend passes
 * the overall budget or a category's, naming the soonest such month, this one or one of the next 12
 * (issue 35 §2.3, shared/domain/insights.ts nextPassedBudget), a renewal recorded skipped counting nothing and one
 * recorded paid the amount charged (decision 0128). After every change of the subscriptions the budgets are
 * read again, so the server checks them and sends a newly passed budget's one e-mail.
 */
export function BudgetWarning() {
  const user = useCurrentUser();
  const premium = hasPremiumInsights(user.role);
  const queryClient = useQueryClient();
  const subscriptions = useQuery({ ...subscriptionsQuery, enabled: premium });
  // What was recorded counts as /insights and the server's e-mail count it (decision 0128).
  const payments = useQuery({ ...allPaymentsQuery, enabled: premium });
  const budgets = useQuery({ ...budgetsQuery, enabled: premium });
  const rates = useRates();
  const listedAt = useRef(0);
  const [fullPrice] = useCountFullPrice();

  useEffect(() => {
    const updatedAt = subscriptions.dataUpdatedAt;
    if (listedAt.current !== 0 && updatedAt !== listedAt.current) void queryClient.invalidateQueries({ queryKey: budgetsQueryKey });
    listedAt.current = updatedAt;
  }, [subscriptions.dataUpdatedAt, queryClient]);

  if (!premium || !budgets.data || !subscriptions.data || !payments.data) return null;
  const counted = countedSubscriptions(subscriptions.data, fullPrice);
  const ahead = nextPassedBudget(budgets.data, counted, localToday(), rates, paymentsBySubscription(payments.data.payments));
  if (!ahead) return null;
  const { month, passed } = ahead;
  return (
    <Alert
      tone="warning"
      title={`Over budget in ${monthLabel(month, 'long')}`}
      actions={
        <ButtonLink to="/insights" size="sm" variant="secondary">
          Review budgets
        </ButtonLink>
      }
    >
      <ul>
        {passed.map((check) => (
          <li key={check.key}>
            {check.name}: {formatAmount(check.projected, check.currency)} projected, {formatAmount(check.limit, check.currency)} budgeted.
          </li>
        ))}
      </ul>
    </Alert>
  );
}
