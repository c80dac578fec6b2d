import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatMoney } from '@tally/shared';
import { formatCompactMoney } from '../../../lib/format';

/** One stacked series: a category (its code as the key) or the rest together ('other'). */
export type SpendingSeries = { key: string; label: string; color: string };

/**
 * Spending per month or week, stacked by category (the largest by name, the rest as Other). A click on a
 * band opens that category's transactions of that month. Its own chunk, fetched when the chart is shown.
 */
export function SpendingChart({
  rows,
  series,
  height,
  onOpen,
}: {
  rows: Array<Record<string, number | string>>;
  series: SpendingSeries[];
  height: number;
  onOpen: (index: number, key: string) => void;
}) {
  return (
    <BarChart
      h={height}
      data={rows}
      dataKey="label"
      type="stacked"
      series={series.map((s) => ({ name: s.key, label: s.label, color: s.color }))}
      valueFormatter={formatMoney}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      tickLine="none"
      gridAxis="y"
      maxBarWidth={36}
      yAxisProps={{ tickFormatter: formatCompactMoney, width: 56 }}
      tooltipAnimationDuration={0}
      barProps={(s) => ({
        isAnimationActive: false,
        cursor: 'pointer',
        onClick: (_bar: unknown, index: number) => onOpen(index, s.name),
      })}
      accessibilityLayer={false}
    />
  );
}
