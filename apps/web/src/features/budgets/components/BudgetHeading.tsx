import { Badge, Group, Text, Title } from '@mantine/core';
import { type Budget, daysElapsed, totalDays } from '@tally/shared';
import type { ReactNode } from 'react';
import { type BudgetStatus, budgetStatus, formatDateRange, periodLabel } from '../budget-summary';

const STATUS_COLORS: Record<BudgetStatus, string> = {
  Active: 'brand',
  Upcoming: 'blue',
  Ended: 'gray',
  Archived: 'gray',
};

function daysLeftText(budget: Budget): string | null {
  const elapsed = daysElapsed(budget, budget.today);
  const days = totalDays(budget);
  if (elapsed === 0 || elapsed >= days) return null;
  const left = days - elapsed;
  return left === 1 ? 'last day' : `${left} days left`;
}

/** The budget's name, status, period and dates, at the top of either view's summary. */
export function BudgetHeading({
  budget,
  headingId,
  actions,
}: {
  budget: Budget;
  headingId: string;
  actions: ReactNode;
}) {
  const status = budgetStatus(budget);
  const left = status === 'Active' ? daysLeftText(budget) : null;
  return (
    <div>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap={10} wrap="wrap" align="center" miw={0}>
          <Title order={2} id={headingId} fz={{ base: 'lg', sm: 'xl' }} style={{ overflowWrap: 'anywhere' }}>
            {budget.name}
          </Title>
          <Badge variant="light" color={STATUS_COLORS[status]} radius="sm" tt="none" fw={600}>
            {status}
          </Badge>
        </Group>
        {actions}
      </Group>
      <Text fz="sm" c="dimmed" mt={4}>
        {periodLabel(budget.period)} · {formatDateRange(budget.startDate, budget.endDate)}
        {left && ` · ${left}`}
      </Text>
    </div>
  );
}
