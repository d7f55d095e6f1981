import type { CategoryDisplay } from '@shared/domain/categories';
import { categoriesBySpend, type MonthSpend, monthLabel } from '@shared/domain/insights';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card } from '../../components/ui/Card';
import { ChartFigure } from './ChartFigure';
import { axisAmount, chartColors, money, tooltipStyle } from './chartFormat';
import styles from './InsightsPage.module.css';

export interface CategorySpendCardProps {
  months: MonthSpend[];
  currency: string;
  /** The categories' labels and colours, as the dashboard has them (shared/domain/categories.ts categoryDisplay). */
  display: CategoryDisplay;
}

/** Spend by category over time (issue 24 §5): one stacked bar per month, one colour per category. */
export function CategorySpendCard({ months, currency, display }: CategorySpendCardProps) {
  const format = money(currency);
  const categories = categoriesBySpend(months);
  const { labelOf, colorOf } = display;
  const totals = categories.map((key) => ({ key, total: months.reduce((sum, m) => sum + (m.byCategory[key] ?? 0), 0) }));
  const all = totals.reduce((sum, c) => sum + c.total, 0);
  const top = totals[0];
  const summary =
    top && all > 0
      ? `Over these 24 months ${labelOf(top.key)} is the largest category, ${format(top.total)} of ${format(all)} (${Math.round((top.total / all) * 100)}%), among ${categories.length} ${categories.length === 1 ? 'category' : 'categories'}.`
      : 'No spend in these 24 months.';
  const data = months.map((m) => ({ label: monthLabel(m.month), ...m.byCategory }));

  return (
    <Card title="Spend by category" description={`Each month's spend split by category, in ${currency}.`} className={styles.wide}>
      <ChartFigure
        summary={summary}
        chart={
          <ResponsiveContainer width="100%" height={280}>
            <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} stroke={chartColors.grid} />
              <XAxis
                dataKey="label"
                tick={{ fill: chartColors.axis, fontSize: 12 }}
                tickFormatter={(label: string) => label.replace(/ (\d\d)(\d\d)$/, ' ’$2')}
                minTickGap={12}
                stroke={chartColors.grid}
              />
              <YAxis tick={{ fill: chartColors.axis, fontSize: 12 }} tickFormatter={axisAmount} width={44} stroke={chartColors.grid} />
              <Tooltip {...tooltipStyle} formatter={(value, name) => [format(Number(value)), labelOf(String(name))]} />
              {categories.map((key) => (
                <Bar key={key} dataKey={key} stackId="spend" fill={colorOf(key)} isAnimationActive={false} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        }
        legend={
          <ul className={styles.legend} aria-hidden="true">
            {categories.map((key) => (
              <li key={key}>
                <span className={styles.swatch} style={{ background: colorOf(key) }} />
                {labelOf(key)}
              </li>
            ))}
          </ul>
        }
        table={
          <table className={styles.table}>
            <caption className="visually-hidden">Spend by category and month, in {currency}</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                {categories.map((key) => (
                  <th key={key} scope="col">
                    {labelOf(key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{monthLabel(m.month, 'long')}</th>
                  {categories.map((key) => (
                    <td key={key}>{format(m.byCategory[key] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </Card>
  );
}
