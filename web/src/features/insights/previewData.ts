import { addDays, addMonthsClamped } from '@shared/domain/dates';
import type { InsightSubscription } from '@shared/domain/insights';

/**
 * The sample subscriptions of the members' preview of /insights, dated from `today`: a price rise, a
 * trial, two plans of one service and a monthly plan kept for a year, so every section shows
 * what it does. Amounts in USD.
 */
export function previewSubscriptions(today: string): InsightSubscription[] {
  const monthsAgo = (n: number) => addMonthsClamped(today, -n);
  const sample = (
    id: number,
    name: string,
    category: string,
    amount: number,
    billingCycle: InsightSubscription['billingCycle'],
    since: string,
    dueDate: string,
    extra: Partial<InsightSubscription> = {},
  ): InsightSubscription => ({
    id: `preview-${id}`,
    name,
    category,
    amount,
    currency: 'USD',
    billingCycle,
    dueDate,
    createdAt: `${since}T00:00:00.000Z`,
    status: 'active',
    priceHistory: [{ amount, currency: 'USD', effectiveFrom: since }],
    ...extra,
  });
  return [
    sample(1, 'Netflix', 'streaming', 17.99, 'monthly', monthsAgo(14), addDays(today, 3), {
      priceHistory: [
        { amount: 15.49, currency: 'USD', effectiveFrom: monthsAgo(14) },
        { amount: 17.99, currency: 'USD', effectiveFrom: monthsAgo(2) },
      ],
    }),
    sample(2, 'Spotify Premium', 'music', 11.99, 'monthly', monthsAgo(20), addDays(today, 9)),
    sample(3, 'Spotify Family', 'music', 19.99, 'monthly', monthsAgo(3), addDays(today, 12)),
    sample(4, 'Google One', 'cloud', 99.99, 'yearly', monthsAgo(10), addMonthsClamped(today, 2)),
    sample(5, 'Adobe Creative Cloud', 'software', 22.99, 'monthly', monthsAgo(11), addDays(today, 16)),
    sample(6, 'Xbox Game Pass', 'gaming', 16.99, 'monthly', monthsAgo(5), addDays(today, 22), { endsAt: addMonthsClamped(today, 4) }),
    sample(7, 'Duolingo', 'productivity', 12.99, 'monthly', addDays(today, -9), addDays(today, 5), { trialEndsAt: addDays(today, 5) }),
  ];
}
