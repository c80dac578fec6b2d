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
import {
  IconAlertTriangle,
  IconBuildingBank,
  IconNotebook,
  IconPlus,
  IconRefresh,
} from '@tabler/icons-react';
import {
  type Account,
  accountsRefreshInterval,
  type Connection,
  type ExchangeResponse,
  isManualConnection,
  planState,
  todayIn,
} from '@tally/shared';
import { useState } from 'react';
import { useCurrentUser } from '../../app/auth';
import { SCREEN_HEADERS } from '../../app/shell/screens';
import { DeleteDialog } from '../../components/DeleteDialog';
import { EmptyState } from '../../components/EmptyState';
import { lazyDialog } from '../../components/lazy-dialog';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import { ApiError, errorMessage } from '../../lib/api';
import { useDialog } from '../../lib/use-dialog';
import { ImportDialog } from '../imports';
import { ManualAccountDialog, TransactionDialog } from '../manual-accounts';
import { describeRefreshRate, pageSummary } from './account-summary';
import { useDeleteManualAccount } from './api/delete-manual-account';
import { useDisconnectConnection } from './api/disconnect-connection';
import { useConnections } from './api/get-connections';
import { useReconnectConnection } from './api/reconnect-connection';
import { useUnlinkAccount } from './api/unlink-account';
import { DisconnectDialog } from './components/DisconnectDialog';
import { InstitutionCard } from './components/InstitutionCard';
import { type ManualAccountAction, ManualAccountsCard } from './components/ManualAccountsCard';
import { SummaryCards, SummaryCardsSkeleton } from './components/SummaryCards';
import { UnlinkAccountDialog, type Unlinking } from './components/UnlinkAccountDialog';

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
  const user = useCurrentUser();
  const connections = useConnections();
  const disconnect = useDisconnectConnection();
  const deleteManual = useDeleteManualAccount();
  const reconnect = useReconnectConnection();
  const [refreshing, setRefreshing] = useState(false);
  const [connectSession, setConnectSession] = useState(0);
  const [connectOpen, setConnectOpen] = useState(false);
  const [toDisconnect, setToDisconnect] = useState<Connection | null>(null);
  const unlink = useUnlinkAccount();
  const [toUnlink, setToUnlink] = useState<Unlinking | null>(null);
  // The manual accounts' dialogs: add or edit an account, add a transaction to one, import a file.
  // Each for an account (or none: a new manual account, or the account chosen in the dialog).
  const accountDialog = useDialog<Account | null>(null);
  const transactionDialog = useDialog<string | null>(null);
  const importDialog = useDialog<string | null>(null);
  const [toDelete, setToDelete] = useState<Account | null>(null);
  // Banners the person closed; a new history sync (connect or reconnect) shows its banner again.
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());

  const showHistorySync = (connectionId: string) =>
    setDismissed((current) => {
      const next = new Set(current);
      next.delete(connectionId);
      return next;
    });
  const dismissHistorySync = (connectionId: string) =>
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

  const confirmUnlink = ({ account }: Unlinking, history: 'keep' | 'delete') =>
    unlink.mutate(
      { accountId: account.id, history },
      {
        onSuccess: () => {
          setToUnlink(null);
          toast.success(
            'Account unlinked',
            history === 'keep'
              ? `${account.name} is no longer synced. Its transactions stay in Tally.`
              : `${account.name} is no longer synced, and its transactions were deleted.`,
            { withIcon: true, autoClose: 6000 },
          );
        },
        onError: (error) => {
          setToUnlink(null);
          toast.error(
            'Error unlinking account',
            errorMessage(error, 'Failed to unlink the account. Please try again.'),
            {
              withIcon: true,
            },
          );
        },
      },
    );

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
        showHistorySync(connection.id);
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
        // Imported accounts the bank, linked again, did not take back: nothing to reconnect.
        if (error instanceof ApiError && error.code === 'IMPORTED_UNMATCHED') {
          toast.info('Kept as history', error.message, { autoClose: 8000 });
          return;
        }
        toast.error('Error reconnecting account', 'Failed to reconnect the account. Please try again.', {
          withIcon: true,
        });
      },
    });

  const onConnected = ({ connection }: ExchangeResponse) => showHistorySync(connection.id);

  const confirmDelete = (account: Account) =>
    deleteManual.mutate(account.id, {
      onSuccess: () => {
        setToDelete(null);
        toast.success('Account deleted', `"${account.name}" and its transactions were deleted.`, {
          withIcon: true,
        });
      },
      onError: () => {
        setToDelete(null);
        toast.error('Error deleting account', 'Failed to delete the account. Please try again.', {
          withIcon: true,
        });
      },
    });

  const onManualAction = (action: ManualAccountAction, account: Account) => {
    if (action === 'transaction') transactionDialog.open(account.id);
    else if (action === 'import') importDialog.open(account.id);
    else if (action === 'edit') accountDialog.open(account);
    else setToDelete(account);
  };
  const addManualAccount = () => accountDialog.open(null);

  const list = connections.data;
  const plan = planState(user, new Date()).plan;
  const refreshRate = describeRefreshRate(accountsRefreshInterval(new Date()));
  // Linked banks first, then the accounts kept by hand.
  const ordered = list
    ? [...list.filter((c) => !isManualConnection(c)), ...list.filter(isManualConnection)]
    : [];
  // Where a file or a transaction can go: every active account.
  const activeAccounts = ordered
    .filter((c) => c.isActive)
    .flatMap((c) => c.accounts.filter((a) => a.isActive));
  const manualAccounts = activeAccounts.filter((a) => a.isManual);

  return (
    <Stack gap="lg">
      <PageHeader
        {...SCREEN_HEADERS['/accounts']}
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
            <Button variant="default" leftSection={<IconNotebook size={16} />} onClick={addManualAccount}>
              Add manual account
            </Button>
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
                description="Connect a bank to see your balances and transactions in one place. Your last 30 days arrive in seconds. Or keep an account by hand and import your bank's statement files."
                action={
                  <Group justify="center" gap="sm" mt="sm">
                    <Button leftSection={<IconPlus size={16} />} onClick={openConnect}>
                      Connect Your First Account
                    </Button>
                    <Button
                      variant="default"
                      leftSection={<IconNotebook size={16} />}
                      onClick={addManualAccount}
                    >
                      Add a manual account
                    </Button>
                  </Group>
                }
                py={48}
              />
            </Card>
          ) : (
            ordered.map((connection) =>
              isManualConnection(connection) ? (
                <ManualAccountsCard
                  key={connection.id}
                  connection={connection}
                  onAddAccount={addManualAccount}
                  onImport={() =>
                    importDialog.open(
                      connection.accounts.length === 1 ? (connection.accounts[0]?.id ?? null) : null,
                    )
                  }
                  onAction={onManualAction}
                />
              ) : (
                <InstitutionCard
                  key={connection.id}
                  connection={connection}
                  historySyncDismissed={dismissed.has(connection.id)}
                  onDismissHistorySync={() => dismissHistorySync(connection.id)}
                  onDisconnect={() => setToDisconnect(connection)}
                  onUnlink={(account) => setToUnlink({ connection, account })}
                  onReconnect={() => startReconnect(connection)}
                  reconnecting={reconnect.isPending && reconnect.variables === connection.id}
                  plan={plan}
                />
              ),
            )
          )}
        </>
      )}

      <ConnectBankDialog
        key={connectSession}
        opened={connectOpen}
        onClose={() => setConnectOpen(false)}
        onConnected={onConnected}
      />
      <UnlinkAccountDialog
        key={toUnlink?.account.id}
        unlinking={toUnlink}
        pending={unlink.isPending}
        onCancel={() => setToUnlink(null)}
        onConfirm={confirmUnlink}
      />
      <DisconnectDialog
        connection={toDisconnect}
        pending={disconnect.isPending}
        onCancel={() => setToDisconnect(null)}
        onConfirm={confirmDisconnect}
      />
      <ManualAccountDialog
        key={`account-${accountDialog.session}`}
        opened={accountDialog.opened}
        account={accountDialog.item}
        onClose={accountDialog.close}
      />
      <TransactionDialog
        key={`transaction-${transactionDialog.session}`}
        opened={transactionDialog.opened}
        onClose={transactionDialog.close}
        accounts={manualAccounts}
        accountId={transactionDialog.item}
        today={todayIn(user.timeZone)}
      />
      <ImportDialog
        key={`import-${importDialog.session}`}
        opened={importDialog.opened}
        onClose={importDialog.close}
        accounts={activeAccounts}
        accountId={importDialog.item}
      />
      <DeleteDialog
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={toDelete ? `Delete ${toDelete.name}?` : 'Delete account?'}
        confirmLabel="Delete Account"
        pending={deleteManual.isPending}
        onConfirm={() => toDelete && confirmDelete(toDelete)}
      >
        <Text fz="sm">
          This deletes the account and all of its transactions, those you typed in and those imported from
          files. It cannot be undone.
        </Text>
      </DeleteDialog>
    </Stack>
  );
}
