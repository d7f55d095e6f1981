import { Check } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import styles from './Checkbox.module.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  /** Secondary text under the label. */
  description?: ReactNode;
  error?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled checkbox; the native input stays in place so keyboard and screen readers work as usual. */
export function Checkbox({ label, description, error, id, className, ref, ...rest }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const describedBy = [description ? `${inputId}-description` : null, error ? `${inputId}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={[styles.wrapper, className].filter(Boolean).join(' ')}>
      <div className={styles.row}>
        <span className={styles.box}>
          <input
            ref={ref}
            id={inputId}
            type="checkbox"
            className={[styles.input, error ? styles.invalid : null].filter(Boolean).join(' ')}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy || undefined}
            {...rest}
          />
          <Check className={styles.check} aria-hidden="true" />
        </span>
        <div className={styles.text}>
          <label htmlFor={inputId} className={styles.label}>
            {label}
          </label>
          {description && (
            <div id={`${inputId}-description`} className={styles.description}>
              {description}
            </div>
          )}
        </div>
      </div>
      <div id={`${inputId}-error`} className={styles.error} aria-live="polite">
        {error}
      </div>
    </div>
  );
}
