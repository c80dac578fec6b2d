import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatMoney } from '@tally/shared';
import type { CashFlowBar } from '../chart-data';

const compact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const dollars = (value: number) => formatMoney(Math.round(value * 100));

export const INCOME_COLOR = 'teal.7';
export const EXPENSES_COLOR = 'red.6';

/** Income against expenses, month by month, side by side. Its own chunk, like the donut. */
export function CashFlowChart({ bars }: { bars: CashFlowBar[] }) {
  return (
    <BarChart
      h={240}
      data={bars}
      dataKey="label"
      series={[
        { name: 'income', label: 'Income', color: INCOME_COLOR },
        { name: 'expenses', label: 'Expenses', color: EXPENSES_COLOR },
      ]}
      valueFormatter={dollars}
      tickLine="none"
      gridAxis="y"
      maxBarWidth={28}
      yAxisProps={{ tickFormatter: (v: number) => compact.format(v), width: 56 }}
      tooltipAnimationDuration={0}
      barProps={{ isAnimationActive: false, radius: [4, 4, 0, 0] }}
      accessibilityLayer={false}
    />
  );
}
