import { type CurrencyCode, formatMoney, type RateTable } from '@shared/domain/currency';
import type { CategorySlice } from '@shared/domain/subscription-stats';
import { type CSSProperties, useState } from 'react';

const SIZE = 220;
const CENTRE = SIZE / 2;
const INNER_RADIUS = 62;
const OUTER_RADIUS = 104;
/** Degrees of gap between two slices. */
const PADDING_ANGLE = 2;

/** The point at `radius` and `degrees` (counter-clockwise from 3 o'clock, as charts measure angles). */
function point(radius: number, degrees: number): string {
  const radians = (degrees * Math.PI) / 180;
  return `${CENTRE + radius * Math.cos(radians)} ${CENTRE - radius * Math.sin(radians)}`;
}

/** A ring sector from `start` to `end` degrees; each arc is drawn in two halves, so a full ring works too. */
function sectorPath(start: number, end: number): string {
  const middle = (start + end) / 2;
  const arc = (radius: number, sweep: 0 | 1, to: number) => `A ${radius} ${radius} 0 0 ${sweep} ${point(radius, to)}`;
  return [
    `M ${point(OUTER_RADIUS, start)}`,
    arc(OUTER_RADIUS, 0, middle),
    arc(OUTER_RADIUS, 0, end),
    `L ${point(INNER_RADIUS, end)}`,
    arc(INNER_RADIUS, 1, middle),
    arc(INNER_RADIUS, 1, start),
    'Z',
  ].join(' ');
}

/** Each slice's start and end angle: shares of 360° less the gaps, laid out counter-clockwise from 3 o'clock. */
function sectors(slices: CategorySlice[]): Array<{ slice: CategorySlice; start: number; end: number }> {
  const shown = slices.filter((slice) => slice.amount > 0);
  const padding = shown.length > 1 ? PADDING_ANGLE : 0;
  const total = shown.reduce((sum, slice) => sum + slice.amount, 0);
  const degrees = 360 - shown.length * padding;
  let angle = 0;
  return shown.map((slice) => {
    const start = angle;
    const end = start + (slice.amount / total) * degrees;
    angle = end + padding;
    return { slice, start, end };
  });
}

/** Where a slice's tooltip sits: at the ring's outer edge in the middle of the slice, growing away from the centre. */
function tooltipPlace(start: number, end: number): CSSProperties {
  const radians = (((start + end) / 2) * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  return {
    left: CENTRE + (OUTER_RADIUS + 4) * cos,
    top: CENTRE - (OUTER_RADIUS + 4) * sin,
    transform: `translate(${cos < -0.3 ? '-100%' : cos > 0.3 ? '0' : '-50%'}, ${sin > 0 ? '-100%' : '0'})`,
  };
}

/**
 * The 'Spending by Category' donut (SPEC §2, §9): one ring sector per category in its colour,
 * the category and its monthly amount in a tooltip on hover, placed outside the ring so it never
 * covers the total in the centre. Decorative for assistive technology, which reads the legend and
 * the summary next to it instead (see SpendingCard).
 */
export function SpendingPie({ slices, currency, rates }: { slices: CategorySlice[]; currency: CurrencyCode; rates: RateTable }) {
  const [hovered, setHovered] = useState<{ slice: CategorySlice; start: number; end: number } | null>(null);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the hover tooltip repeats the legend, which keyboard and screen-reader users read instead.
    <div style={{ position: 'relative', width: SIZE, height: SIZE }} onMouseLeave={() => setHovered(null)}>
      <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} role="presentation">
        {sectors(slices).map(({ slice, start, end }) => (
          // biome-ignore lint/a11y/noStaticElementInteractions: as above, a pointer-only repeat of the legend.
          <path
            key={slice.category}
            d={sectorPath(start, end)}
            style={{ fill: slice.color }}
            stroke="var(--color-surface)"
            strokeWidth={2}
            onMouseEnter={() => setHovered({ slice, start, end })}
          />
        ))}
      </svg>
      {hovered && (
        <div
          style={{
            position: 'absolute',
            ...tooltipPlace(hovered.start, hovered.end),
            pointerEvents: 'none',
            whiteSpace: 'nowrap',
            zIndex: 1,
            padding: '6px 10px',
            background: 'var(--color-surface)',
            border: '1px solid var(--color-border-strong)',
            borderRadius: 10,
            boxShadow: 'var(--shadow-md)',
            color: 'var(--color-text)',
            fontSize: 13,
          }}
        >
          {hovered.slice.label}: {formatMoney(hovered.slice.amount, currency, rates)}/month
        </div>
      )}
    </div>
  );
}
