import { type CurrencyCode, formatMoney } from '@shared/domain/currency';
import type { CategorySlice } from '@shared/domain/subscriptions';
import { Pie, PieChart, Tooltip } from 'recharts';

const SIZE = 220;

/**
 * The 'Spending by Category' donut (SPEC §2, §9), drawn with recharts. Loaded on its own chunk
 * (see SpendingCard) so the chart library never weighs on the first paint; decorative for
 * assistive technology, which reads the legend and the summary next to it instead.
 */
export function SpendingPie({ slices, currency }: { slices: CategorySlice[]; currency: CurrencyCode }) {
  const data = slices.map((slice) => ({ name: slice.label, value: slice.amount, fill: slice.color }));
  return (
    <PieChart width={SIZE} height={SIZE} accessibilityLayer={false}>
      <Pie
        data={data}
        dataKey="value"
        nameKey="name"
        innerRadius={62}
        outerRadius={104}
        paddingAngle={data.length > 1 ? 2 : 0}
        stroke="var(--color-surface)"
        strokeWidth={2}
        isAnimationActive={false}
      />
      <Tooltip
        formatter={(value) => [`${formatMoney(Number(value), currency)}/month`]}
        contentStyle={{
          background: 'var(--color-surface)',
          border: '1px solid var(--color-border-strong)',
          borderRadius: 10,
          boxShadow: 'var(--shadow-md)',
          color: 'var(--color-text)',
          fontSize: 13,
        }}
        itemStyle={{ color: 'var(--color-text)' }}
        labelStyle={{ color: 'var(--color-text-muted)' }}
      />
    </PieChart>
  );
}
