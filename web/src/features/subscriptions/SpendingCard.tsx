import { type CurrencyCode, formatMoney, type RateTable } from '@shared/domain/currency';
import type { CategorySlice } from '@shared/domain/subscription-stats';
import { ChartNoAxesColumn, ChartPie, Lock } from 'lucide-react';
import { Badge } from '../../components/ui/Badge';
import { Button, ButtonLink } from '../../components/ui/Button';
import { useReadOnly } from './readOnly';
import styles from './SpendingCard.module.css';
import { SpendingPie } from './SpendingPie';

export interface SpendingCardProps {
  slices: CategorySlice[];
  /** USD per month of all active subscriptions: the Monthly Total, so the donut's centre matches the stats card. */
  total: number;
  currency: CurrencyCode;
  /** The rates the amounts are shown in `currency` with (useRates). */
  rates: RateTable;
  /** vip, premium and owner open the Yearly report; everyone else sees the locked button (SPEC §2, §6). */
  canSeeReport: boolean;
  onOpenReport: () => void;
}

function percent(part: number, total: number): string {
  return total > 0 ? `${Math.round((part / total) * 100)}%` : '0%';
}

/** 'Spending by Category' (SPEC §2): the donut, its legend and the Yearly Spending button. */
export function SpendingCard({ slices, total, currency, rates, canSeeReport, onOpenReport }: SpendingCardProps) {
  const readOnly = useReadOnly();
  const totalText = formatMoney(total, currency, rates);
  const summary = slices.length
    ? `Monthly spending by category, ${totalText} in total: ${slices
        .map((s) => `${s.label} ${formatMoney(s.amount, currency, rates)} (${percent(s.amount, total)})`)
        .join(', ')}.`
    : 'No active subscriptions to chart yet.';

  return (
    <section className={styles.card} aria-labelledby="spending-title">
      <header className={styles.header}>
        <div>
          <h2 id="spending-title" className={styles.title}>
            Spending by Category
          </h2>
          <p className={styles.description}>What your active subscriptions cost per month</p>
        </div>
        {canSeeReport || readOnly ? (
          <Button variant="secondary" icon={<ChartNoAxesColumn aria-hidden="true" />} disabled={readOnly} onClick={onOpenReport}>
            Yearly Spending
          </Button>
        ) : (
          <>
            {/* Named by its visible text (WCAG 2.5.3); what it leads to is its description. */}
            <ButtonLink
              to="/upgrade"
              variant="secondary"
              icon={<Lock aria-hidden="true" />}
              aria-describedby="spending-report-locked"
              className={styles.locked}
            >
              {'Yearly Spending '}
              <Badge tone="gold">VIP</Badge>
            </ButtonLink>
            <span id="spending-report-locked" className="visually-hidden">
              Upgrade to unlock the yearly report
            </span>
          </>
        )}
      </header>

      {slices.length === 0 ? (
        <div className={styles.empty}>
          <ChartPie aria-hidden="true" />
          <p>{summary}</p>
        </div>
      ) : (
        <div className={styles.content}>
          <div className={styles.chart} aria-hidden="true">
            <SpendingPie slices={slices} currency={currency} rates={rates} />
            <div className={styles.centre}>
              <span className={[styles.centreValue, totalText.length > 9 ? styles.centreValueLong : ''].join(' ')}>{totalText}</span>
              <span className={styles.centreLabel}>per month</span>
            </div>
          </div>
          <p className="visually-hidden">{summary}</p>
          <ul className={styles.legend} aria-label="Categories">
            {slices.map((slice) => (
              <li key={slice.category} className={styles.legendItem}>
                <span className={styles.swatch} style={{ background: slice.color }} aria-hidden="true" />
                <span className={styles.legendLabel}>{slice.label}</span>
                <span className={styles.legendAmount}>{formatMoney(slice.amount, currency, rates)}</span>
                <span className={styles.legendShare}>{percent(slice.amount, total)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
