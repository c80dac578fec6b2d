import { Button, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { Subscription } from '@tally/shared';
import { Dialog } from '../../../components/Dialog';
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
    <Dialog
      opened={opened}
      onClose={remove.isPending ? () => {} : onClose}
      title="Delete this subscription?"
      centered
    >
      <Stack gap="md">
        <Text fz="sm">
          “{subscription.name}” will be removed from your subscriptions, totals and calendar. Your
          transactions are not affected.
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
            Delete Subscription
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
