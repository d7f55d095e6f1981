import type { ReactNode } from 'react';
import styles from './InsightsPage.module.css';

export interface ChartFigureProps {
  /** A sentence that says what the chart shows: shown under it, and what assistive technology reads instead of it. */
  summary: string;
  /** The chart itself (recharts, without its keyboard layer), hidden from assistive technology: the summary and the table say it. */
  chart: ReactNode;
  /** The figures as a table, behind 'Show the figures'. */
  table: ReactNode;
  legend?: ReactNode;
}

/** A chart with its text alternatives (issue 24 §5): a summary sentence and the figures as a table. */
export function ChartFigure({ summary, chart, table, legend }: ChartFigureProps) {
  return (
    <figure className={styles.figure}>
      <div className={styles.chart} aria-hidden="true">
        {chart}
      </div>
      {legend}
      <figcaption className={styles.summary}>{summary}</figcaption>
      <details className={styles.details}>
        <summary>Show the figures</summary>
        <div className={styles.tableWrap}>{table}</div>
      </details>
    </figure>
  );
}
