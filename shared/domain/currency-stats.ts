/**
 * A user's figures in one display currency (issue 24 §1, GET /api/stats?currency=): the dashboard's
 * stats cards and spending by category, and the yearly report's total, from the same functions the
 * web app uses, every amount converted from USD at `rates` and rounded to cents once, at the end.
 * A shared subscription counts the user's share (issue 26, shared/domain/sharing/share-totals.ts).
 */
import type { CurrencyStats } from '../api/stats.js';
import type { Subscription } from '../api/subscription.js';
import { categoryKey, categoryLabel } from './categories.js';
import { type CurrencyCode, convertFromUsd, type RateTable, roundMoney } from './currency.js';
import { countedSubscriptions } from './sharing/share-totals.js';
import { monthlyAmount } from './subscription-costs.js';
import { yearlyReport } from './subscription-report.js';
import { isActive } from './subscription-rules.js';
import { dashboardStats } from './subscription-stats.js';
import { compareText } from './text.js';

export function currencyStats(listed: readonly Subscription[], today: string, currency: CurrencyCode, rates: RateTable): CurrencyStats {
  const subs = countedSubscriptions(listed);
  const cards = dashboardStats(subs, today, rates);
  const inCurrency = (usd: number) => roundMoney(convertFromUsd(usd, currency, rates));
  let monthlyUsd = 0;
  const byKey = new Map<string, { label: string; usd: number }>();
  for (const sub of subs.filter(isActive)) {
    const usd = monthlyAmount(sub, rates);
    monthlyUsd += usd;
    const key = categoryKey(sub.category);
    const entry = byKey.get(key) ?? { label: categoryLabel(sub.category), usd: 0 };
    entry.usd += usd;
    byKey.set(key, entry);
  }
  const byCategory = [...byKey.entries()]
    .map(([category, { label, usd }]) => ({ category, label, monthly: inCurrency(usd) }))
    .filter((slice) => slice.monthly > 0)
    .sort((a, b) => b.monthly - a.monthly || compareText(a.label, b.label));
  return {
    currency,
    ratesDate: rates.date,
    monthlyTotal: inCurrency(monthlyUsd),
    yearlyTotal: yearlyReport(subs, [], { currency, rates }).yearlyTotal,
    dueSoon: cards.dueSoon,
    nextDue: cards.nextDue,
    totalSubscriptions: cards.totalSubscriptions,
    byCategory,
  };
}
