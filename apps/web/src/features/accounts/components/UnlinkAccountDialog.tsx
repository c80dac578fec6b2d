import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import type { Account, Connection, UnlinkAccountQuery } from '@tally/shared';
import { useRef, useState } from 'react';

export type Unlinking = { connection: Connection; account: Account };

/**
 * Unlinking one account of a bank: what happens, and whether its transactions stay (listed under its name,
 * in every total) or are deleted. The bank and its other accounts stay linked.
 */
export function UnlinkAccountDialog({
  unlinking,
  pending,
  onCancel,
  onConfirm,
}: {
  unlinking: Unlinking | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (unlinking: Unlinking, history: UnlinkAccountQuery['history']) => void;
}) {
  // Keeps the wording steady while the dialog fades out after it is cleared.
  const last = useRef(unlinking);
  if (unlinking) last.current = unlinking;
  const shown = last.current;
  const [history, setHistory] = useState<UnlinkAccountQuery['history']>('keep');
  return (
    <Modal
      opened={unlinking !== null}
      onClose={pending ? () => {} : onCancel}
      closeOnClickOutside={!pending}
      closeOnEscape={!pending}
      withCloseButton={!pending}
      title={`Unlink ${shown?.account.name ?? 'account'}?`}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Text fz="sm">
          Tally stops syncing <b>{shown?.account.name}</b>, leaves it out of your balances and frees its place
          on your plan. {shown?.connection.institutionName} and its other accounts stay linked.
        </Text>
        <Radio.Group
          value={history}
          onChange={(value) => setHistory(value as UnlinkAccountQuery['history'])}
          label="Its transactions"
          labelProps={{ fw: 600 }}
        >
          <Stack gap="xs" mt="xs">
            <Radio
              value="keep"
              label="Keep them"
              description="They stay in Transactions, budgets and reports, under the account's name."
              disabled={pending}
            />
            <Radio
              value="delete"
              label="Delete them"
              description="They are removed for good, with their notes and categories."
              disabled={pending}
            />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button
            color="red"
            leftSection={<IconLinkOff size={16} />}
            loading={pending}
            onClick={() => unlinking && onConfirm(unlinking, history)}
          >
            Unlink account
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
