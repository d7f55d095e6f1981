import styles from './Spinner.module.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Announced to assistive technology; omit when the spinner sits inside a labelled busy control. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const classes = [styles.spinner, styles[size], className].filter(Boolean).join(' ');
  if (!label) return <span className={classes} aria-hidden="true" />;
  return (
    <span role="status" className={styles.wrapper}>
      <span className={classes} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A centred spinner that fills the page area while a screen or the signed-in user loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.page}>
      <Spinner size="lg" label={label} />
    </div>
  );
}
