import { Button, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { Budget } from '@tally/shared';
import { Dialog } from '../../../components/Dialog';
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
    <Dialog
      opened={opened}
      onClose={remove.isPending ? () => {} : onClose}
      title="Delete this budget?"
      centered
    >
      <Stack gap="md">
        <Text fz="sm">
          “{budget.name}” and its category allocations, rollover and count-up settings will be deleted. Your
          transactions are not affected.
        </Text>
        <Text fz="sm" fw={600}>
          This cannot be undone.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            onClick={confirm}
          >
            Delete Budget
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
