import { Alert, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { type Budget, type BudgetProposal, categoryName, formatMoney } from '@tally/shared';
import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { DialogFooter } from '../../../components/DialogFooter';
import { FormActions } from '../../../components/FormActions';
import { MoneyInput } from '../../../components/MoneyInput';
import { toast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api';
import { log } from '../../../lib/log';
import { DEBT_MONEY } from '../../../lib/money-colors';
import { useCreateBudget } from '../api/create-budget';
import { useUpdateBudget } from '../api/update-budget';
import {
  type AmountValue,
  allocationTotals,
  type BudgetFormValues,
  budgetForm,
  emptyBudgetForm,
  firstPeriod,
  proposedBudgetForm,
  setAllocation,
  toBudgetBody,
  validateBudgetForm,
} from '../budget-form';
import { formatDateRange, formatShortDay, periodLabel, periodWord } from '../budget-summary';
import classes from '../budgets.module.css';
import { CategoryAvatar } from './CategoryAvatar';

const PERIOD_OPTIONS = ([0, 1, 2, 3, 4] as const).map((p) => ({ value: String(p), label: periodLabel(p) }));

/** The calendar start each period offers: 'Start of this month'. */
const startLabel = (period: number) =>
  ['Start of this week', 'Today', 'Start of this month', 'Start of this quarter', 'Start of this year'][
    period
  ] ?? 'Start of this period';

const CREATE_FAILED = 'Failed to create budget. Please try again.';

export type BudgetDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Edit this budget; without it, a new one is created. */
  budget?: Budget | null;
  /** Creating a new budget archives this one: its name, to say so. */
  replaces?: string | null;
  /** The person's today, for where a new budget's first period falls. */
  today: string;
  /** Starter: count-up is Pro, so its switches show so and stay off. */
  countUpLocked?: boolean;
  /** A budget was created: it is the active one now. */
  onCreated?: (created: Budget) => void;
  /** A new budget starts from this proposal (the first-run guide's) rather than empty. */
  proposal?: BudgetProposal | null;
};

/** Create New Budget, and the same form for an existing budget with its period locked (SPEC §2, §5). */
export function BudgetDialog({
  opened,
  onClose,
  budget,
  replaces,
  today,
  onCreated,
  countUpLocked = false,
  proposal = null,
}: BudgetDialogProps) {
  const editing = !!budget;
  const phone = useMediaQuery('(max-width: 36em)');
  const create = useCreateBudget();
  const update = useUpdateBudget();
  const pending = create.isPending || update.isPending;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<BudgetFormValues>({
    initialValues: budget ? budgetForm(budget) : proposal ? proposedBudgetForm(proposal) : emptyBudgetForm(),
    validate: validateBudgetForm,
  });
  const totals = allocationTotals(form.values);

  const submit = form.onSubmit((values) => {
    setFailure(null);
    const built = toBudgetBody(values, editing ? undefined : today);
    // Starter budgets traditionally: count-up is Pro, and the server refuses it.
    const body = countUpLocked
      ? { ...built, categories: built.categories.map((c) => ({ ...c, countUp: false })) }
      : built;
    if (budget) {
      update.mutate(
        { id: budget.id, body },
        {
          onSuccess: (updated) => {
            toast.success('Budget updated', `Your changes to "${updated.name}" are saved.`);
            onClose();
          },
          onError: (error) => {
            log.warn('Updating the budget failed', error);
            setFailure(errorMessage(error, 'Failed to update budget. Please try again.'));
            toast.error('Error updating budget', 'Please check your information and try again.');
          },
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: (created) => {
        toast.success(
          'Budget created successfully!',
          `Your ${periodWord(created.period)} budget "${created.name}" is now active.`,
        );
        onCreated?.(created);
        onClose();
      },
      onError: (error) => {
        log.warn('Creating the budget failed', error);
        setFailure(CREATE_FAILED);
        toast.error('Error creating budget', 'Please check your information and try again.');
      },
    });
  });

  const setRowAmount = (index: number, value: AmountValue) => {
    const row = form.values.categories[index];
    if (!row) return;
    form.setFieldValue(`categories.${index}`, setAllocation(row, value));
    form.clearFieldError('categories');
  };

  const categoriesError = form.errors.categories;
  const first = firstPeriod(form.values, today);
  const calendarStart = firstPeriod({ ...form.values, start: 'period' }, today).startDate;
  const startOptions = [
    {
      value: 'period',
      label: `${startLabel(Number(form.values.period))} (${formatShortDay(calendarStart)})`,
    },
    { value: 'today', label: `Today (${formatShortDay(today)})` },
  ];
  const over = totals.remaining < 0;

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      pending={pending}
      title={editing ? 'Edit Budget' : 'Create New Budget'}
      size="lg"
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          {!editing && replaces && (
            <Group gap={8} wrap="nowrap" align="flex-start">
              <IconInfoCircle size={16} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
              <Text fz="sm" c="dimmed">
                The new budget becomes your active one; “{replaces}” is archived.
              </Text>
            </Group>
          )}
          <TextInput
            label="Budget name"
            placeholder="e.g. Household budget"
            required
            maxLength={100}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select
              label="Period"
              data={PERIOD_OPTIONS}
              allowDeselect={false}
              disabled={editing}
              description={
                editing
                  ? 'A budget keeps its period'
                  : `First period: ${formatDateRange(first.startDate, first.endDate)}`
              }
              {...form.getInputProps('period')}
            />
            <MoneyInput
              label="Total income"
              required
              placeholder="$0.00"
              {...form.getInputProps('totalIncome')}
              onChange={(value) => {
                form.setFieldValue('totalIncome', value);
                form.clearFieldError('totalIncome');
                form.clearFieldError('categories');
              }}
            />
          </SimpleGrid>

          {!editing && calendarStart !== today && (
            <Select
              label="Starts"
              data={startOptions}
              allowDeselect={false}
              {...form.getInputProps('start')}
            />
          )}

          <div>
            <Title order={3} fz="md">
              Category allocations
            </Title>
            <Text fz="sm" c="dimmed">
              Give an amount to each category you want to track. Rollover carries what is left into the next
              period; Count-Up lets the amount build day by day.
            </Text>
          </div>

          <ul className={classes.list} aria-label="Category allocations">
            {form.values.categories.map((row, index) => {
              const name = categoryName(row.category);
              const inputId = `allocation-${row.category}`;
              const allocated = row.allocatedAmount !== '' && row.allocatedAmount > 0;
              return (
                <li key={row.category} className={classes.row}>
                  <fieldset className={classes.fieldset} aria-labelledby={`${inputId}-label`}>
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      <Group gap="sm" wrap="nowrap" miw={0}>
                        <CategoryAvatar code={row.category} size={32} />
                        <Text component="label" htmlFor={inputId} id={`${inputId}-label`} fz="sm" fw={500}>
                          {name}
                        </Text>
                      </Group>
                      <MoneyInput
                        id={inputId}
                        className={classes.amount}
                        placeholder="$0.00"
                        value={row.allocatedAmount}
                        onChange={(value) => setRowAmount(index, value)}
                      />
                    </Group>
                    {allocated && (
                      <Group gap="lg" mt={8} className={classes.flags}>
                        <Switch
                          size="sm"
                          label="Rollover"
                          {...form.getInputProps(`categories.${index}.allowRollover`, { type: 'checkbox' })}
                        />
                        {countUpLocked ? (
                          <Switch
                            size="sm"
                            label="Count-Up"
                            description="Included in Pro"
                            checked={false}
                            disabled
                            onChange={() => undefined}
                          />
                        ) : (
                          <Switch
                            size="sm"
                            label="Count-Up"
                            {...form.getInputProps(`categories.${index}.countUp`, { type: 'checkbox' })}
                          />
                        )}
                      </Group>
                    )}
                  </fieldset>
                </li>
              );
            })}
          </ul>

          <DialogFooter>
            {categoriesError && (
              <Alert color="red" role="alert" mb="sm" py={8}>
                {categoriesError}
              </Alert>
            )}
            <Group justify="space-between" gap="sm" wrap="wrap">
              <div aria-live="polite">
                <Text fz="xs" c="dimmed">
                  {over ? 'Over-allocated by' : 'Remaining to allocate'}
                </Text>
                <Text
                  fw={700}
                  c={over ? DEBT_MONEY : undefined}
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {formatMoney(Math.abs(totals.remaining))}
                  <Text span fz="xs" c="dimmed" fw={400}>
                    {' '}
                    of {formatMoney(totals.income)}
                  </Text>
                </Text>
              </div>
              <FormActions
                submitLabel={editing ? 'Save Changes' : 'Create Budget'}
                onCancel={onClose}
                pending={pending}
                ml="auto"
              />
            </Group>
          </DialogFooter>
        </Stack>
      </form>
    </Dialog>
  );
}
