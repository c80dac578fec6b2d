import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { type Cents, formatMoney } from '@tally/shared';
import { formatCompactMoney } from '../../../lib/format';
import type { BalancePoint } from '../goal-detail';

/**
 * A goal's balance day by day, against its target. Its own chunk (charts are heavy); the card around it
 * gives it a name and says the same in words.
 */
export function HistoryChart({
  data,
  target,
  color,
}: {
  data: BalancePoint[];
  target: Cents;
  color: string;
}) {
  const top = Math.max(target, ...data.map((p) => p.total));
  return (
    <AreaChart
      h={220}
      data={data}
      dataKey="label"
      series={[{ name: 'total', label: 'Saved', color: `${color}.6` }]}
      curveType="stepAfter"
      withDots={false}
      strokeWidth={2}
      fillOpacity={0.2}
      tickLine="none"
      // Under the line at the left, where the early (lower) balance leaves room.
      referenceLines={[
        {
          y: target,
          label: `Target ${formatMoney(target)}`,
          color: 'var(--mantine-color-dimmed)',
          labelPosition: 'insideTopLeft',
        },
      ]}
      valueFormatter={formatMoney}
      yAxisProps={{ tickFormatter: formatCompactMoney, width: 56, domain: [0, top] }}
      xAxisProps={{ minTickGap: 32 }}
      tooltipAnimationDuration={0}
      // The chart is a picture here (the caption says it in words), so it takes no keyboard focus.
      accessibilityLayer={false}
    />
  );
}
