import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { formatMoney } from '@tally/shared';
import { formatCompactMoney } from '../../../lib/format';

export type CashFlowPoint = {
  label: string;
  income: number;
  expenses: number;
  net: number;
  /** Percent, or null without income. */
  savingsRate: number | null;
};

export const INCOME_COLOR = 'teal.7';
export const SPENDING_COLOR = 'red.6';
export const RATE_COLOR = 'blue.6';

const swatch = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;
const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

function PointTooltip({ point }: { point: CashFlowPoint | undefined }) {
  if (!point) return null;
  const rows: Array<[string, string, string]> = [
    ['Income', formatMoney(point.income), INCOME_COLOR],
    ['Spending', formatMoney(point.expenses), SPENDING_COLOR],
    ['Net', formatMoney(point.net), 'gray.6'],
    ['Savings rate', point.savingsRate === null ? '—' : `${point.savingsRate}%`, RATE_COLOR],
  ];
  return (
    <Paper withBorder shadow="md" radius="md" p="sm">
      <Text fw={600} fz="sm" mb={6}>
        {point.label}
      </Text>
      <Stack gap={4}>
        {rows.map(([name, value, color]) => (
          <Group key={name} justify="space-between" gap="lg" wrap="nowrap">
            <Group gap={6} wrap="nowrap">
              <span style={{ width: 10, height: 10, borderRadius: 2, background: swatch(color) }} />
              <Text fz="sm">{name}</Text>
            </Group>
            <Text fz="sm" fw={600} style={tabular}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
      <Text fz="xs" c="dimmed" mt={6}>
        Click to see its transactions
      </Text>
    </Paper>
  );
}

/**
 * Income and spending side by side per month or week, the savings rate as a line on its own axis. A click
 * on a month's bar opens its transactions. Its own chunk, fetched when the chart is shown.
 */
export function CashFlowReportChart({
  points,
  height,
  onOpen,
}: {
  points: CashFlowPoint[];
  height: number;
  onOpen: (index: number) => void;
}) {
  return (
    <CompositeChart
      h={height}
      data={points}
      dataKey="label"
      series={[
        { name: 'income', label: 'Income', color: INCOME_COLOR, type: 'bar' },
        { name: 'expenses', label: 'Spending', color: SPENDING_COLOR, type: 'bar' },
        { name: 'savingsRate', label: 'Savings rate', color: RATE_COLOR, type: 'line', yAxisId: 'right' },
      ]}
      withRightYAxis
      yAxisProps={{ tickFormatter: formatCompactMoney, width: 56 }}
      rightYAxisProps={{ tickFormatter: (v: number) => `${v}%`, width: 44 }}
      tickLine="none"
      gridAxis="y"
      maxBarWidth={28}
      connectNulls={false}
      curveType="linear"
      tooltipAnimationDuration={0}
      tooltipProps={{
        content: ({ label }) => <PointTooltip point={points.find((p) => p.label === label)} />,
      }}
      barProps={{
        isAnimationActive: false,
        radius: [4, 4, 0, 0],
        cursor: 'pointer',
        onClick: (_bar, index) => onOpen(index),
      }}
      lineProps={{ isAnimationActive: false }}
      accessibilityLayer={false}
    />
  );
}
