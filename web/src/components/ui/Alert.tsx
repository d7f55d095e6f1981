import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './Alert.module.css';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

const icons: Record<AlertTone, ReactNode> = {
  info: <Info aria-hidden="true" />,
  success: <CircleCheck aria-hidden="true" />,
  warning: <TriangleAlert aria-hidden="true" />,
  danger: <CircleAlert aria-hidden="true" />,
};

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Buttons under the text. */
  actions?: ReactNode;
  className?: string;
}

/**
 * An inline message in a form or page. Danger alerts are announced at once (role alert),
 * the others politely (role status).
 */
export function Alert({ tone = 'info', title, children, actions, className }: AlertProps) {
  return (
    <div role={tone === 'danger' ? 'alert' : 'status'} className={[styles.alert, styles[tone], className].filter(Boolean).join(' ')}>
      <span className={styles.icon}>{icons[tone]}</span>
      <div className={styles.content}>
        {title && <p className={styles.title}>{title}</p>}
        {children && <div className={styles.text}>{children}</div>}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </div>
  );
}
