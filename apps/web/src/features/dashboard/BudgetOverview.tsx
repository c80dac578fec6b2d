import { Button, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { IconChartPie } from '@tabler/icons-react';
import { dollarsToCents, formatMoney } from '@tally/shared';
import { EmptyState } from '../../components/EmptyState';
import { useActiveBudget } from '../budgets/api/get-active-budget';
import { useBudgets } from '../budgets/api/get-budgets';
import { OVERVIEW_CATEGORIES, overviewBarColor, topCategories } from './budget-overview';

const SKELETON_ROWS = Array.from({ length: OVERVIEW_CATEGORIES }, (_, i) => `row-${i}`);
const money = (dollars: number) => formatMoney(dollarsToCents(dollars));

/** The active budget's top categories by spending, spent against allocated (SPEC §2 Dashboard). */
export function BudgetOverview() {
  const list = useBudgets();
  const hasBudgets = (list.data?.length ?? 0) > 0;
  const active = useActiveBudget({ enabled: hasBudgets });

  if (list.isPending || (hasBudgets && active.isPending)) {
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
  if ((!list.data && list.isError) || (hasBudgets && active.data === undefined && active.isError)) {
    return (
      <Stack align="center" py="lg" gap="xs">
        <Text c="dimmed">Could not load your budget.</Text>
        <Button
          variant="default"
          size="xs"
          onClick={() => {
            void list.refetch();
            if (hasBudgets) void active.refetch();
          }}
        >
          Retry
        </Button>
      </Stack>
    );
  }
  const categories = hasBudgets && active.data ? topCategories(active.data.categories) : [];
  if (categories.length === 0) {
    return (
      <EmptyState
        icon={IconChartPie}
        title="No spending categories yet"
        description="Create a budget and your top categories, spent against allocated, appear here."
      />
    );
  }
  return (
    <Stack gap="md">
      {categories.map((c) => {
        const percent = c.percentageUsed;
        return (
          <div key={c.id}>
            <Group justify="space-between" gap="xs" wrap="nowrap" mb={6}>
              <Text fw={500} fz="sm" truncate>
                {c.categoryName}
              </Text>
              <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                <Text span fw={600} c="var(--mantine-color-text)">
                  {money(c.spentAmount)}
                </Text>{' '}
                of {money(c.allocatedAmount)}
              </Text>
            </Group>
            <Progress
              value={Math.min(100, percent)}
              color={overviewBarColor(percent)}
              size="sm"
              radius="xl"
              aria-label={`${c.categoryName}: ${Math.round(percent)}% of budget used`}
            />
          </div>
        );
      })}
    </Stack>
  );
}
