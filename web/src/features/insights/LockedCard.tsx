import { Lock } from 'lucide-react';
import { Badge } from '../../components/ui/Badge';
import { ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import styles from './InsightsPage.module.css';

export interface LockedCardProps {
  title: string;
  description: string;
  /** The plan that opens it. */
  plan: 'VIP' | 'Premium';
}

/** A feature of a higher plan: what it does and the way to /upgrade. */
export function LockedCard({ title, description, plan }: LockedCardProps) {
  return (
    <Card
      title={title}
      actions={
        <Badge tone={plan === 'Premium' ? 'premium' : 'gold'} icon={<Lock aria-hidden="true" />}>
          {plan}
        </Badge>
      }
      className={styles.locked}
    >
      <p className={styles.muted}>{description}</p>
      <div>
        <ButtonLink to="/upgrade" variant="secondary" size="sm">
          Upgrade to {plan}
        </ButtonLink>
      </div>
    </Card>
  );
}
