import { hasPaidFeatures, seesAds } from '@shared/domain/roles';
import { categoryBreakdown, dashboardStats } from '@shared/domain/subscription-stats';
import { useMemo, useState } from 'react';
import { Spinner } from '../../components/ui/Spinner';
import { useCurrentUser } from '../../session/context';
import { AdSlot } from './AdSlot';
import { CurrencyBanner } from './CurrencyBanner';
import { EmailPrompt } from './EmailPrompt';
import { SpendingCard } from './SpendingCard';
import { StatsRow } from './StatsRow';
import { SubscriptionList } from './SubscriptionList';
import styles from './SubscriptionsPanel.module.css';
import { useCustomCategories } from './useCustomCategories';
import { useDisplayCurrency } from './useDisplayCurrency';
import { useRates } from './useRates';
import { useSubscriptions } from './useSubscriptions';
import { useToday } from './useToday';
import { YearlyReportModal } from './YearlyReportModal';

/**
 * The dashboard's main area (SPEC §2 Dashboard): currency banner, ads for members, the four
 * stats, spending by category with the yearly report, and the subscription list.
 */
export function SubscriptionsPanel() {
  const user = useCurrentUser();
  const data = useSubscriptions();
  const { subscriptions, loading } = data;
  const { custom, add: addCategory } = useCustomCategories();
  const { currency, setCurrency } = useDisplayCurrency();
  const today = useToday();
  const rates = useRates();
  const [reportOpen, setReportOpen] = useState(false);

  const stats = useMemo(() => dashboardStats(subscriptions, today, rates), [subscriptions, today, rates]);
  const slices = useMemo(() => categoryBreakdown(subscriptions, custom, rates), [subscriptions, custom, rates]);
  const canSeeReport = hasPaidFeatures(user.role);

  return (
    <div className={styles.panel}>
      <CurrencyBanner currency={currency} rates={rates} />
      {seesAds(user.role) && <AdSlot />}

      {loading ? (
        <div className={styles.loading}>
          <Spinner size="lg" label="Loading subscriptions" delayed />
        </div>
      ) : (
        <>
          <StatsRow stats={stats} currency={currency} rates={rates} />
          <SpendingCard
            slices={slices}
            total={stats.monthlyTotal}
            currency={currency}
            rates={rates}
            canSeeReport={canSeeReport}
            onOpenReport={() => setReportOpen(true)}
          />
          <SubscriptionList
            data={data}
            currency={currency}
            rates={rates}
            onCurrencyChange={setCurrency}
            today={today}
            custom={custom}
            onAddCategory={addCategory}
          />
        </>
      )}

      {reportOpen && canSeeReport && (
        <YearlyReportModal
          subscriptions={subscriptions}
          custom={custom}
          today={today}
          currency={currency}
          rates={rates}
          onClose={() => setReportOpen(false)}
        />
      )}
      {/* A new address waiting for its link is on its way: no prompt to add one. */}
      <EmailPrompt userId={user.id} hasEmail={Boolean(user.email || user.pendingEmail)} />
    </div>
  );
}
