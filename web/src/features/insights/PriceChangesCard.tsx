import type { SubscriptionLogo as Logo } from '@shared/api/subscription';
import { formatAmount } from '@shared/domain/currency';
import { formatDateShort } from '@shared/domain/dates';
import type { PriceChangeEvent } from '@shared/domain/insights';
import { TrendingDown, TrendingUp } from 'lucide-react';
import { Card } from '../../components/ui/Card';
import { SubscriptionLogo } from '../subscriptions';
import styles from './InsightsPage.module.css';

export interface PriceChangesCardProps {
  changes: PriceChangeEvent[];
  today: string;
  /** Each subscription's logo, by id (the list's `logo`, issue 36 §5). */
  logos: ReadonlyMap<string, Logo | null>;
  /** A category's colour: a monogram's. */
  colorOf: (category: string) => string;
}

/** The timeline of price changes (issue 24 §5), newest first, each with its subscription's logo; changes still to come say so. */
export function PriceChangesCard({ changes, today, logos, colorOf }: PriceChangesCardProps) {
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
                <SubscriptionLogo logo={logos.get(change.subscriptionId)} name={change.name} color={colorOf(change.category)} />
                <div className={styles.timelineText}>
                  <p className={styles.timelineTitle}>
                    {change.name}: {formatAmount(change.from.amount, change.from.currency)} →{' '}
                    {formatAmount(change.to.amount, change.to.currency)} ({up ? '+' : ''}
                    {change.percent}%)
                  </p>
                  <p className={styles.muted}>
                    {change.date > today ? 'From' : 'Since'} {formatDateShort(change.date)}
                  </p>
                </div>
                <span className={[styles.trend, up ? styles.up : styles.down].join(' ')} aria-hidden="true">
                  {up ? <TrendingUp /> : <TrendingDown />}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
