import { Link } from 'react-router';
import { useAfterHydration } from '../afterHydration';
import { Brand } from './Brand';
import styles from './SiteFooter.module.css';

/** The public footer: privacy, terms and support links (SPEC §1). */
export function SiteFooter() {
  // The prerendered landing page, made at build time (perhaps in an earlier year), shows none.
  const year = useAfterHydration(() => new Date().getFullYear(), null);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <Brand />
          <p className={styles.tagline}>Know what you pay for, and when. Never be surprised by a renewal again.</p>
        </div>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
            <li>
              <Link to="/contact">Support</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className={styles.copyright}>© {year} Subscription Tracker. All rights reserved.</p>
    </footer>
  );
}
