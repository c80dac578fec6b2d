import '@mantine/charts/styles.css';
import { DonutChart } from '@mantine/charts';
import { formatMoney } from '@tally/shared';
import type { Slice } from '../chart-data';

/**
 * The period's spending as a donut, the total in its middle. Its own chunk (charts are heavy); the panel
 * around it names it, lists the slices as its legend and says the same in words.
 */
export function SpendingDonut({ slices, total }: { slices: Slice[]; total: string }) {
  return (
    <DonutChart
      data={slices.map((s) => ({ name: s.name, value: s.cents, color: s.color }))}
      size={176}
      thickness={26}
      paddingAngle={1}
      chartLabel={total}
      valueFormatter={formatMoney}
      tooltipDataSource="segment"
      tooltipAnimationDuration={0}
      // The slices take no keyboard focus either: the picture is hidden from assistive technology.
      pieProps={{ isAnimationActive: false, rootTabIndex: -1 }}
      // The chart is a picture here (the legend and caption say it in words), so it takes no keyboard focus.
      accessibilityLayer={false}
    />
  );
}
