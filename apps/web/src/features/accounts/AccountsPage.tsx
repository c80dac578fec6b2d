import {
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconBuildingBank, IconPlus, IconRefresh } from '@tabler/icons-react';
import { accountsRefreshInterval, type Connection, type ExchangeResponse } from '@tally/shared';
import { useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { lazyDialog } from '../../components/lazy-dialog';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import { ApiError } from '../../lib/api';
import { describeRefreshRate, pageSummary } from './account-summary';
import { useDisconnectConnection } from './api/disconnect-connection';
import { useConnections } from './api/get-connections';
import { useReconnectConnection } from './api/reconnect-connection';
import { DisconnectDialog } from './components/DisconnectDialog';
import { InstitutionCard } from './components/InstitutionCard';
import { SummaryCards, SummaryCardsSkeleton } from './components/SummaryCards';

// Dialogs: fetched when first opened.
const ConnectBankDialog = lazyDialog(
  async () => (await import('./components/ConnectBankDialog')).ConnectBankDialog,
);

function InstitutionCardSkeleton() {
  return (
    <Card>
      <Group gap="sm">
        <Skeleton h={44} w={44} radius="md" />
        <div style={{ flex: 1 }}>
          <Skeleton h={18} w="40%" />
          <Skeleton h={12} w="25%" mt={8} />
        </div>
      </Group>
      <Skeleton h={40} mt="lg" />
      <Skeleton h={56} mt="md" />
      <Skeleton h={56} mt={4} />
    </Card>
  );
}

export function AccountsPage() {
  const connections = useConnections();
  const disconnect = useDisconnectConnection();
  const reconnect = useReconnectConnection();
  const [refreshing, setRefreshing] = useState(false);
  const [connectSession, setConnectSession] = useState(0);
  const [connectOpen, setConnectOpen] = useState(false);
  const [toDisconnect, setToDisconnect] = useState<Connection | null>(null);
  // Banners the person closed; a new import (connect or reconnect) shows its banner again.
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());

  const showImport = (connectionId: string) =>
    setDismissed((current) => {
      const next = new Set(current);
      next.delete(connectionId);
      return next;
    });
  const dismissImport = (connectionId: string) =>
    setDismissed((current) => new Set(current).add(connectionId));

  const openConnect = () => {
    setConnectSession((n) => n + 1);
    setConnectOpen(true);
  };

  const refresh = async () => {
    setRefreshing(true);
    const result = await connections.refetch();
    setRefreshing(false);
    if (result.isError) {
      toast.error(
        'Error refreshing accounts',
        'Failed to refresh your account connections. Please try again.',
        { withIcon: true },
      );
    } else {
      toast.success('Accounts refreshed', 'Your balances and connections are up to date.', {
        withIcon: true,
        autoClose: 3000,
      });
    }
  };

  const confirmDisconnect = (connection: Connection) =>
    disconnect.mutate(connection.id, {
      onSuccess: () => {
        setToDisconnect(null);
        toast.success(
          'Account disconnected',
          'Account disconnected and transaction data cleared. Reconnect to import fresh data.',
          { withIcon: true, autoClose: 6000 },
        );
      },
      onError: () => {
        setToDisconnect(null);
        toast.error('Error disconnecting account', 'Failed to disconnect the account. Please try again.', {
          withIcon: true,
        });
      },
    });

  const startReconnect = (connection: Connection) =>
    reconnect.mutate(connection.id, {
      onSuccess: () => {
        showImport(connection.id);
        toast.success(
          'Account reconnected',
          `${connection.institutionName} is active again and its history is importing.`,
          { withIcon: true },
        );
      },
      onError: (error) => {
        // With a live bank (not the demo) a disconnected link is gone at the bank: only Link makes a new one.
        if (error instanceof ApiError && error.code === 'RELINK_REQUIRED') {
          toast.info('Connect the bank again', error.message, { autoClose: 8000 });
          openConnect();
          return;
        }
        toast.error('Error reconnecting account', 'Failed to reconnect the account. Please try again.', {
          withIcon: true,
        });
      },
    });

  const onConnected = ({ connection }: ExchangeResponse) => showImport(connection.id);

  const list = connections.data;
  const refreshRate = describeRefreshRate(accountsRefreshInterval(new Date()));

  return (
    <Stack gap="lg">
      <PageHeader
        title="Accounts"
        description="Your linked banks, balances and background imports."
        actions={
          <>
            <Tooltip label={`Auto-refreshes ${refreshRate}`} withArrow>
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} />}
                loading={refreshing}
                onClick={() => void refresh()}
              >
                Refresh
              </Button>
            </Tooltip>
            <Button leftSection={<IconPlus size={16} />} onClick={openConnect}>
              Connect Account
            </Button>
          </>
        }
      />

      {connections.isPending ? (
        <>
          <VisuallyHidden role="status">Loading your accounts…</VisuallyHidden>
          <SummaryCardsSkeleton />
          <InstitutionCardSkeleton />
          <InstitutionCardSkeleton />
        </>
      ) : !list ? (
        <Card>
          <Stack align="center" ta="center" gap="sm" py="xl" role="alert">
            <ThemeIcon color="red" variant="light" size={48} radius="xl" aria-hidden>
              <IconAlertTriangle size={24} />
            </ThemeIcon>
            <Text fw={600}>Failed to load connections: {connections.error?.message || 'Unknown error'}</Text>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => void connections.refetch()}
            >
              Try Again
            </Button>
          </Stack>
        </Card>
      ) : (
        <>
          <SummaryCards summary={pageSummary(list)} />
          {list.length === 0 ? (
            <Card>
              <EmptyState
                icon={IconBuildingBank}
                title="No accounts connected"
                description="Connect a bank to see your balances and transactions in one place. Your last 30 days arrive in seconds."
                action={
                  <Button mt="sm" leftSection={<IconPlus size={16} />} onClick={openConnect}>
                    Connect Your First Account
                  </Button>
                }
                py={48}
              />
            </Card>
          ) : (
            list.map((connection) => (
              <InstitutionCard
                key={connection.id}
                connection={connection}
                importDismissed={dismissed.has(connection.id)}
                onDismissImport={() => dismissImport(connection.id)}
                onDisconnect={() => setToDisconnect(connection)}
                onReconnect={() => startReconnect(connection)}
                reconnecting={reconnect.isPending && reconnect.variables === connection.id}
              />
            ))
          )}
        </>
      )}

      <ConnectBankDialog
        key={connectSession}
        opened={connectOpen}
        onClose={() => setConnectOpen(false)}
        onConnected={onConnected}
      />
      <DisconnectDialog
        connection={toDisconnect}
        pending={disconnect.isPending}
        onCancel={() => setToDisconnect(null)}
        onConfirm={confirmDisconnect}
      />
    </Stack>
  );
}
