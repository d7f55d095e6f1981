import type { ReactNode } from 'react';
import styles from './AuthLayout.module.css';
import { Brand } from './Brand';

export interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** A large icon above the title, for result screens (sent, verified, invalid link). */
  icon?: ReactNode;
  iconTone?: 'primary' | 'success' | 'warning' | 'danger';
  children: ReactNode;
  /** A line under the card, e.g. a link to the other auth screen. */
  footer?: ReactNode;
}

/** The centred card frame of the sign-in, registration, password and verification screens. */
export function AuthLayout({ title, subtitle, icon, iconTone = 'primary', children, footer }: AuthLayoutProps) {
  return (
    <div className={styles.page}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className={styles.top}>
        <Brand />
      </header>
      <main id="main" className={styles.main}>
        <div className={styles.card}>
          <div className={[styles.heading, icon ? styles.centered : null].filter(Boolean).join(' ')}>
            {icon && <div className={[styles.icon, styles[iconTone]].join(' ')}>{icon}</div>}
            <h1 className={styles.title}>{title}</h1>
            {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          </div>
          {children}
        </div>
        {footer && <p className={styles.footer}>{footer}</p>}
      </main>
    </div>
  );
}
