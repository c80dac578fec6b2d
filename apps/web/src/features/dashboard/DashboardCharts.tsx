import { ColorSwatch, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconChartBar, IconChartDonut } from '@tabler/icons-react';
import { formatMoney, type PeriodRange } from '@tally/shared';
import { lazy } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { LazyChart } from '../../components/LazyChart';
import { useMonthlyCashFlow } from './api/get-monthly-cash-flow';
import { useSpendingByCategory } from './api/get-spending-by-category';
import { cashFlowBars, cashFlowSummary, hasCashFlow, spendingSlices, spendingSummary } from './chart-data';
import { PanelError } from './PanelStates';

const SpendingDonut = lazy(async () => ({ default: (await import('./charts/SpendingDonut')).SpendingDonut }));
const CashFlowChart = lazy(async () => ({ default: (await import('./charts/CashFlowChart')).CashFlowChart }));

const DONUT_HEIGHT = 176;
const BARS_HEIGHT = 240;
// The chart chunk's colours, repeated here so the legend does not have to load the chart to show them.
const INCOME = 'var(--mantine-color-teal-7)';
const EXPENSES = 'var(--mantine-color-red-6)';
const swatch = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;
const tabular = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Spending by category for the dashboard's 30 days: a donut with its legend (name, amount, share). */
export function SpendingByCategoryChart({ range }: { range: PeriodRange }) {
  const spending = useSpendingByCategory(range);
  if (spending.isPending) return <Skeleton h={DONUT_HEIGHT} radius="md" aria-hidden />;
  if (spending.isError) {
    return (
      <PanelError
        message="Could not load your spending by category."
        retrying={spending.isFetching}
        onRetry={() => void spending.refetch()}
      />
    );
  }
  const slices = spendingSlices(spending.data);
  if (slices.length === 0) {
    return (
      <EmptyState
        icon={IconChartDonut}
        title="No spending in the last 30 days"
        description="Once money goes out of a linked account, where it went shows here."
        py="lg"
      />
    );
  }
  const total = formatMoney(slices.reduce((n, s) => n + s.cents, 0));
  return (
    <Group gap="lg" align="center" justify="center" wrap="wrap">
      <LazyChart height={DONUT_HEIGHT} summary={spendingSummary(slices)}>
        <SpendingDonut slices={slices} total={total} />
      </LazyChart>
      <Stack
        gap={6}
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none', flex: '1 1 200px', minWidth: 0 }}
        aria-label="Spending by category"
      >
        {slices.map((s) => (
          <Group key={s.key} component="li" gap="xs" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <ColorSwatch color={swatch(s.color)} size={12} withShadow={false} aria-hidden />
              <Text fz="sm" truncate>
                {s.name}
              </Text>
            </Group>
            <Text fz="sm" style={tabular}>
              <Text span fw={600}>
                {formatMoney(s.cents)}
              </Text>{' '}
              <Text span c="dimmed" fz="xs">
                {s.share}%
              </Text>
            </Text>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}

/** Income against expenses for the last six months, the current one last. */
export function CashFlowBarChart({ today }: { today: string }) {
  const cashFlow = useMonthlyCashFlow(today);
  if (cashFlow.isPending) return <Skeleton h={BARS_HEIGHT} radius="md" aria-hidden />;
  if (cashFlow.isError) {
    return (
      <PanelError
        message="Could not load your income and expenses."
        retrying={cashFlow.isFetching}
        onRetry={() => void cashFlow.refetch()}
      />
    );
  }
  if (!hasCashFlow(cashFlow.data)) {
    return (
      <EmptyState
        icon={IconChartBar}
        title="No income or expenses yet"
        description="Link a bank on the Accounts page and six months of money in and out show here."
        py="lg"
      />
    );
  }
  return (
    <Stack gap="xs">
      <Group gap="md" justify="flex-end" aria-hidden>
        <Group gap={6}>
          <ColorSwatch color={INCOME} size={12} withShadow={false} />
          <Text fz="sm">Income</Text>
        </Group>
        <Group gap={6}>
          <ColorSwatch color={EXPENSES} size={12} withShadow={false} />
          <Text fz="sm">Expenses</Text>
        </Group>
      </Group>
      <LazyChart height={BARS_HEIGHT} summary={cashFlowSummary(cashFlow.data)}>
        <CashFlowChart bars={cashFlowBars(cashFlow.data)} />
      </LazyChart>
    </Stack>
  );
}
