import { routes } from '@shared/api';
import { type Budgets, MAX_CATEGORY_BUDGETS } from '@shared/api/budgets';
import { categoryKey } from '@shared/domain/categories';
import { BILLING_CURRENCIES, formatAmount } from '@shared/domain/currency';
import type { BudgetCheck } from '@shared/domain/insights';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { Alert } from '../../components/ui/Alert';
import { Button, IconButton } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input } from '../../components/ui/Input';
import { Select, type SelectOption } from '../../components/ui/Select';
import { useToast } from '../../components/ui/Toast';
import { budgetsQueryKey } from './budgetsQuery';
import styles from './InsightsPage.module.css';

interface Row {
  key: number;
  category: string;
  monthly: string;
}

export interface BudgetsCardProps {
  budgets: Budgets;
  /** This month's checks of the saved budgets. */
  checks: BudgetCheck[];
  /** The categories to offer: value and label. */
  categories: SelectOption[];
  monthLabel: string;
  /** A later month (within the next 12) whose projection passes a budget, with the checks it passes. */
  ahead?: { monthLabel: string; passed: BudgetCheck[] } | null;
}

const currencyOptions = BILLING_CURRENCIES.map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` }));

const amountText = (n: number | null) => (n === null ? '' : String(n));

/** Premium's budgets (issue 24 §5): an overall monthly budget and one per category, with this month's standing. */
export function BudgetsCard({ budgets, checks, categories, monthLabel, ahead = null }: BudgetsCardProps) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const currencyId = useId();
  const nextKey = useRef(budgets.categories.length);
  const [monthly, setMonthly] = useState(amountText(budgets.monthly));
  const [currency, setCurrency] = useState(budgets.currency);
  const [rows, setRows] = useState<Row[]>(() =>
    budgets.categories.map((c, index) => ({ key: index, category: c.category, monthly: String(c.monthly) })),
  );
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (body: Budgets) => api(routes.saveBudgets, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(budgetsQueryKey, saved);
      setError(null);
      toast.success('Budgets saved');
    },
    onError: (cause) => setError(errorMessage(cause, 'Failed to save budgets')),
  });

  const used = new Set(rows.map((row) => categoryKey(row.category)));
  const free = categories.filter((option) => !used.has(categoryKey(option.value)));

  function addRow() {
    const first = free[0];
    if (!first) return;
    setRows((current) => [...current, { key: nextKey.current++, category: first.value, monthly: '' }]);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({
      monthly: monthly.trim() === '' ? null : Number(monthly),
      currency,
      categories: rows.map((row) => ({ category: row.category, monthly: Number(row.monthly) })),
    });
  }

  return (
    <Card
      title="Budgets"
      description="Plan what your subscriptions may cost each month. The dashboard warns you, and one e-mail tells you, when a month's projected spend passes a budget."
    >
      {checks.length > 0 && (
        <>
          <h3 className={styles.subheading}>Projected for {monthLabel}</h3>
          <ul className={styles.budgetStanding} aria-label={`Budgets in ${monthLabel}`}>
            {checks.map((check) => (
              <li key={check.key} className={check.passed ? styles.passed : undefined}>
                <span>{check.name}</span>
                <span>
                  {formatAmount(check.projected, check.currency)} of {formatAmount(check.limit, check.currency)}
                  {check.passed ? ' — passed' : ''}
                </span>
                <meter
                  min={0}
                  max={check.limit}
                  low={check.limit * 0.8}
                  high={check.limit * 0.999}
                  optimum={0}
                  value={Math.min(check.projected, check.limit)}
                  aria-label={`${check.name} used`}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      {ahead && (
        <Alert tone="warning" title={`Over budget in ${ahead.monthLabel}`}>
          <ul>
            {ahead.passed.map((check) => (
              <li key={check.key}>
                {check.name}: {formatAmount(check.projected, check.currency)} projected, {formatAmount(check.limit, check.currency)}{' '}
                budgeted.
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <form className={styles.budgetForm} onSubmit={submit} noValidate>
        <div className={styles.budgetTop}>
          <Input
            label="Monthly budget (all subscriptions)"
            inputMode="decimal"
            value={monthly}
            onChange={(event) => setMonthly(event.target.value)}
            hint="Leave empty for no overall budget"
          />
          <Select
            id={currencyId}
            label="Currency"
            value={currency}
            options={currencyOptions}
            onChange={(event) => setCurrency(event.target.value)}
          />
        </div>
        <fieldset className={styles.categoryBudgets}>
          <legend>Category budgets</legend>
          {rows.length === 0 && <p className={styles.muted}>No category budgets yet.</p>}
          {rows.map((row, index) => (
            <div key={row.key} className={styles.budgetRow}>
              <Select
                label={`Category ${index + 1}`}
                value={row.category}
                options={categories.filter(
                  (option) => categoryKey(option.value) === categoryKey(row.category) || !used.has(categoryKey(option.value)),
                )}
                onChange={(event) =>
                  setRows((current) => current.map((r) => (r.key === row.key ? { ...r, category: event.target.value } : r)))
                }
              />
              <Input
                label={`Monthly budget for category ${index + 1}`}
                inputMode="decimal"
                value={row.monthly}
                onChange={(event) =>
                  setRows((current) => current.map((r) => (r.key === row.key ? { ...r, monthly: event.target.value } : r)))
                }
              />
              <IconButton
                label={`Remove the budget of category ${index + 1}`}
                icon={<Trash2 aria-hidden="true" />}
                variant="ghost"
                className={styles.removeRow}
                onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
              />
            </div>
          ))}
          <Button
            type="button"
            variant="secondary"
            size="sm"
            icon={<Plus aria-hidden="true" />}
            onClick={addRow}
            disabled={free.length === 0 || rows.length >= MAX_CATEGORY_BUDGETS}
          >
            Add a category budget
          </Button>
        </fieldset>
        {error && <Alert tone="danger">{error}</Alert>}
        <div>
          <Button type="submit" loading={save.isPending}>
            Save budgets
          </Button>
        </div>
      </form>
    </Card>
  );
}
