import { Text } from '@mantine/core';
import type { Subscription } from '@tally/shared';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { toast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api';
import { log } from '../../../lib/log';
import { useDeleteSubscription } from '../api/delete-subscription';

export function DeleteSubscriptionDialog({
  subscription,
  opened,
  onClose,
}: {
  subscription: Subscription | null;
  opened: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteSubscription();
  if (!subscription) return null;
  const confirm = () =>
    remove.mutate(subscription.id, {
      onSuccess: () => {
        toast.success('Subscription deleted', `"${subscription.name}" is no longer tracked.`);
        onClose();
      },
      onError: (error) => {
        log.warn('Deleting the subscription failed', error);
        toast.error(
          'Error deleting subscription',
          errorMessage(error, 'Failed to delete the subscription. Please try again.'),
        );
      },
    });
  return (
    <DeleteDialog
      opened={opened}
      onClose={onClose}
      title="Delete this subscription?"
      confirmLabel="Delete Subscription"
      pending={remove.isPending}
      onConfirm={confirm}
    >
      <Text fz="sm">
        “{subscription.name}” will be removed from your subscriptions, totals and calendar. Your transactions
        are not affected.
      </Text>
    </DeleteDialog>
  );
}
