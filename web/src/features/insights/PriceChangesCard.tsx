import { formatAmount } from '@shared/domain/currency';
import { formatDateShort } from '@shared/domain/dates';
import type { PriceChangeEvent } from '@shared/domain/insights';
import { TrendingDown, TrendingUp } from 'lucide-react';
import { Card } from '../../components/ui/Card';
import styles from './InsightsPage.module.css';

export interface PriceChangesCardProps {
  changes: PriceChangeEvent[];
  today: string;
}

/** The timeline of price changes (issue 24 §5), newest first; changes still to come say so. */
export function PriceChangesCard({ changes, today }: PriceChangesCardProps) {
  return (
    <Card title="Price changes" description="Every price change you recorded, newest first.">
      {changes.length === 0 ? (
        <p className={styles.muted}>No price changes yet. When a price changes, edit the subscription and choose “Price change”.</p>
      ) : (
        <ol className={styles.timeline}>
          {changes.map((change) => {
            const up = change.percent > 0;
            return (
              <li key={`${change.subscriptionId}-${change.date}`}>
                <span className={[styles.trend, up ? styles.up : styles.down].join(' ')} aria-hidden="true">
                  {up ? <TrendingUp /> : <TrendingDown />}
                </span>
                <div>
                  <p className={styles.timelineTitle}>
                    {change.name}: {formatAmount(change.from.amount, change.from.currency)} →{' '}
                    {formatAmount(change.to.amount, change.to.currency)} ({up ? '+' : ''}
                    {change.percent}%)
                  </p>
                  <p className={styles.muted}>
                    {change.date > today ? 'From' : 'Since'} {formatDateShort(change.date)}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
