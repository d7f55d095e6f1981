import { type MonthSpend, monthLabel } from '@shared/domain/insights';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card } from '../../components/ui/Card';
import { ChartFigure } from './ChartFigure';
import { axisAmount, chartColors, money, tooltipStyle } from './chartFormat';
import styles from './InsightsPage.module.css';

export interface MonthlySpendCardProps {
  months: MonthSpend[];
  currency: string;
}

const WHEN_LABEL: Record<MonthSpend['when'], string> = { past: 'Billed', current: 'This month', future: 'Projected' };
/** Billed months solid, this month in the accent, projected months outlined and light: told apart without colour too. */
const WHEN_STYLE: Record<MonthSpend['when'], { fill: string; fillOpacity: number; stroke: string }> = {
  past: { fill: chartColors.billed, fillOpacity: 1, stroke: chartColors.billed },
  current: { fill: chartColors.current, fillOpacity: 1, stroke: chartColors.current },
  future: { fill: chartColors.billed, fillOpacity: 0.3, stroke: chartColors.billed },
};

/** Spend per month: the last 12 months and the next 12 (issue 24 §5), with price history, trials and end dates applied. */
export function MonthlySpendCard({ months, currency }: MonthlySpendCardProps) {
  const format = money(currency);
  const past = months.filter((m) => m.when !== 'future');
  const future = months.filter((m) => m.when === 'future');
  const sum = (list: MonthSpend[]) => list.reduce((total, m) => total + m.total, 0);
  const peak = months.reduce<MonthSpend | undefined>((top, m) => (!top || m.total > top.total ? m : top), undefined);
  const summary =
    `${format(sum(past))} over the last 12 months (this month included) and ${format(sum(future))} projected for the next 12` +
    (peak && peak.total > 0 ? `; the most expensive month is ${monthLabel(peak.month, 'long')} at ${format(peak.total)}.` : '.');
  const data = months.map((m) => ({ ...m, label: monthLabel(m.month) }));

  return (
    <Card title="Spend per month" description={`The last 12 months and the next 12, in ${currency}.`} className={styles.wide}>
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
              <Tooltip {...tooltipStyle} formatter={(value) => [format(Number(value)), 'Spend']} />
              <Bar dataKey="total" radius={[4, 4, 0, 0]} isAnimationActive={false}>
                {data.map((m) => (
                  <Cell key={m.month} {...WHEN_STYLE[m.when]} strokeWidth={1.5} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        }
        legend={
          <ul className={styles.legend} aria-hidden="true">
            {(Object.keys(WHEN_LABEL) as MonthSpend['when'][]).map((when) => (
              <li key={when}>
                <span
                  className={styles.swatch}
                  style={{
                    background: `color-mix(in srgb, ${WHEN_STYLE[when].fill} ${WHEN_STYLE[when].fillOpacity * 100}%, transparent)`,
                    borderColor: WHEN_STYLE[when].stroke,
                  }}
                />
                {WHEN_LABEL[when]}
              </li>
            ))}
          </ul>
        }
        table={
          <table className={styles.table}>
            <caption className="visually-hidden">Spend per month, in {currency}</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Spend</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{monthLabel(m.month, 'long')}</th>
                  <td>{format(m.total)}</td>
                  <td>{WHEN_LABEL[m.when]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </Card>
  );
}
