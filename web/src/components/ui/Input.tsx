import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { describedBy, Field } from './Field';
import styles from './Input.module.css';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** A decorative icon inside the field, before the text. */
  icon?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input. Password inputs get a show/hide toggle. */
export function Input({
  label,
  hint,
  error,
  icon,
  id,
  type = 'text',
  required,
  className,
  ref,
  'aria-describedby': extraDescription,
  ...rest
}: InputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';

  return (
    <Field id={inputId} label={label} hint={hint} error={error} className={className}>
      <div className={[styles.control, error ? styles.invalid : null].filter(Boolean).join(' ')}>
        {icon && (
          <span className={styles.icon} aria-hidden="true">
            {icon}
          </span>
        )}
        <input
          ref={ref}
          id={inputId}
          type={isPassword && revealed ? 'text' : type}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={[describedBy(inputId, hint, error), extraDescription].filter(Boolean).join(' ') || undefined}
          className={styles.input}
          {...rest}
        />
        {isPassword && (
          <button
            type="button"
            className={styles.reveal}
            onClick={() => setRevealed((shown) => !shown)}
            aria-label={revealed ? 'Hide password' : 'Show password'}
            aria-pressed={revealed}
            aria-controls={inputId}
          >
            {revealed ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          </button>
        )}
      </div>
    </Field>
  );
}
