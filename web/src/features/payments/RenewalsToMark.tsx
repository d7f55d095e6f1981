import type { Subscription } from '@shared/api/subscription';
import { renewalsOn } from '@shared/domain/schedule';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button';
import styles from './Payments.module.css';
import { RenewalRow } from './RenewalRow';

/** Renewals to mark shown at first; the rest of the last 12 months behind 'Show … more'. */
const FIRST_TO_MARK = 4;

/** The renewals up to today with no record yet, newest first, each with 'Mark paid' and 'Skip'. */
export function RenewalsToMark({ subscription: sub, dates, readOnly }: { subscription: Subscription; dates: string[]; readOnly: boolean }) {
  const [showAll, setShowAll] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /**
   * After a renewal is recorded its row goes: once the refreshed list no longer has it, the focus moves to
   * the row now in its place, else to the heading.
   */
  const [recorded, setRecorded] = useState<{ index: number; date: string } | null>(null);
  useEffect(() => {
    if (recorded === null || dates.includes(recorded.date)) return;
    setRecorded(null);
    const rows = listRef.current?.querySelectorAll<HTMLElement>('[data-first-control]') ?? [];
    (rows[Math.min(recorded.index, rows.length - 1)] ?? headingRef.current)?.focus();
  }, [recorded, dates]);

  const shown = showAll ? dates : dates.slice(0, FIRST_TO_MARK);
  // Each renewal as the schedule has it, with its price on its day.
  const renewals = renewalsOn(sub, shown);
  return (
    <section aria-labelledby="to-mark-title" className={styles.section}>
      <h3 id="to-mark-title" ref={headingRef} tabIndex={-1} className={styles.heading}>
        Renewals to mark
      </h3>
      {dates.length === 0 ? (
        <p className={styles.empty}>Every renewal up to today is marked.</p>
      ) : (
        <>
          <ul ref={listRef} className={styles.toMark}>
            {renewals.map((renewal, index) => (
              <RenewalRow
                key={renewal.date}
                subscription={sub}
                renewal={renewal}
                readOnly={readOnly}
                onRecorded={() => setRecorded({ index, date: renewal.date })}
              />
            ))}
          </ul>
          {dates.length > shown.length && (
            <Button variant="ghost" size="sm" onClick={() => setShowAll(true)}>
              Show {dates.length - shown.length} more
            </Button>
          )}
        </>
      )}
    </section>
  );
}
