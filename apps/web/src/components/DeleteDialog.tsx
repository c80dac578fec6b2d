import { Button, Group, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Dialog } from './Dialog';

/**
 * Asks before deleting something: what will go (children), Cancel, and a red confirm button. While the
 * delete runs the dialog cannot be closed, so its outcome is never hidden.
 */
export function DeleteDialog({
  opened,
  onClose,
  title,
  confirmLabel,
  pending,
  onConfirm,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog opened={opened} onClose={onClose} pending={pending} title={title} centered>
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button color="red" leftSection={<IconTrash size={16} />} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
