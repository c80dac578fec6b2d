import { Text } from '@mantine/core';
import { formatMoney, type SavingsGoal } from '@tally/shared';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { log } from '../../../lib/log';
import { useDeleteGoal } from '../api/delete-goal';

export function DeleteGoalDialog({
  goal,
  opened,
  onClose,
  onDeleted,
}: {
  goal: SavingsGoal | null;
  opened: boolean;
  onClose: () => void;
  /** After the goal is gone (the goal's own page leaves for the list). */
  onDeleted?: () => void;
}) {
  const remove = useDeleteGoal();
  if (!goal) return null;
  const confirm = () =>
    remove.mutate(goal.id, {
      onSuccess: () => {
        toast.success('Goal Deleted', `“${goal.name}” is no longer among your goals.`);
        onClose();
        onDeleted?.();
      },
      onError: (error) => {
        if (!(error instanceof ApiError && error.status < 500)) log.warn('Deleting the goal failed', error);
        toast.error('Error', 'Failed to delete the goal. Please try again.');
      },
    });
  return (
    <DeleteDialog
      opened={opened}
      onClose={onClose}
      title="Delete this goal?"
      confirmLabel="Delete Goal"
      pending={remove.isPending}
      onConfirm={confirm}
    >
      <Text fz="sm">
        “{goal.name}” and its record of {formatMoney(goal.currentAmount)} saved will be removed, and it takes
        no more of your leftover. The money itself stays in your accounts.
      </Text>
    </DeleteDialog>
  );
}
