import type { SubscriptionLogo as Logo } from '@shared/api/subscription';
import { monogramOf } from '@shared/domain/logos/monogram';
import { useState } from 'react';
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
 * A subscription's logo (issue 36 §1, §3): the image from the site's own origin, loaded when it comes into view, or
 * its monogram in its category's colour. Both are decoration beside the visible name: the image's alt text is empty and
 * the monogram is hidden from screen readers, so the name is not read twice.
 */
export function SubscriptionLogo({ logo, name, color }: SubscriptionLogoProps) {
  // An image that does not load (a website's icon gone from the bucket, say) gives way to the monogram.
  const [failed, setFailed] = useState<string | null>(null);
  if (logo && failed !== logo.src) {
    // A brand's tile fills its square; a website's icon sits on a light tile of its own, whatever its shape.
    const className = logo.kind === 'brand' ? styles.logo : `${styles.logo} ${styles.picture}`;
    return (
      <img
        className={className}
        src={logo.src}
        alt=""
        width={36}
        height={36}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(logo.src)}
      />
    );
  }
  return (
    <span className={styles.monogram} style={{ color, borderColor: color }} aria-hidden="true">
      {monogramOf(name)}
    </span>
  );
}
