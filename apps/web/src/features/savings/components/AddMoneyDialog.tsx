import { Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { allocateBody, dollarsToCents, formatMoney, type SavingsGoal } from '@tally/shared';
import { Dialog } from '../../../components/Dialog';
import { FormActions } from '../../../components/FormActions';
import { MoneyInput } from '../../../components/MoneyInput';
import { toast } from '../../../components/toast';
import { ApiError, serverMessage } from '../../../lib/api';
import { zodErrors } from '../../../lib/form';
import { log } from '../../../lib/log';
import { useAllocateToGoal } from '../api/allocate-to-goal';
import classes from '../savings.module.css';
import { useCelebrateAchievements } from '../use-celebrate-achievements';

const ADD_FAILED = 'Failed to add money to your savings goal. Please try again.';

/** The amount in dollars, as typed (and as the request body takes it). */
type AddMoneyValues = { amount: number | ''; note: string };

/** Add money: a contribution made by hand, outside the budget periods' shares. */
export function AddMoneyDialog({
  goal,
  opened,
  onClose,
}: {
  goal: SavingsGoal | null;
  opened: boolean;
  onClose: () => void;
}) {
  const allocate = useAllocateToGoal();
  const celebrate = useCelebrateAchievements();
  const form = useForm<AddMoneyValues>({
    initialValues: { amount: '', note: '' },
    validate: (values) =>
      zodErrors(allocateBody, {
        amount: values.amount === '' ? undefined : values.amount,
        note: values.note,
      }),
  });
  if (!goal) return null;
  const submit = form.onSubmit((values) => {
    const announce = celebrate();
    allocate.mutate(
      { goalId: goal.id, body: { amount: values.amount === '' ? 0 : values.amount, note: values.note } },
      {
        onSuccess: (view) => {
          const reached = !goal.isCompleted && view.goal.isCompleted;
          if (reached)
            toast.success(
              'Goal Achieved!',
              `“${view.goal.name}” reached its ${formatMoney(view.goal.targetAmount)} target.`,
            );
          else
            toast.success(
              'Money Added',
              `${formatMoney(dollarsToCents(values.amount === '' ? 0 : values.amount))} added to “${view.goal.name}”.`,
            );
          onClose();
          void announce();
        },
        onError: (error) => {
          const rejected = error instanceof ApiError && error.status >= 400 && error.status < 500;
          if (!rejected) log.warn('Adding money to the goal failed', error);
          const message = serverMessage(error, ADD_FAILED);
          if (error instanceof ApiError && error.status === 400) form.setFieldError('amount', message);
          toast.error('Error Adding Money', message);
        },
      },
    );
  });
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      pending={allocate.isPending}
      title="Add Money"
      classNames={{ content: classes.dialog }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm">
            To <strong>{goal.name}</strong>: {formatMoney(goal.currentAmount)} of{' '}
            {formatMoney(goal.targetAmount)} saved so far.
          </Text>
          <MoneyInput
            label="Amount"
            placeholder="$0.00"
            required
            data-autofocus
            {...form.getInputProps('amount')}
          />
          <TextInput
            label="Note"
            placeholder="e.g. Birthday money"
            autoComplete="off"
            {...form.getInputProps('note')}
          />
          <FormActions submitLabel="Add Money" onCancel={onClose} pending={allocate.isPending} mt="xs" />
        </Stack>
      </form>
    </Dialog>
  );
}
