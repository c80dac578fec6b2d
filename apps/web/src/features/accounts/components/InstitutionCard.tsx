import { ActionIcon, Button, Group, Menu, Paper, Text } from '@mantine/core';
import {
  IconBuildingBank,
  IconClock,
  IconDotsVertical,
  IconLinkOff,
  IconPlugConnected,
  IconPlugConnectedX,
} from '@tabler/icons-react';
import type { Account, Connection, Plan } from '@tally/shared';
import { formatLastSynced } from '../../../lib/format';
import { institutionColor } from '../institution-color';
import { ConnectionCard } from './ConnectionCard';
import { HiddenAccountsNotice } from './HiddenAccountsNotice';
import { HistorySyncBanner } from './HistorySyncBanner';

function lastSyncedText(lastSyncAt: string | null) {
  const text = formatLastSynced(lastSyncAt);
  return lastSyncAt ? `Last synced: ${text}` : text;
}

export function InstitutionCard({
  connection,
  historySyncDismissed,
  onDismissHistorySync,
  onDisconnect,
  onReconnect,
  onUnlink,
  reconnecting,
  plan,
}: {
  connection: Connection;
  /** The plan in force: what the notice about accounts hidden past its limit says. */
  plan: Pick<Plan, 'name' | 'accountLimit'>;
  historySyncDismissed: boolean;
  onDismissHistorySync: () => void;
  onDisconnect: () => void;
  onReconnect: () => void;
  /** Unlinks one account; offered while the bank is linked with more than one account shown. */
  onUnlink: (account: Account) => void;
  reconnecting: boolean;
}) {
  const canUnlink = connection.isActive && connection.accounts.length > 1;
  return (
    <ConnectionCard
      connection={connection}
      icon={<IconBuildingBank size={24} stroke={1.6} />}
      color={connection.isActive ? institutionColor(connection.institutionName) : 'gray'}
      badge={
        connection.isActive ? { label: 'Active', color: 'teal' } : { label: 'Disconnected', color: 'gray' }
      }
      subtitle={
        <Group gap={4} mt={2} wrap="nowrap">
          <IconClock size={14} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text fz="xs" c="dimmed">
            {lastSyncedText(connection.lastSyncAt)}
          </Text>
        </Group>
      }
      menuLabel={`Connection actions for ${connection.institutionName}`}
      menuWidth={180}
      menu={
        connection.isActive ? (
          <Menu.Item color="red" leftSection={<IconPlugConnectedX size={16} />} onClick={onDisconnect}>
            Disconnect
          </Menu.Item>
        ) : (
          <Menu.Item
            leftSection={<IconPlugConnected size={16} />}
            onClick={onReconnect}
            disabled={reconnecting}
          >
            Reconnect
          </Menu.Item>
        )
      }
      accountActions={
        canUnlink
          ? (account) => (
              <Menu position="bottom-end" shadow="md" width={190} withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={`Actions for ${account.name}`}
                  >
                    <IconDotsVertical size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    color="red"
                    leftSection={<IconLinkOff size={16} />}
                    onClick={() => onUnlink(account)}
                  >
                    Unlink account
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            )
          : undefined
      }
    >
      <HistorySyncBanner
        connectionId={connection.id}
        institutionName={connection.institutionName}
        enabled={connection.isActive}
        dismissed={historySyncDismissed}
        onDismiss={onDismissHistorySync}
      />
      {connection.isActive && !!connection.hiddenAccounts && (
        <HiddenAccountsNotice hidden={connection.hiddenAccounts} plan={plan} />
      )}
      {!connection.isActive && (
        <Paper radius="md" p="sm" bg="var(--mantine-color-default-hover)">
          <Group justify="space-between" gap="sm">
            <div>
              <Text fz="sm" fw={600}>
                Not syncing
              </Text>
              <Text fz="xs" c="dimmed">
                Its transaction history was cleared. Reconnect to import fresh data.
              </Text>
            </div>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPlugConnected size={14} />}
              onClick={onReconnect}
              loading={reconnecting}
            >
              Reconnect
            </Button>
          </Group>
        </Paper>
      )}
    </ConnectionCard>
  );
}
