import type { ImportPreviewRow } from '@shared/api/import';
import { categoryLabel } from '@shared/domain/categories';
import { formatAmount } from '@shared/domain/currency';
import { formatDateShort } from '@shared/domain/dates';
import { cycleLabel } from '@shared/domain/subscription-labels';
import { useId } from 'react';
import { Badge } from '../../components/ui/Badge';
import styles from './ImportDialog.module.css';
import { ACTION_LABELS } from './importText';

/** The preview of an import: each row with what importing it does (create, update or skip), and the counts. */
export function ImportPreviewTable({
  rows,
  counts,
  busy,
}: {
  rows: ImportPreviewRow[];
  counts: { create: number; update: number; skip: number };
  busy: boolean;
}) {
  const captionId = useId();
  return (
    <section className={styles.preview} aria-labelledby={captionId} aria-busy={busy}>
      <h3 id={captionId} className={styles.legend}>
        Preview
      </h3>
      <p role="status" className={styles.counts}>
        {counts.create} to create, {counts.update} to update, {counts.skip} to skip
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable). */}
      <section className={styles.tableWrap} tabIndex={0} aria-label="Rows of the file">
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Subscription</th>
              <th scope="col">Amount</th>
              <th scope="col">Next payment</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const s = row.subscription;
              const action = ACTION_LABELS[row.action];
              return (
                <tr key={row.line}>
                  <td className={styles.line}>{row.line}</td>
                  <td>
                    {s ? (
                      <>
                        <span className={styles.name}>{s.name}</span>
                        <span className={styles.detail}>
                          {categoryLabel(s.category)}
                          {s.status === 'canceled' ? ' · canceled' : ''}
                          {s.trialEndsAt ? ` · trial until ${formatDateShort(s.trialEndsAt)}` : ''}
                        </span>
                      </>
                    ) : (
                      <>
                        {row.name && <span className={styles.name}>{row.name}</span>}
                        <span className={styles.detail}>Not imported</span>
                      </>
                    )}
                  </td>
                  <td className={styles.amount}>
                    {s ? `${formatAmount(s.amount, s.currency)}${cycleLabel(s.billingCycle, s.cycleInterval)}` : ''}
                  </td>
                  <td className={styles.date}>{s ? formatDateShort(s.dueDate) : ''}</td>
                  <td>
                    <Badge tone={action.tone}>{action.label}</Badge>
                    {row.reason && <span className={styles.reason}>{row.reason}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </section>
  );
}
