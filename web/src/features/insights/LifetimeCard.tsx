import type { SubscriptionLogo as Logo } from '@shared/api/subscription';
import { categoryLabel } from '@shared/domain/categories';
import { formatDateShort } from '@shared/domain/dates';
import type { LifetimeSpend } from '@shared/domain/insights';
import { Card } from '../../components/ui/Card';
import { SubscriptionLogo } from '../subscriptions';
import { money } from './chartFormat';
import styles from './InsightsPage.module.css';

export interface LifetimeCardProps {
  rows: LifetimeSpend[];
  currency: string;
  /** Each subscription's logo, by id (issue 36 §5); one not in it shows its monogram. */
  logos: ReadonlyMap<string, Logo | null>;
  /** A category's colour among those shown: a monogram's. */
  colorOf: (category: string) => string;
}

/** Lifetime spend per subscription (issue 24 §5): since each was first tracked, largest first, each with a bar. */
export function LifetimeCard({ rows, currency, logos, colorOf }: LifetimeCardProps) {
  const format = money(currency);
  const largest = rows[0]?.total ?? 0;
  return (
    <Card title="Lifetime spend" description={`What each subscription has cost since you started tracking it, in ${currency}.`}>
      {rows.length === 0 ? (
        <p className={styles.muted}>No subscriptions yet.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={[styles.table, styles.lifetime].join(' ')}>
            <caption className="visually-hidden">Lifetime spend per subscription, in {currency}</caption>
            <thead>
              <tr>
                <th scope="col">Subscription</th>
                <th scope="col">Since</th>
                <th scope="col">Spent</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.subscriptionId}>
                  <th scope="row">
                    <span className={styles.named}>
                      <SubscriptionLogo logo={logos.get(row.subscriptionId)} name={row.name} color={colorOf(row.category)} />
                      <span>
                        {row.name}
                        <span className={styles.rowHint}>{categoryLabel(row.category)}</span>
                      </span>
                    </span>
                  </th>
                  <td>{formatDateShort(row.since)}</td>
                  <td>
                    <span className={styles.barCell}>
                      <span
                        className={styles.bar}
                        style={{ width: `${largest > 0 ? (row.total / largest) * 100 : 0}%` }}
                        aria-hidden="true"
                      />
                      {format(row.total)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
