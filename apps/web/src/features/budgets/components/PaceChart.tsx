import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { formatMoney } from '@tally/shared';
import { formatCompactMoney } from '../../../lib/format';
import type { PacePoint } from '../budget-summary';

/**
 * Spent so far against what the count-up has earned, day by day. Its own chunk (charts are heavy); the
 * card around it gives it a name and says the same in words.
 */
export function PaceChart({ data }: { data: PacePoint[] }) {
  return (
    <AreaChart
      h={150}
      data={data}
      dataKey="label"
      series={[
        { name: 'earned', label: 'Earned', color: 'brand.6' },
        { name: 'spent', label: 'Spent', color: 'orange.6' },
      ]}
      curveType="linear"
      withDots={false}
      strokeWidth={2}
      fillOpacity={0.15}
      tickLine="none"
      withLegend
      legendProps={{ verticalAlign: 'top', height: 28 }}
      valueFormatter={formatMoney}
      yAxisProps={{ tickFormatter: formatCompactMoney, width: 48 }}
      xAxisProps={{ minTickGap: 24 }}
      tooltipAnimationDuration={0}
      // The chart is a picture here (the caption says it in words), so it takes no keyboard focus.
      accessibilityLayer={false}
    />
  );
}
