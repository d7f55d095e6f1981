import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { APP_NAME } from '../../brand';
import styles from './Brand.module.css';

export interface BrandProps {
  to?: string;
  /** Shows only the mark below this width: 'phone' (380 px) or 'tablet' (600 px). */
  nameHiddenBelow?: 'phone' | 'tablet';
}

/** The logo mark and name, linking home. */
export function Brand({ to = '/', nameHiddenBelow }: BrandProps) {
  return (
    <Link to={to} className={styles.brand} aria-label={`${APP_NAME} home`}>
      <span className={styles.mark} aria-hidden="true">
        <CalendarClock />
      </span>
      <span className={[styles.name, nameHiddenBelow ? styles[nameHiddenBelow] : null].filter(Boolean).join(' ')} aria-hidden="true">
        Subscription <span className={styles.accent}>Tracker</span>
      </span>
    </Link>
  );
}
