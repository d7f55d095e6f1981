import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../ui/Button';
import styles from './AppPageLayout.module.css';
import { Brand } from './Brand';

export interface AppPageLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Where the back button leads; defaults to the dashboard. */
  backTo?: string;
  backLabel?: string;
  /** Controls at the right of the page heading. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame of the signed-in pages outside the dashboard (upgrade, settings, admin). */
export function AppPageLayout({
  title,
  subtitle,
  backTo = '/dashboard',
  backLabel = 'Back to Dashboard',
  actions,
  children,
}: AppPageLayoutProps) {
  return (
    <div className={styles.page}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className={styles.top}>
        <div className={styles.topInner}>
          <Brand to="/dashboard" nameHiddenBelow="tablet" />
          <ButtonLink to={backTo} variant="secondary" size="sm" icon={<ArrowLeft aria-hidden="true" />}>
            {backLabel}
          </ButtonLink>
        </div>
      </header>
      <main id="main" className={styles.main}>
        <div className={styles.heading}>
          <div className={styles.titles}>
            <h1 className={styles.title}>{title}</h1>
            {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          </div>
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
        {children}
      </main>
    </div>
  );
}
