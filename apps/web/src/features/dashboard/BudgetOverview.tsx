import { Badge, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { IconChartPie } from '@tabler/icons-react';
import { formatMoney, type PeriodRange } from '@tally/shared';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../components/EmptyState';
import { budgetsQuery, useActiveBudget } from '../budgets';
import { useSpendingByCategory } from './api/get-spending-by-category';
import {
  estimatedCategories,
  OVERVIEW_CATEGORIES,
  type OverviewRow,
  overviewBarColor,
  topCategories,
} from './budget-overview';
import { PanelError } from './PanelStates';

const SKELETON_ROWS = Array.from({ length: OVERVIEW_CATEGORIES }, (_, i) => `row-${i}`);

function Bars({ rows, estimated }: { rows: OverviewRow[]; estimated: boolean }) {
  return (
    <Stack gap="md">
      {estimated && (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            Estimate
          </Badge>
          <Text fz="xs" c="dimmed">
            No budget yet: your top categories of the last 30 days, against an estimated budget of spent +
            20%.
          </Text>
        </Group>
      )}
      {rows.map((c) => {
        const percent = c.percentageUsed;
        return (
          <div key={c.id}>
            <Group justify="space-between" gap="xs" wrap="nowrap" mb={6}>
              <Text fw={500} fz="sm" truncate>
                {c.categoryName}
              </Text>
              <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                <Text span fw={600} c="var(--mantine-color-text)">
                  {formatMoney(c.spentAmount)}
                </Text>{' '}
                of {estimated ? 'est. ' : ''}
                {formatMoney(c.allocatedAmount)}
              </Text>
            </Group>
            <Progress
              value={Math.min(100, percent)}
              color={overviewBarColor(percent, estimated)}
              size="sm"
              radius="xl"
              aria-label={`${c.categoryName}: ${Math.round(percent)}% of ${estimated ? 'estimated ' : ''}budget used`}
            />
          </div>
        );
      })}
    </Stack>
  );
}

/**
 * The active budget's top categories by spending, spent against allocated (SPEC §2 Dashboard). Without a
 * budget, the period's top spending categories against an estimate of spent × 1.2, labelled as one (§9).
 */
export function BudgetOverview({ range }: { range: PeriodRange }) {
  // The list first (the dashboard reads it anyway), then the active budget only when there is one: a
  // person without one never gets its 404, which the browser logs as an error on every visit.
  const list = useQuery(budgetsQuery);
  const hasActive = list.data?.some((b) => b.isActive) === true;
  const active = useActiveBudget({ enabled: hasActive });
  const noBudget = (list.isSuccess && !hasActive) || active.data === null;
  const spending = useSpendingByCategory(range);

  if (list.isPending || (hasActive && active.isPending) || (noBudget && spending.isPending)) {
    return (
      <Stack gap="md" aria-hidden>
        {SKELETON_ROWS.map((row) => (
          <div key={row}>
            <Skeleton h={14} w="60%" />
            <Skeleton h={8} mt={8} radius="xl" />
          </div>
        ))}
      </Stack>
    );
  }
  if (list.isError || active.isError || (noBudget && spending.isError)) {
    return (
      <PanelError
        message="Could not load your budget."
        retrying={list.isFetching || active.isFetching || spending.isFetching}
        onRetry={() => {
          if (list.isError) void list.refetch();
          if (active.isError) void active.refetch();
          if (spending.isError) void spending.refetch();
        }}
      />
    );
  }
  const rows: OverviewRow[] = noBudget
    ? estimatedCategories(spending.data ?? [])
    : topCategories(active.data?.categories ?? []);
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={IconChartPie}
        title="No spending categories yet"
        description="Create a budget and your top categories, spent against allocated, appear here."
      />
    );
  }
  return <Bars rows={rows} estimated={noBudget} />;
}
