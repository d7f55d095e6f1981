import { formatAmount } from '@shared/domain/currency';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** An axis tick: '1.2K', '350'. */
export const axisAmount = (value: number) => compact.format(value);

/** A tooltip's or a table's amount in the display currency. */
export const money = (currency: string) => (value: number) => formatAmount(value, currency);

/** The chart colours: tokens of both themes (web/src/styles/tokens.css). */
export const chartColors = {
  axis: 'var(--color-text-muted)',
  grid: 'var(--color-border)',
  billed: 'var(--color-primary)',
  current: 'var(--color-accent)',
  tooltipBackground: 'var(--color-surface)',
  tooltipBorder: 'var(--color-border-strong)',
  text: 'var(--color-text)',
} as const;

export const tooltipStyle = {
  contentStyle: {
    background: chartColors.tooltipBackground,
    border: `1px solid ${chartColors.tooltipBorder}`,
    borderRadius: 10,
    color: chartColors.text,
  },
  labelStyle: { color: chartColors.text, fontWeight: 600 },
  itemStyle: { color: chartColors.text },
  cursor: { fill: 'var(--color-surface-hover)' },
} as const;
