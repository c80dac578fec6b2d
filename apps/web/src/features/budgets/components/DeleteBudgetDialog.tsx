import { Text } from '@mantine/core';
import type { Budget } from '@tally/shared';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { toast } from '../../../components/toast';
import { log } from '../../../lib/log';
import { useDeleteBudget } from '../api/delete-budget';

export function DeleteBudgetDialog({
  budget,
  opened,
  onClose,
}: {
  budget: Budget | null;
  opened: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteBudget();
  if (!budget) return null;
  const confirm = () =>
    remove.mutate(budget.id, {
      onSuccess: () => {
        toast.success('Budget deleted', `"${budget.name}" has been deleted.`);
        onClose();
      },
      onError: (error) => {
        log.warn('Deleting the budget failed', error);
        toast.error('Error deleting budget', 'Failed to delete the budget. Please try again.');
      },
    });
  return (
    <DeleteDialog
      opened={opened}
      onClose={onClose}
      title="Delete this budget?"
      confirmLabel="Delete Budget"
      pending={remove.isPending}
      onConfirm={confirm}
    >
      <Text fz="sm">
        “{budget.name}” and its category allocations, rollover and count-up settings will be deleted. Your
        transactions are not affected.
      </Text>
      <Text fz="sm" fw={600}>
        This cannot be undone.
      </Text>
    </DeleteDialog>
  );
}
