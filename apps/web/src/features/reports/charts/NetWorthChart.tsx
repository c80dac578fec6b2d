import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { formatMoney } from '@tally/shared';
import { formatCompactMoney, formatDay } from '../../../lib/format';

export type NetWorthPoint = {
  endDate: string;
  netWorth: number;
  assets: number;
  liabilities: number;
  transactionCount: number;
};

export const NET_WORTH_COLOR = 'blue.6';
const swatch = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;
const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const shortMonth = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

function PointTooltip({ point }: { point: NetWorthPoint | undefined }) {
  if (!point) return null;
  const rows: Array<[string, string, string | null]> = [
    ['Net worth', formatMoney(point.netWorth), NET_WORTH_COLOR],
    ['Assets', formatMoney(point.assets), null],
    ['Liabilities', formatMoney(point.liabilities), null],
  ];
  return (
    <Paper withBorder shadow="md" radius="md" p="sm">
      <Text fw={600} fz="sm" mb={6}>
        {formatDay(point.endDate)}
      </Text>
      <Stack gap={4}>
        {rows.map(([name, value, color]) => (
          <Group key={name} justify="space-between" gap="lg" wrap="nowrap">
            <Group gap={6} wrap="nowrap">
              {color && (
                <span style={{ width: 10, height: 10, borderRadius: 2, background: swatch(color) }} />
              )}
              <Text fz="sm" c={color ? undefined : 'dimmed'}>
                {name}
              </Text>
            </Group>
            <Text fz="sm" fw={600} style={tabular}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
      <Text fz="xs" c="dimmed" mt={6}>
        {point.transactionCount === 0
          ? 'No transactions'
          : `Click to see its ${point.transactionCount.toLocaleString('en-US')} transaction${point.transactionCount === 1 ? '' : 's'}`}
      </Text>
    </Paper>
  );
}

/**
 * Net worth at the end of each day (or month), as an area; a click on a point opens the transactions that
 * moved it. Its own chunk, fetched when the chart is shown.
 */
export function NetWorthChart({
  points,
  step,
  height,
  onOpen,
}: {
  points: NetWorthPoint[];
  step: 'day' | 'month';
  height: number;
  onOpen: (index: number) => void;
}) {
  const tick = (day: string) => (step === 'day' ? shortDay : shortMonth).format(new Date(`${day}T00:00:00Z`));
  return (
    <AreaChart
      h={height}
      data={points}
      dataKey="endDate"
      series={[{ name: 'netWorth', label: 'Net worth', color: NET_WORTH_COLOR }]}
      curveType="linear"
      withDots={false}
      withGradient
      tickLine="none"
      yAxisProps={{ tickFormatter: formatCompactMoney, width: 64, domain: ['auto', 'auto'] }}
      xAxisProps={{ minTickGap: 28, tickFormatter: tick }}
      tooltipAnimationDuration={0}
      tooltipProps={{
        content: ({ label }) => <PointTooltip point={points.find((p) => p.endDate === label)} />,
      }}
      areaProps={{ isAnimationActive: false }}
      areaChartProps={{
        style: { cursor: 'pointer' },
        onClick: (state) => {
          const index = Number(state?.activeTooltipIndex ?? Number.NaN);
          if (Number.isInteger(index) && index >= 0) onOpen(index);
        },
      }}
      accessibilityLayer={false}
    />
  );
}
