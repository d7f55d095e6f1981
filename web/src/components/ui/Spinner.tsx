import styles from './Spinner.module.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Announced to assistive technology; omit when the spinner sits inside a labelled busy control. */
  label?: string;
  className?: string;
  /**
   * Appears only when the wait outlasts 400 ms (labelled spinners only; Spinner.module.css): a load that finishes sooner
   * shows no spinner flash. For loads that are usually quick, such as a screen's first data.
   */
  delayed?: boolean;
}

export function Spinner({ size = 'md', label, className, delayed }: SpinnerProps) {
  const classes = [styles.spinner, styles[size], className].filter(Boolean).join(' ');
  if (!label) return <span className={classes} aria-hidden="true" />;
  return (
    <span role="status" className={[styles.wrapper, delayed && styles.delayed].filter(Boolean).join(' ')}>
      <span className={classes} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A centred spinner that fills the page area while a screen or the signed-in user loads, shown only if that takes a while. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.page}>
      <Spinner size="lg" label={label} delayed />
    </div>
  );
}
