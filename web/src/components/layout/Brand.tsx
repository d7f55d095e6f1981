import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import styles from './Brand.module.css';

export interface BrandProps {
  to?: string;
  /** Shows only the mark below this width: 'phone' (380 px) or 'tablet' (600 px). */
  nameHiddenBelow?: 'phone' | 'tablet';
}

/**
 * The logo mark and name, linking home. The link is named by the name itself (WCAG 2.5.3), which
 * stays in the accessibility tree when it is hidden on narrow screens.
 */
export function Brand({ to = '/', nameHiddenBelow }: BrandProps) {
  return (
    <Link to={to} className={styles.brand}>
      <span className={styles.mark} aria-hidden="true">
        <CalendarClock />
      </span>
      <span className={[styles.name, nameHiddenBelow ? styles[nameHiddenBelow] : null].filter(Boolean).join(' ')}>
        Subscription <span className={styles.accent}>Tracker</span>
      </span>
    </Link>
  );
}
