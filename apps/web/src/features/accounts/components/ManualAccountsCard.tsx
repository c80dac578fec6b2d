import { ActionIcon, Menu, Text } from '@mantine/core';
import {
  IconDotsVertical,
  IconFileImport,
  IconNotebook,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import type { Account, Connection } from '@tally/shared';
import { ConnectionCard } from './ConnectionCard';

export type ManualAccountAction = 'transaction' | 'import' | 'edit' | 'delete';

function RowMenu({
  account,
  onAction,
}: {
  account: Account;
  onAction: (action: ManualAccountAction, account: Account) => void;
}) {
  return (
    <Menu position="bottom-end" shadow="md" width={200} withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Actions for ${account.name}`}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => onAction('transaction', account)}>
          Add transaction
        </Menu.Item>
        <Menu.Item leftSection={<IconFileImport size={16} />} onClick={() => onAction('import', account)}>
          Import transactions
        </Menu.Item>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onAction('edit', account)}>
          Edit account
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => onAction('delete', account)}
        >
          Delete account
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The accounts the person keeps by hand, as one card beside the linked banks: never synced, so no sync
 * time, Disconnect or Reconnect; instead adding accounts and transactions, and importing files.
 */
export function ManualAccountsCard({
  connection,
  onAddAccount,
  onImport,
  onAction,
}: {
  connection: Connection;
  onAddAccount: () => void;
  onImport: () => void;
  onAction: (action: ManualAccountAction, account: Account) => void;
}) {
  return (
    <ConnectionCard
      connection={connection}
      icon={<IconNotebook size={24} stroke={1.6} />}
      color="grape"
      badge={{ label: 'Kept by hand', color: 'grape' }}
      subtitle={
        <Text fz="xs" c="dimmed" mt={2}>
          Balances follow the transactions you add or import
        </Text>
      }
      menuLabel={`Actions for ${connection.institutionName}`}
      menuWidth={210}
      menu={
        <>
          <Menu.Item leftSection={<IconPlus size={16} />} onClick={onAddAccount}>
            Add account
          </Menu.Item>
          <Menu.Item leftSection={<IconFileImport size={16} />} onClick={onImport}>
            Import transactions
          </Menu.Item>
        </>
      }
      accountActions={(account) => <RowMenu account={account} onAction={onAction} />}
      emptyText="No manual accounts yet."
    />
  );
}
