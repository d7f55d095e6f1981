import type { ReactNode } from 'react';
import styles from './Field.module.css';

/** Ids of a field's hint and error, for aria-describedby. */
export function describedBy(id: string, hint: ReactNode, error: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** Label, control, hint and error of one form field; the error region is live so screen readers hear it. */
export function Field({ id, label, hint, error, children, className }: FieldProps) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      {hint && (
        <div id={`${id}-hint`} className={styles.hint}>
          {hint}
        </div>
      )}
      <div id={`${id}-error`} className={styles.error} aria-live="polite">
        {error}
      </div>
    </div>
  );
}
