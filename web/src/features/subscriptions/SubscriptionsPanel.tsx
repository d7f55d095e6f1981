import { hasPaidFeatures, seesAds } from '@shared/domain/roles';
import { countedSubscriptions, hasSharedSubscriptions } from '@shared/domain/sharing/share-totals';
import { categoryBreakdown, dashboardStats } from '@shared/domain/subscription-stats';
import { useMemo, useState } from 'react';
import { Spinner } from '../../components/ui/Spinner';
import { useCurrentUser } from '../../session/context';
import { InvitationsPanel } from '../sharing';
import { AdSlot } from './AdSlot';
import { CountFullPriceSwitch } from './CountFullPriceSwitch';
import { CurrencyBanner } from './CurrencyBanner';
import { EmailPrompt } from './EmailPrompt';
import { SpendingCard } from './SpendingCard';
import { StatsRow } from './StatsRow';
import { SubscriptionList } from './SubscriptionList';
import styles from './SubscriptionsPanel.module.css';
import { useCountFullPrice } from './useCountFullPrice';
import { useCustomCategories } from './useCustomCategories';
import { useDisplayCurrency } from './useDisplayCurrency';
import { useRates } from './useRates';
import { useSubscriptions } from './useSubscriptions';
import { useToday } from './useToday';
import { YearlyReportModal } from './YearlyReportModal';

/**
 * The dashboard's main area (SPEC §2 Dashboard): currency banner, ads for members, the four
 * stats, spending by category with the yearly report, the invitations to shared subscriptions and the
 * subscription list. The money figures count the user's share of each shared subscription unless
 * 'Count full price' is on (issue 26).
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
  const [fullPrice, setFullPrice] = useCountFullPrice();
  const anyShared = useMemo(() => hasSharedSubscriptions(subscriptions), [subscriptions]);
  const counted = useMemo(() => countedSubscriptions(subscriptions, fullPrice), [subscriptions, fullPrice]);

  const stats = useMemo(() => dashboardStats(counted, today, rates), [counted, today, rates]);
  const slices = useMemo(() => categoryBreakdown(counted, custom, rates), [counted, custom, rates]);
  const canSeeReport = hasPaidFeatures(user.role);

  return (
    <div className={styles.panel}>
      <CurrencyBanner currency={currency} rates={rates} />
      {seesAds(user.role) && <AdSlot />}
      {!loading && <InvitationsPanel subscriptions={subscriptions} />}

      {loading ? (
        <div className={styles.loading}>
          <Spinner size="lg" label="Loading subscriptions" delayed />
        </div>
      ) : (
        <>
          <div className={styles.totals}>
            <StatsRow stats={stats} currency={currency} rates={rates} />
            {anyShared && <CountFullPriceSwitch fullPrice={fullPrice} onChange={setFullPrice} />}
          </div>
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
          subscriptions={counted}
          fullPriceSwitch={anyShared ? <CountFullPriceSwitch fullPrice={fullPrice} onChange={setFullPrice} /> : null}
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
