import type { SmartInsight, SmartInsightKind } from '@shared/domain/insights';
import { CalendarClock, Copy, PiggyBank, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/Card';
import styles from './InsightsPage.module.css';

const ICONS: Record<SmartInsightKind, ReactNode> = {
  duplicate: <Copy />,
  priceRise: <TrendingUp />,
  trialEnding: <CalendarClock />,
  yearlyCheaper: <PiggyBank />,
};

/** Premium's 'Smart insights' (issue 24 §5): what the rules found, each with its reason. */
export function SmartInsightsCard({ insights }: { insights: SmartInsight[] }) {
  return (
    <Card
      title="Smart insights"
      description="Found by fixed rules: subscriptions to one service, price rises, trials about to end, yearly plans that may save."
    >
      {insights.length === 0 ? (
        <p className={styles.muted}>Nothing to point out right now.</p>
      ) : (
        <ul className={styles.insights}>
          {insights.map((insight) => (
            <li key={`${insight.kind}-${insight.subscriptionIds.join('-')}`} className={styles[insight.kind]}>
              <span className={styles.insightIcon} aria-hidden="true">
                {ICONS[insight.kind]}
              </span>
              <div>
                <p className={styles.insightTitle}>{insight.title}</p>
                <p className={styles.muted}>{insight.detail}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
