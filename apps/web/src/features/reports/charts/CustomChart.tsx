import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';

/** A name as an axis shows it: on one line, cut short with an ellipsis (the tooltip and the table say it whole). */
const shortName = (name: string) => (name.length > 18 ? `${name.slice(0, 17).trimEnd()}…` : name);

/** One line or bar series, or one band of a stack: its key in the rows, its name, its colour. */
export type CustomSeries = { key: string; label: string; color: string };

/**
 * A custom report's chart: bars, stacked bars or a line, one point per group. Groups that are names
 * (categories, merchants, accounts) lie as horizontal bars so long names stay readable. A click on a bar,
 * band or point opens that group's transactions (a band: of its category or month too). Its own chunk,
 * fetched when the chart is shown.
 */
export function CustomChart({
  kind,
  rows,
  series,
  horizontal,
  height,
  format,
  compact,
  onOpen,
}: {
  kind: 'bars' | 'lines' | 'stacked';
  rows: Array<Record<string, number | string>>;
  series: CustomSeries[];
  horizontal: boolean;
  height: number;
  /** A value as the tooltip says it; `compact` as an axis tick does. */
  format: (value: number) => string;
  compact: (value: number) => string;
  onOpen: (index: number, seriesKey: string) => void;
}) {
  const named = series.map((s) => ({ name: s.key, label: s.label, color: s.color }));
  if (kind === 'lines')
    return (
      <LineChart
        h={height}
        data={rows}
        dataKey="label"
        series={named}
        curveType="linear"
        tickLine="none"
        gridAxis="y"
        valueFormatter={format}
        yAxisProps={{ tickFormatter: compact, width: 64 }}
        xAxisProps={{ minTickGap: 16 }}
        tooltipAnimationDuration={0}
        lineProps={{ isAnimationActive: false }}
        lineChartProps={{
          style: { cursor: 'pointer' },
          onClick: (state) => {
            const index = Number(state?.activeTooltipIndex ?? Number.NaN);
            if (Number.isInteger(index) && index >= 0) onOpen(index, series[0]?.key ?? '');
          },
        }}
        accessibilityLayer={false}
      />
    );
  return (
    <BarChart
      h={height}
      data={rows}
      dataKey="label"
      type={kind === 'stacked' ? 'stacked' : 'default'}
      orientation={horizontal ? 'vertical' : 'horizontal'}
      series={named}
      valueFormatter={format}
      withLegend={kind === 'stacked'}
      legendProps={{ verticalAlign: 'bottom' }}
      tickLine="none"
      gridAxis={horizontal ? 'x' : 'y'}
      maxBarWidth={horizontal ? 22 : 36}
      yAxisProps={
        horizontal ? { width: 120, tickFormatter: shortName } : { tickFormatter: compact, width: 64 }
      }
      xAxisProps={horizontal ? { tickFormatter: compact } : { minTickGap: 8 }}
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
