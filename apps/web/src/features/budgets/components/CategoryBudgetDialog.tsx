import { Alert, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Budget, type BudgetCategory, centsToDollars, dollarsToCents, formatMoney } from '@tally/shared';
import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { FormActions } from '../../../components/FormActions';
import { MoneyInput } from '../../../components/MoneyInput';
import { toast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api';
import { log } from '../../../lib/log';
import { useUpdateBudgetCategory } from '../api/update-budget-category';
import type { AmountValue } from '../budget-form';
import { budgetTotals, thisPeriod } from '../budget-summary';
import { CategoryAvatar } from './CategoryAvatar';

/** The fields as typed: the amount in dollars. */
type Values = { allocatedAmount: AmountValue; allowRollover: boolean };

/** SPEC §5's rules, for one category: an amount, and the allocations together within the income. */
export function validateCategoryBudget(budget: Budget, category: BudgetCategory, values: Values) {
  if (values.allocatedAmount === '') return { allocatedAmount: 'Enter an amount' };
  const totals = budgetTotals(budget);
  const others = totals.allocated - category.allocatedAmount;
  const next = dollarsToCents(values.allocatedAmount);
  if (next === 0 && others === 0) return { allocatedAmount: 'Please select at least one budget category' };
  if (others + next > totals.income) {
    return { allocatedAmount: 'Total allocated amount cannot exceed total income' };
  }
  return {};
}

/** Edit Budget on a category card: its allocation and rollover, through the category's own endpoint. */
export function CategoryBudgetDialog({
  budget,
  category,
  opened,
  onClose,
}: {
  budget: Budget | null;
  /** Kept after closing, so the content stays put while the dialog fades out. */
  category: BudgetCategory | null;
  opened: boolean;
  onClose: () => void;
}) {
  const update = useUpdateBudgetCategory();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      allocatedAmount: category ? centsToDollars(category.allocatedAmount) : '',
      allowRollover: category?.allowRollover ?? false,
    },
    validate: (values) => (budget && category ? validateCategoryBudget(budget, category, values) : {}),
  });

  if (!budget || !category) return null;
  const totals = budgetTotals(budget);
  const free = totals.income - totals.allocated + category.allocatedAmount;

  const submit = form.onSubmit(({ allocatedAmount, allowRollover }) => {
    setFailure(null);
    // Dollars as typed: the request body takes them so.
    const amount = allocatedAmount === '' ? 0 : allocatedAmount;
    update.mutate(
      {
        budgetId: budget.id,
        categoryId: category.id,
        body: { allocatedAmount: amount, allowRollover: amount > 0 && allowRollover },
      },
      {
        onSuccess: () => {
          toast.success(
            'Budget updated',
            `${category.categoryName} now has ${formatMoney(dollarsToCents(amount))} for ${thisPeriod(budget.period)}.`,
          );
          onClose();
        },
        onError: (error) => {
          log.warn('Updating a budget category failed', error);
          setFailure(errorMessage(error, 'Failed to update the budget. Please try again.'));
        },
      },
    );
  });

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      pending={update.isPending}
      title={`Edit ${category.categoryName} Budget`}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Paper withBorder p="sm" radius="md">
            <Group gap="sm" wrap="nowrap">
              <CategoryAvatar code={category.category} size={36} />
              <div>
                <Text fz="sm" fw={600}>
                  {formatMoney(category.spentAmount)} spent of {formatMoney(category.allocatedAmount)}
                </Text>
                <Text fz="xs" c="dimmed">
                  Up to {formatMoney(Math.max(0, free))} of your income is free for this category
                </Text>
              </div>
            </Group>
          </Paper>
          <MoneyInput
            label="Allocated amount"
            required
            data-autofocus
            {...form.getInputProps('allocatedAmount')}
            onChange={(value) => form.setFieldValue('allocatedAmount', value)}
          />
          <Switch
            label="Rollover"
            description="Carry what is left (or overspent) into the next period"
            {...form.getInputProps('allowRollover', { type: 'checkbox' })}
          />
          <FormActions submitLabel="Save Changes" onCancel={onClose} pending={update.isPending} />
        </Stack>
      </form>
    </Dialog>
  );
}
