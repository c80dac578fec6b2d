import { Button, Group, List, Modal, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInfoCircle, IconPlugConnectedX, IconX } from '@tabler/icons-react';
import type { Connection } from '@tally/shared';
import { useRef } from 'react';

/** SPEC §2: the confirmation names everything a disconnect throws away before anything happens. */
export function DisconnectDialog({
  connection,
  pending,
  onCancel,
  onConfirm,
}: {
  connection: Connection | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (connection: Connection) => void;
}) {
  // Keeps the wording steady while the dialog fades out after the connection is cleared.
  const last = useRef(connection);
  if (connection) last.current = connection;
  const shown = last.current;
  const count = shown?.accounts.length ?? 0;
  return (
    <Modal
      opened={connection !== null}
      onClose={pending ? () => {} : onCancel}
      closeOnClickOutside={!pending}
      closeOnEscape={!pending}
      withCloseButton={!pending}
      title={`Disconnect ${shown?.institutionName ?? 'account'}?`}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Text fz="sm">
          Disconnecting <b>{shown?.institutionName}</b> will:
        </Text>
        <List
          fz="sm"
          spacing={8}
          center
          icon={
            <ThemeIcon color="red" variant="light" size={22} radius="xl" aria-hidden>
              <IconX size={13} stroke={2.4} />
            </ThemeIcon>
          }
        >
          <List.Item>Stop any imports in progress for this connection</List.Item>
          <List.Item>Permanently delete the transaction history for these accounts</List.Item>
          <List.Item>
            Deactivate {count === 1 ? 'the account' : `the ${count} accounts`} at this institution
          </List.Item>
        </List>
        <Paper radius="md" p="sm" bg="var(--mantine-color-default-hover)">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconInfoCircle size={18} style={{ flexShrink: 0, marginTop: 1 }} aria-hidden />
            <Text fz="xs">
              You can reconnect later, but reconnecting needs a new import to bring your transactions back.
            </Text>
          </Group>
        </Paper>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button
            color="red"
            leftSection={<IconPlugConnectedX size={16} />}
            loading={pending}
            onClick={() => connection && onConfirm(connection)}
          >
            Disconnect
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
