import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Menu,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBuildingBank,
  IconClock,
  IconDots,
  IconPlugConnected,
  IconPlugConnectedX,
} from '@tabler/icons-react';
import { type Connection, formatMoney } from '@tally/shared';
import { formatLastSynced } from '../../../lib/format';
import { DEBT_MONEY } from '../../../lib/money-colors';
import { totalsInCents } from '../account-summary';
import { institutionColor } from '../institution-color';
import { AccountList } from './AccountList';
import { ImportProgressBanner } from './ImportProgressBanner';

function lastSyncedText(lastSyncAt: string | null) {
  const text = formatLastSynced(lastSyncAt);
  return lastSyncAt ? `Last synced: ${text}` : text;
}

export function Stat({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fw={700} fz={{ base: 'sm', sm: 'md' }} c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

export function InstitutionCard({
  connection,
  importDismissed,
  onDismissImport,
  onDisconnect,
  onReconnect,
  reconnecting,
}: {
  connection: Connection;
  importDismissed: boolean;
  onDismissImport: () => void;
  onDisconnect: () => void;
  onReconnect: () => void;
  reconnecting: boolean;
}) {
  const headingId = `institution-${connection.id}`;
  const totals = totalsInCents(connection.accounts);
  const count = connection.accounts.length;

  return (
    <Card component="section" aria-labelledby={headingId} p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group wrap="nowrap" gap="sm" miw={0}>
            <ThemeIcon
              variant="light"
              color={connection.isActive ? institutionColor(connection.institutionName) : 'gray'}
              size={44}
              radius="md"
              aria-hidden
            >
              <IconBuildingBank size={24} stroke={1.6} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Group gap={8} wrap="wrap">
                <Title order={2} id={headingId} fz="lg" lh={1.3}>
                  {connection.institutionName}
                </Title>
                <Badge variant="dot" color={connection.isActive ? 'teal' : 'gray'} size="sm">
                  {connection.isActive ? 'Active' : 'Disconnected'}
                </Badge>
              </Group>
              <Group gap={4} mt={2} wrap="nowrap">
                <IconClock size={14} color="var(--mantine-color-dimmed)" aria-hidden />
                <Text fz="xs" c="dimmed">
                  {lastSyncedText(connection.lastSyncAt)}
                </Text>
              </Group>
            </div>
          </Group>
          <Menu position="bottom-end" shadow="md" width={180}>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={`Connection actions for ${connection.institutionName}`}
              >
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {connection.isActive ? (
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
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>

        <ImportProgressBanner
          connectionId={connection.id}
          institutionName={connection.institutionName}
          enabled={connection.isActive}
          dismissed={importDismissed}
          onDismiss={onDismissImport}
        />

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

        <AccountList accounts={connection.accounts} headingId={headingId} />
      </Stack>
    </Card>
  );
}
