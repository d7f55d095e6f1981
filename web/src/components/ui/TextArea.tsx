import { type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { describedBy, Field } from './Field';
import styles from './TextArea.module.css';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

/** A labelled multi-line text field, styled like the design system's Input. */
export function TextArea({ label, hint, error, id, className, rows = 3, ...rest }: TextAreaProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <Field id={fieldId} label={label} hint={hint} error={error} className={className}>
      <textarea
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        className={[styles.textarea, error ? styles.invalid : null].filter(Boolean).join(' ')}
        {...rest}
      />
    </Field>
  );
}
