import type { Budgets } from '@shared/api/budgets';
import type { AccountPayment } from '@shared/api/payments';
import type { SubscriptionLogo } from '@shared/api/subscription';
import { BUILT_IN_CATEGORIES, categoryDisplay, categoryKey } from '@shared/domain/categories';
import { normalizeCurrency, type RateTable } from '@shared/domain/currency';
import { localToday } from '@shared/domain/dates';
import {
  budgetChecks,
  type InsightSubscription,
  lifetimeSpend,
  monthLabel,
  monthOf,
  nextPassedBudget,
  priceChanges,
  smartInsights,
  spendByMonth,
} from '@shared/domain/insights';
import { paymentsBySubscription } from '@shared/domain/payments';
import { hasAdvancedStatistics, hasPremiumInsights } from '@shared/domain/roles';
import { countedSubscriptions, hasSharedSubscriptions } from '@shared/domain/sharing/share-totals';
import { useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useMemo } from 'react';
import { allPaymentsQuery, subscriptionsQuery } from '../../api/queries';
import { pageTitle } from '../../brand';
import { AppPageLayout } from '../../components/layout/AppPageLayout';
import { Alert } from '../../components/ui/Alert';
import { ButtonLink } from '../../components/ui/Button';
import { PageSpinner } from '../../components/ui/Spinner';
import { useCurrentUser } from '../../session/context';
import { CountFullPriceSwitch, useCountFullPrice, useCustomCategories, useRates } from '../subscriptions';
import { BudgetsCard } from './BudgetsCard';
import { budgetsQuery } from './budgetsQuery';
import { CategorySpendCard } from './CategorySpendCard';
import styles from './InsightsPage.module.css';
import { LifetimeCard } from './LifetimeCard';
import { LockedCard } from './LockedCard';
import { MonthlySpendCard } from './MonthlySpendCard';
import { PriceChangesCard } from './PriceChangesCard';
import { previewSubscriptions } from './previewData';
import { SmartInsightsCard } from './SmartInsightsCard';

/**
 * /insights (issue 24 §5): SPEC §9's 'Advanced statistics' for VIP and Premium — spend per month,
 * by category, price changes and lifetime spend — and Premium's budgets and 'Smart insights'.
 * Members see the page with sample data and the way to /upgrade. The charts (recharts) come with
 * this screen's chunk only.
 */
export function InsightsPage() {
  const user = useCurrentUser();
  const full = hasAdvancedStatistics(user.role);
  const premium = hasPremiumInsights(user.role);
  const currency = normalizeCurrency(user.currencyPreference);
  const today = localToday();
  const rates = useRates();
  const subscriptions = useQuery({ ...subscriptionsQuery, enabled: full });
  const budgets = useQuery({ ...budgetsQuery, enabled: premium });
  // Each subscription's lifetime spend reads its payments, as its details dialog does (issue 35 §2), and so do
  // the months of the charts and the budgets: a renewal skipped counts nothing, one paid the amount charged (decision 0128).
  const allPayments = useQuery({ ...allPaymentsQuery, enabled: full });
  const payments = useMemo(() => paymentsBySubscription(allPayments.data?.payments ?? []), [allPayments.data]);
  const [fullPrice, setFullPrice] = useCountFullPrice();
  const listed = subscriptions.data;
  const counted = useMemo(() => (listed ? countedSubscriptions(listed, fullPrice) : []), [listed, fullPrice]);
  // Each subscription's logo as the list has it (issue 36 §5); the sample data of the preview has none.
  const logos = useMemo(() => new Map((listed ?? []).map((sub) => [sub.id, sub.logo ?? null])), [listed]);

  const title = <title>{pageTitle('Insights')}</title>;
  if (full && (subscriptions.isPending || allPayments.isPending || (premium && budgets.isPending))) {
    return (
      <AppPageLayout title="Insights">
        {title}
        <PageSpinner />
      </AppPageLayout>
    );
  }
  if (full && (subscriptions.isError || allPayments.isError)) {
    return (
      <AppPageLayout title="Insights">
        {title}
        <Alert tone="danger">Failed to load your subscriptions. Please try again.</Alert>
      </AppPageLayout>
    );
  }

  // A shared subscription counts the user's share unless 'Count full price' is on (issue 26).
  const subs: InsightSubscription[] = full ? counted : previewSubscriptions(today);
  return (
    <AppPageLayout
      title="Insights"
      subtitle={full ? `Where your money goes, month by month, in ${currency}.` : 'See where your money goes, month by month.'}
    >
      {title}
      {!full && (
        <Alert
          tone="info"
          title="A preview with sample data"
          actions={
            <ButtonLink to="/upgrade" size="sm" icon={<Sparkles aria-hidden="true" />}>
              See the plans
            </ButtonLink>
          }
        >
          Advanced statistics come with VIP and Premium: your own spend per month, by category, price changes and lifetime spend. Premium
          adds budgets and Smart insights.
        </Alert>
      )}
      {full && listed && hasSharedSubscriptions(listed) && <CountFullPriceSwitch fullPrice={fullPrice} onChange={setFullPrice} />}
      {full && subs.length === 0 && (
        <Alert tone="info" title="No subscriptions yet">
          Add your subscriptions on the dashboard and their figures appear here.
        </Alert>
      )}
      <InsightsSections
        subs={subs}
        today={today}
        currency={full ? currency : 'USD'}
        rates={rates}
        payments={payments}
        premium={premium}
        budgets={premium ? budgets.data : undefined}
        logos={logos}
      />
    </AppPageLayout>
  );
}

interface SectionsProps {
  subs: InsightSubscription[];
  /** Each subscription's logo, by id (the list's `logo`). */
  logos: ReadonlyMap<string, SubscriptionLogo | null>;
  today: string;
  currency: string;
  rates: RateTable;
  /** The user's payments by subscription id. */
  payments: Readonly<Record<string, AccountPayment[]>>;
  premium: boolean;
  budgets: Budgets | undefined;
}

function InsightsSections({ subs, logos, today, currency, rates, payments, premium, budgets }: SectionsProps) {
  const money = { currency, rates };
  const months = useMemo(() => spendByMonth(subs, today, { currency, rates }, payments), [subs, today, currency, rates, payments]);
  const changes = useMemo(() => priceChanges(subs, rates), [subs, rates]);
  const lifetime = useMemo(() => lifetimeSpend(subs, today, { currency, rates }, payments), [subs, today, currency, rates, payments]);
  const insights = useMemo(() => (premium ? smartInsights(subs, today, { currency, rates }) : []), [premium, subs, today, currency, rates]);
  const month = monthOf(today);
  const checks = budgets ? budgetChecks(budgets, subs, month, today, money.rates, payments) : [];
  const { custom } = useCustomCategories();
  const display = useMemo(() => categoryDisplay(subs, custom), [subs, custom]);
  // The soonest month past a budget, when it is a later one: the dashboard's warning names it too.
  const ahead = budgets ? nextPassedBudget(budgets, subs, today, money.rates, payments) : null;
  const categoryOptions = useMemo(() => {
    const seen = new Map(BUILT_IN_CATEGORIES.map((c) => [c.value, c.label]));
    for (const sub of subs) if (!seen.has(categoryKey(sub.category))) seen.set(categoryKey(sub.category), display.labelOf(sub.category));
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [subs, display]);

  return (
    <div className={styles.grid}>
      <MonthlySpendCard months={months} currency={currency} />
      <CategorySpendCard months={months} currency={currency} display={display} />
      {premium ? (
        <SmartInsightsCard insights={insights} />
      ) : (
        <LockedCard
          title="Smart insights"
          plan="Premium"
          description="Fixed rules look through your subscriptions for two plans of one service, price rises, trials about to end and monthly plans a yearly one may beat."
        />
      )}
      {premium && budgets ? (
        <BudgetsCard
          budgets={budgets}
          checks={checks}
          categories={categoryOptions}
          monthLabel={monthLabel(month, 'long')}
          ahead={ahead && ahead.month !== month ? { monthLabel: monthLabel(ahead.month, 'long'), passed: ahead.passed } : null}
        />
      ) : (
        <LockedCard
          title="Budgets"
          plan="Premium"
          description="Set a monthly budget overall and per category: the dashboard warns you, and one e-mail tells you, when a month's projected spend passes one."
        />
      )}
      <PriceChangesCard changes={changes} today={today} logos={logos} colorOf={display.colorOf} />
      <LifetimeCard rows={lifetime} currency={currency} logos={logos} colorOf={display.colorOf} />
    </div>
  );
}
