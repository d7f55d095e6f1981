import { formatAmount } from '@shared/domain/currency';
import { localToday } from '@shared/domain/dates';
import { budgetChecks, monthLabel, monthOf } from '@shared/domain/insights';
import { hasPremiumInsights } from '@shared/domain/roles';
import { countedSubscriptions } from '@shared/domain/share-totals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { subscriptionsQuery } from '../../api/queries';
import { Alert } from '../../components/ui/Alert';
import { ButtonLink } from '../../components/ui/Button';
import { useCurrentUser } from '../../session/context';
import { useCountFullPrice, useRates } from '../subscriptions';
import { budgetsQuery, budgetsQueryKey } from './budgetsQuery';

/**
 * The dashboard's budget warning (issue 24 §5, Premium): shown while this month's projected spend
 * passes the overall budget or a category's. After every change of the subscriptions the budgets are
 * read again, so the server checks them and sends a newly passed budget's one e-mail.
 */
export function BudgetWarning() {
  const user = useCurrentUser();
  const premium = hasPremiumInsights(user.role);
  const queryClient = useQueryClient();
  const subscriptions = useQuery({ ...subscriptionsQuery, enabled: premium });
  const budgets = useQuery({ ...budgetsQuery, enabled: premium });
  const rates = useRates();
  const listedAt = useRef(0);
  const [fullPrice] = useCountFullPrice();

  useEffect(() => {
    const updatedAt = subscriptions.dataUpdatedAt;
    if (listedAt.current !== 0 && updatedAt !== listedAt.current) void queryClient.invalidateQueries({ queryKey: budgetsQueryKey });
    listedAt.current = updatedAt;
  }, [subscriptions.dataUpdatedAt, queryClient]);

  if (!premium || !budgets.data || !subscriptions.data) return null;
  const today = localToday();
  const month = monthOf(today);
  const passed = budgetChecks(budgets.data, countedSubscriptions(subscriptions.data, fullPrice), month, today, rates).filter(
    (check) => check.passed,
  );
  if (passed.length === 0) return null;
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
