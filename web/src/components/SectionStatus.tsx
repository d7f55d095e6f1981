import { CircleAlert, CircleCheck } from 'lucide-react';
import type { Ref } from 'react';
import styles from './SectionStatus.module.css';

/** The outcome of a section's last action: a success or a failure text. */
export interface SectionMessage {
  tone: 'success' | 'danger';
  text: string;
}

interface SectionStatusProps {
  message: SectionMessage | null;
  /** The message takes focus after an action (tabIndex -1), so attention moves to what happened. */
  ref?: Ref<HTMLParagraphElement>;
}

/**
 * A section's status line. The live region stays in the page while empty, so a message added to it
 * is announced; the message itself can take focus when the section wants attention moved there.
 */
export function SectionStatus({ message, ref }: SectionStatusProps) {
  return (
    <div className={styles.statusRegion} aria-live="polite" aria-atomic="true">
      {message && (
        <p ref={ref} tabIndex={-1} className={[styles.status, styles[message.tone]].join(' ')}>
          {message.tone === 'success' ? <CircleCheck aria-hidden="true" /> : <CircleAlert aria-hidden="true" />}
          {message.text}
        </p>
      )}
    </div>
  );
}
