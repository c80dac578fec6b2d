import { Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconRepeat, IconTrendingUp } from '@tabler/icons-react';
import { type Budget, type BudgetCategory, formatMoney } from '@tally/shared';
import { Figure } from '../../../components/Figure';
import { DEBT_MONEY, POSITIVE_MONEY } from '../../../lib/money-colors';
import { budgetTotals, categoryUsageColor, formatPercent, overallUsageColor } from '../budget-summary';
import { isEditable } from '../past-budgets';
import { BudgetActionsMenu } from './BudgetActionsMenu';
import { BudgetHeading } from './BudgetHeading';
import { CategoryAvatar } from './CategoryAvatar';

function SummaryCard({
  budget,
  onEdit,
  onDelete,
}: {
  budget: Budget;
  onEdit?: () => void;
  onDelete: () => void;
}) {
  const totals = budgetTotals(budget);
  const percent = totals.percentUsed;
  const overall = formatPercent(percent);
  return (
    <Card component="section" aria-labelledby="budget-summary-heading">
      <BudgetHeading
        budget={budget}
        headingId="budget-summary-heading"
        actions={<BudgetActionsMenu onEdit={onEdit} onDelete={onDelete} />}
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={{ base: 'md', sm: 'lg' }} mt="lg">
        <Figure label="Income" value={formatMoney(totals.income)} size="lg" />
        <Figure
          label="Budgeted"
          value={formatMoney(totals.allocated)}
          size="lg"
          hint={
            totals.unallocated > 0
              ? `${formatMoney(totals.unallocated)} unallocated`
              : totals.unallocated === 0
                ? 'All income allocated'
                : undefined
          }
        />
        <Figure label="Spent" value={formatMoney(totals.spent)} size="lg" />
        <Figure
          label="Remaining"
          value={formatMoney(totals.remaining)}
          size="lg"
          color={totals.remaining < 0 ? DEBT_MONEY : POSITIVE_MONEY}
        />
      </SimpleGrid>
      <Stack gap={6} mt="lg">
        <Group justify="space-between" gap="xs">
          <Text fz="sm" fw={600}>
            Overall Progress
          </Text>
          <Text fz="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {overall}
          </Text>
        </Group>
        <Progress
          value={Math.min(100, percent)}
          color={overallUsageColor(percent)}
          size="lg"
          radius="xl"
          aria-label={`Overall progress: ${overall} of the budget spent`}
        />
        <Text fz="xs" c="dimmed">
          {formatMoney(totals.spent)} of {formatMoney(totals.allocated)} spent across{' '}
          {budget.categories.length} {budget.categories.length === 1 ? 'category' : 'categories'}
        </Text>
      </Stack>
    </Card>
  );
}

/** Without `onEdit` (a past budget) the card is read only. */
function CategoryCard({ category, onEdit }: { category: BudgetCategory; onEdit?: () => void }) {
  const headingId = `budget-category-${category.id}`;
  const percent = category.percentageUsed;
  const color = categoryUsageColor(percent);
  const remaining = category.remainingAmount;
  return (
    <Card component="section" aria-labelledby={headingId} padding="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <CategoryAvatar code={category.category} />
          <div style={{ minWidth: 0 }}>
            <Title order={3} fz="md" id={headingId} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
              {category.categoryName}
            </Title>
            <Text fz="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(category.spentAmount)} of {formatMoney(category.allocatedAmount)}
            </Text>
          </div>
        </Group>
        <Badge color={color} variant="light" radius="sm" fw={700} style={{ flexShrink: 0 }}>
          {formatPercent(percent)}
        </Badge>
      </Group>
      <Progress
        mt="md"
        value={Math.min(100, percent)}
        color={color}
        size="md"
        radius="xl"
        aria-label={`${category.categoryName}: ${formatPercent(percent)} of budget used`}
      />
      <SimpleGrid cols={2} mt="md" spacing="sm">
        <Figure label="Spent" value={formatMoney(category.spentAmount)} size="sm" />
        {remaining < 0 ? (
          <Figure label="Over by" value={formatMoney(-remaining)} size="sm" color={DEBT_MONEY} />
        ) : (
          <Figure label="Left" value={formatMoney(remaining)} size="sm" color={POSITIVE_MONEY} />
        )}
      </SimpleGrid>
      {(onEdit || category.allowRollover || category.countUpEnabled) && (
        <Group justify="space-between" mt="md" gap="xs" wrap="nowrap">
          <Group gap={6} wrap="wrap">
            {category.allowRollover && (
              <Badge
                variant="outline"
                color="gray"
                radius="sm"
                tt="none"
                leftSection={<IconRepeat size={12} />}
              >
                Rollover
              </Badge>
            )}
            {category.countUpEnabled && (
              <Badge
                variant="light"
                color="brand"
                radius="sm"
                tt="none"
                leftSection={<IconTrendingUp size={12} />}
              >
                Count-Up
              </Badge>
            )}
          </Group>
          {onEdit && (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPencil size={14} />}
              onClick={onEdit}
              aria-label={`Edit Budget for ${category.categoryName}`}
              style={{ flexShrink: 0 }}
            >
              Edit Budget
            </Button>
          )}
        </Group>
      )}
    </Card>
  );
}

export function TraditionalView({
  budget,
  onEdit,
  onDelete,
  onEditCategory,
}: {
  budget: Budget;
  onEdit: () => void;
  onDelete: () => void;
  onEditCategory: (category: BudgetCategory) => void;
}) {
  // A past budget is read only: it can be deleted, not edited.
  const editable = isEditable(budget);
  return (
    <Stack gap="lg">
      <SummaryCard budget={budget} onEdit={editable ? onEdit : undefined} onDelete={onDelete} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={{ base: 'sm', sm: 'lg' }}>
        {budget.categories.map((category) => (
          <CategoryCard
            key={category.id}
            category={category}
            onEdit={editable ? () => onEditCategory(category) : undefined}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
