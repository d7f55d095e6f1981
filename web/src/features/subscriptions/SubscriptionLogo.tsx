import type { SubscriptionLogo as Logo } from '@shared/api/subscription';
import { monogramOf } from '@shared/domain/logos/monogram';
import styles from './SubscriptionLogo.module.css';

export interface SubscriptionLogoProps {
  /** Absent or null: none, and the monogram shows. */
  logo: Logo | null | undefined;
  /** The subscription's name: its monogram when it has no logo. */
  name: string;
  /** Its category's colour (categoryColorsIn), the monogram's. */
  color: string;
}

/**
 * A subscription's logo (issue 36 §1): the image from the site's own origin, loaded when it comes into view, or its
 * monogram in its category's colour. Both are decoration beside the visible name: the image's alt text is empty and
 * the monogram is hidden from screen readers, so the name is not read twice.
 */
export function SubscriptionLogo({ logo, name, color }: SubscriptionLogoProps) {
  if (logo) return <img className={styles.logo} src={logo.src} alt="" width={36} height={36} loading="lazy" decoding="async" />;
  return (
    <span className={styles.monogram} style={{ color, borderColor: color }} aria-hidden="true">
      {monogramOf(name)}
    </span>
  );
}
