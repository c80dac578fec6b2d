import {
  ActionIcon,
  Badge,
  Card,
  Divider,
  Group,
  Menu,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconDots,
  IconDotsVertical,
  IconFileImport,
  IconNotebook,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { type Account, type Connection, formatMoney } from '@tally/shared';
import { DEBT_MONEY } from '../../../lib/money-colors';
import { totalsInCents } from '../account-summary';
import { AccountList } from './AccountList';
import { Stat } from './InstitutionCard';

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
  const headingId = `institution-${connection.id}`;
  const totals = totalsInCents(connection.accounts);
  const count = connection.accounts.length;

  return (
    <Card component="section" aria-labelledby={headingId} p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group wrap="nowrap" gap="sm" miw={0}>
            <ThemeIcon variant="light" color="grape" size={44} radius="md" aria-hidden>
              <IconNotebook size={24} stroke={1.6} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Group gap={8} wrap="wrap">
                <Title order={2} id={headingId} fz="lg" lh={1.3}>
                  {connection.institutionName}
                </Title>
                <Badge variant="dot" color="grape" size="sm">
                  Kept by hand
                </Badge>
              </Group>
              <Text fz="xs" c="dimmed" mt={2}>
                Balances follow the transactions you add or import
              </Text>
            </div>
          </Group>
          <Menu position="bottom-end" shadow="md" width={210}>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={`Actions for ${connection.institutionName}`}
              >
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPlus size={16} />} onClick={onAddAccount}>
                Add account
              </Menu.Item>
              <Menu.Item leftSection={<IconFileImport size={16} />} onClick={onImport}>
                Import transactions
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>

        <SimpleGrid cols={3} spacing="xs">
          <Stat label="Accounts" value={String(count)} />
          <Stat label="Total balance" value={formatMoney(totals.totalBalance)} />
          <Stat
            label="Credit used"
            value={formatMoney(totals.creditUsed)}
            color={totals.creditUsed > 0 ? DEBT_MONEY : undefined}
          />
        </SimpleGrid>

        <Divider />

        <AccountList
          accounts={connection.accounts}
          headingId={headingId}
          emptyText="No manual accounts yet."
          actions={(account) => <RowMenu account={account} onAction={onAction} />}
        />
      </Stack>
    </Card>
  );
}
