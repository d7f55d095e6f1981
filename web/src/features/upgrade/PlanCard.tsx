import { formatUsd } from '@shared/domain/currency';
import {
  MOST_POPULAR_PLAN,
  PLAN_DURATIONS,
  PLAN_FEATURES,
  PLAN_NAMES,
  PLAN_PRICES,
  type PlanMonths,
  type PlanTier,
  PREMIUM_LEAD_FEATURE,
} from '@shared/domain/plans';
import { Check, Crown, Gem, Star } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import styles from './PlanCard.module.css';

export interface PlanCardProps {
  tier: PlanTier;
  months: PlanMonths;
  /** The signed-in user holds this plan already: the card says so and its button is disabled. */
  current: boolean;
  onUpgrade: () => void;
}

/** One plan of the upgrade page (SPEC §2 'Upgrade', §9): price for the chosen duration, features, upgrade button. */
export function PlanCard({ tier, months, current, onUpgrade }: PlanCardProps) {
  const headingId = useId();
  const name = PLAN_NAMES[tier];
  const price = PLAN_PRICES[tier][months];
  const duration = PLAN_DURATIONS.find((d) => d.months === months) ?? PLAN_DURATIONS[0];
  const popular = tier === MOST_POPULAR_PLAN;

  return (
    <Card
      as="article"
      aria-labelledby={headingId}
      padding="lg"
      className={[styles.plan, popular ? styles.popular : null].filter(Boolean).join(' ')}
    >
      <header className={styles.header}>
        <span className={[styles.icon, styles[tier]].join(' ')} aria-hidden="true">
          {tier === 'vip' ? <Crown /> : <Gem />}
        </span>
        <h2 id={headingId} className={styles.name}>
          {name}
        </h2>
        <div className={styles.badges}>
          {popular && (
            <Badge tone="primary" icon={<Star aria-hidden="true" />}>
              Most Popular
            </Badge>
          )}
          {current && <Badge tone="success">Current plan</Badge>}
        </div>
      </header>

      <div className={styles.pricing}>
        <p className={styles.price}>
          <span className={styles.amount}>{formatUsd(price.perMonth)}</span>
          <span className={styles.unit}>/month</span>
        </p>
        <div className={styles.terms}>
          <p className={styles.billing}>
            {months === 1 ? 'Billed monthly' : `${formatUsd(price.total)} total for ${duration.label.toLowerCase()}`}
          </p>
          {price.discountPercent > 0 && <Badge tone="success">Save {price.discountPercent}%</Badge>}
        </div>
      </div>

      <ul className={styles.features} aria-label={`${name} features`}>
        {PLAN_FEATURES[tier].map((feature) => (
          <li key={feature} className={feature === PREMIUM_LEAD_FEATURE ? styles.summary : undefined}>
            <Check aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>

      <Button
        fullWidth
        size="lg"
        variant={popular ? 'primary' : 'secondary'}
        disabled={current}
        onClick={onUpgrade}
        className={styles.action}
      >
        {current ? 'Your current plan' : `Upgrade to ${name}`}
      </Button>
    </Card>
  );
}
