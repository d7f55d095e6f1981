import { type CurrencyCode, formatMoney, type RateTable } from '@shared/domain/currency';
import { formatDateShort } from '@shared/domain/dates';
import { ratesLabel } from '@shared/domain/subscription-report';
import { type DashboardStats, NONE_UPCOMING } from '@shared/domain/subscription-stats';
import { BellRing, CalendarClock, Layers, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './StatsRow.module.css';

interface Stat {
  label: string;
  value: string;
  /** A value that is a phrase rather than a figure ('None upcoming'): set as text, not as a big number. */
  phrase?: boolean;
  hint: string;
  icon: ReactNode;
  tone: 'primary' | 'warning' | 'success' | 'info';
}

/**
 * The four stats cards (SPEC §2): Total Subscriptions, Due in 10 Days, Monthly Total, Next Due. The
 * Monthly Total says which rates converted it: 'rates of 24 Nov 2026' or 'fixed rates' (issue 24 §1).
 */
export function StatsRow({ stats, currency, rates }: { stats: DashboardStats; currency: CurrencyCode; rates: RateTable }) {
  const items: Stat[] = [
    {
      label: 'Total Subscriptions',
      value: String(stats.totalSubscriptions),
      hint: 'Active and canceled',
      icon: <Layers />,
      tone: 'primary',
    },
    {
      label: 'Due in 10 Days',
      value: String(stats.dueSoon),
      hint: 'Active, renewing soon',
      icon: <BellRing />,
      tone: 'warning',
    },
    {
      label: 'Monthly Total',
      value: formatMoney(stats.monthlyTotal, currency, rates),
      hint: `Active subscriptions, per month, at ${ratesLabel(rates.date)}`,
      icon: <Wallet />,
      tone: 'success',
    },
    {
      label: 'Next Due',
      value: stats.nextDue ? formatDateShort(stats.nextDue) : NONE_UPCOMING,
      phrase: !stats.nextDue,
      hint: 'Earliest upcoming due date',
      icon: <CalendarClock />,
      tone: 'info',
    },
  ];
  return (
    <ul className={styles.stats} aria-label="Subscription statistics">
      {items.map((item) => (
        <li key={item.label} className={styles.stat}>
          <div className={styles.top}>
            <p className={styles.label}>{item.label}</p>
            <span className={[styles.icon, styles[item.tone]].join(' ')} aria-hidden="true">
              {item.icon}
            </span>
          </div>
          <p className={[styles.value, item.phrase ? styles.phrase : ''].join(' ')}>{item.value}</p>
          <p className={styles.hint}>{item.hint}</p>
        </li>
      ))}
    </ul>
  );
}
