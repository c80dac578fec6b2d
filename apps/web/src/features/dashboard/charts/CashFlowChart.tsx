import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatMoney } from '@tally/shared';
import { formatCompactMoney } from '../../../lib/format';
import type { CashFlowBar } from '../chart-data';

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
      valueFormatter={formatMoney}
      tickLine="none"
      gridAxis="y"
      maxBarWidth={28}
      yAxisProps={{ tickFormatter: formatCompactMoney, width: 56 }}
      tooltipAnimationDuration={0}
      barProps={{ isAnimationActive: false, radius: [4, 4, 0, 0] }}
      accessibilityLayer={false}
    />
  );
}
