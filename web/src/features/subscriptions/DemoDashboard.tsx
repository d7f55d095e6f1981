import type { Subscription } from '@shared/api/subscription';
import { FIXED_RATES } from '@shared/domain/currency';
import { addDays } from '@shared/domain/dates';
import { brandLogoPath } from '@shared/domain/logos/brand-names';
import { categoryBreakdown, dashboardStats } from '@shared/domain/subscription-stats';
import { useMemo } from 'react';
import styles from './DemoDashboard.module.css';
import { ReadOnlyContext } from './readOnly';
import { SpendingCard } from './SpendingCard';
import { StatsRow } from './StatsRow';
import { SubscriptionList } from './SubscriptionList';
import type { SubscriptionsApi } from './useSubscriptions';
import { useToday } from './useToday';

type Sample = Pick<Subscription, 'name' | 'description' | 'amount' | 'category' | 'billingCycle' | 'autoRenew' | 'status'> & {
  /** Days from today to the due date, so the badges read the same on any day. */
  dueInDays: number;
  /** ISO 4217; USD when absent. */
  currency?: string;
  /** Days from today to the end of a free trial. */
  trialDays?: number;
  /**
   * The built-in brand its name names (the server's shared/domain/logos/brands.ts brandOf, which the page does not
   * load: test/unit/logos.test.ts checks each against it).
   */
  brand?: string;
};

/** Active ones only: a canceled card's faded text is below 4.5:1 in the light theme (left to the polish of the cards). */
const SAMPLES: Sample[] = [
  {
    name: 'Netflix',
    brand: 'netflix',
    description: 'Standard plan',
    amount: 15.49,
    category: 'streaming',
    billingCycle: 'monthly',
    autoRenew: true,
    status: 'active',
    dueInDays: 3,
  },
  {
    name: 'Spotify',
    brand: 'spotify',
    description: 'Premium Individual, billed in euros',
    amount: 10.99,
    currency: 'EUR',
    category: 'music',
    billingCycle: 'monthly',
    autoRenew: true,
    status: 'active',
    dueInDays: 9,
  },
  {
    name: 'Adobe Creative Cloud',
    description: 'Photography plan',
    amount: 19.99,
    category: 'software',
    billingCycle: 'monthly',
    autoRenew: true,
    status: 'active',
    dueInDays: 16,
  },
  {
    name: 'Google One',
    brand: 'google',
    description: '2 TB storage',
    amount: 99.99,
    category: 'cloud',
    billingCycle: 'yearly',
    autoRenew: true,
    status: 'active',
    dueInDays: 48,
  },
  {
    name: 'Xbox Game Pass',
    description: 'Ultimate',
    amount: 16.99,
    category: 'gaming',
    billingCycle: 'monthly',
    autoRenew: false,
    status: 'active',
    dueInDays: 22,
  },
  {
    name: 'Notion',
    brand: 'notion',
    description: 'Plus plan, on a free trial',
    amount: 10,
    category: 'productivity',
    billingCycle: 'monthly',
    autoRenew: true,
    status: 'active',
    dueInDays: 6,
    trialDays: 6,
  },
];

/** The sample subscriptions, dated from `today`. */
export function sampleSubscriptions(today: string): Subscription[] {
  return SAMPLES.map(({ dueInDays, currency = 'USD', trialDays, brand, ...sample }, index) => {
    const dueDate = addDays(today, dueInDays);
    return {
      ...sample,
      id: `demo-${index + 1}`,
      currency,
      priceHistory: [{ amount: sample.amount, currency, effectiveFrom: today }],
      dueDate,
      cycleInterval: 1,
      anchorDay: Number(dueDate.slice(8)),
      trialEndsAt: trialDays === undefined ? null : addDays(today, trialDays),
      endsAt: null,
      noticeDays: null,
      cancelByDate: null,
      url: null,
      logo: brand ? { kind: 'brand', src: brandLogoPath(brand) } : null,
      cancelBy: null,
      externalId: null,
      deletedAt: null,
      createdAt: `${today}T00:00:00.000Z`,
      updatedAt: `${today}T00:00:00.000Z`,
    };
  });
}

const readOnly = () => Promise.reject(new Error('The demo dashboard is read-only'));
const noChange = () => undefined;

/**
 * The landing page's demo (SPEC §1): the dashboard's own stats, spending card and subscription list
 * with sample subscriptions, read-only (ReadOnlyContext disables search, filters, sort, currency,
 * add and every card action).
 */
export function DemoDashboard() {
  const today = useToday();
  const data = useMemo<SubscriptionsApi>(
    () => ({
      subscriptions: sampleSubscriptions(today),
      loading: false,
      save: readOnly,
      change: readOnly,
      deleteForever: readOnly,
      leave: readOnly,
    }),
    [today],
  );
  // The demo's figures at the fixed table: the landing page asks the API for nothing.
  const stats = useMemo(() => dashboardStats(data.subscriptions, today, FIXED_RATES), [data, today]);
  const slices = useMemo(() => categoryBreakdown(data.subscriptions, [], FIXED_RATES), [data]);

  return (
    <ReadOnlyContext.Provider value={true}>
      <div className={styles.demo} data-testid="demo-dashboard">
        <p className={styles.note}>A sample dashboard: sign up to track your own subscriptions.</p>
        <StatsRow stats={stats} currency="USD" rates={FIXED_RATES} />
        <SpendingCard
          slices={slices}
          total={stats.monthlyTotal}
          currency="USD"
          rates={FIXED_RATES}
          canSeeReport={false}
          onOpenReport={noChange}
        />
        <SubscriptionList
          data={data}
          currency="USD"
          rates={FIXED_RATES}
          onCurrencyChange={noChange}
          today={today}
          custom={[]}
          onAddCategory={() => ({ ok: false, error: 'The demo dashboard is read-only' })}
        />
      </div>
    </ReadOnlyContext.Provider>
  );
}
