import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAdjustmentsHorizontal,
  IconAlertTriangle,
  IconBuildingBank,
  IconDownload,
  IconRefresh,
  IconSearchOff,
} from '@tabler/icons-react';
import { DEFAULT_PAGE_SIZE, LAST_UPDATED_TICK_MS, type Transaction, todayIn } from '@tally/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../app/auth';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { formatUpdatedAgo } from '../../lib/format';
import { useDeleteTransaction } from './api/delete-transaction';
import { useExportTransactions } from './api/export-transactions';
import { useAccounts } from './api/get-accounts';
import { useTransactionSummary } from './api/get-transaction-summary';
import { TRANSACTIONS_KEY, useTransactions } from './api/get-transactions';
import { restoreTransaction } from './api/restore-transaction';
import { AdvancedFiltersDialog } from './components/AdvancedFiltersDialog';
import { EditCategoryDialog } from './components/EditCategoryDialog';
import { FilterBar } from './components/FilterBar';
import { NoteDialog } from './components/NoteDialog';
import { PaginationFooter } from './components/PaginationFooter';
import { SummaryCards } from './components/SummaryCards';
import type { TransactionAction } from './components/TransactionActionsMenu';
import { TransactionCards, TransactionsSkeleton, TransactionsTable } from './components/TransactionsList';
import {
  activeFilterChips,
  countAdvancedFilters,
  EMPTY_FILTERS,
  listQueryString,
  toApiParams,
  transactionName,
} from './filters';
import classes from './transactions.module.css';
import { useTransactionFilters } from './use-transaction-filters';

/** The current time, refreshed on an interval, for "Ns ago" texts. */
function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

type RowDialog = { kind: 'category' | 'note'; transaction: Transaction; opened: boolean };

export function TransactionsPage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  // Presets count back from the person's own today, not the browser's or the server's.
  const today = todayIn(user.timeZone);
  const { filters, page, updateFilters, setPage } = useTransactionFilters();
  const filterQuery = new URLSearchParams(toApiParams(filters, today)).toString();
  const list = useTransactions(listQueryString(filters, today, page, DEFAULT_PAGE_SIZE));
  const summary = useTransactionSummary(filterQuery);
  const accounts = useAccounts();
  const exporter = useExportTransactions();
  const deletion = useDeleteTransaction();
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const now = useNow(LAST_UPDATED_TICK_MS);
  const [advancedOpen, advanced] = useDisclosure(false);
  const [rowDialog, setRowDialog] = useState<RowDialog | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  const accountName = (id: string) => accounts.data?.find((a) => a.id === id)?.name;
  const chips = activeFilterChips(filters, accountName);
  const advancedCount = countAdvancedFilters(filters);
  const data = list.data;

  // A new page or filter shows the previous rows until it loads (placeholder data, no update time);
  // the header keeps saying when the list was last really loaded.
  const [lastUpdated, setLastUpdated] = useState(0);
  useEffect(() => {
    if (list.dataUpdatedAt > 0) setLastUpdated(list.dataUpdatedAt);
  }, [list.dataUpdatedAt]);

  // SPEC §8: a failed silent refresh keeps the rows on screen and is only logged.
  useEffect(() => {
    if (list.error && list.data) console.warn('Silent refresh of transactions failed', list.error);
  }, [list.error, list.data]);
  useEffect(() => {
    if (summary.error) console.warn('Refreshing transaction totals failed', summary.error);
  }, [summary.error]);

  // After deletes or a narrower filter a page number can point past the end; go to the last page.
  const totalPages = data?.pagination.totalPages ?? 0;
  useEffect(() => {
    if (!list.isPlaceholderData && totalPages > 0 && page > totalPages)
      setPage(totalPages, { replace: true });
  }, [list.isPlaceholderData, totalPages, page, setPage]);

  const refresh = async () => {
    setRefreshing(true);
    const [listResult] = await Promise.all([list.refetch(), summary.refetch(), accounts.refetch()]);
    setRefreshing(false);
    if (listResult.isError) {
      notifications.show({
        color: 'red',
        title: 'Refresh Failed',
        message: 'Failed to load transactions. Please try again.',
        autoClose: 5000,
      });
    }
  };

  const exportCsv = () =>
    exporter.mutate(filterQuery, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: 'Export Ready',
          message: 'Your CSV of the filtered transactions is downloading.',
          autoClose: 3000,
        }),
      onError: (error) => {
        console.warn('Export failed', error);
        notifications.show({
          color: 'red',
          title: 'Export Failed',
          message: 'Failed to export transactions. Please try again.',
          autoClose: 5000,
        });
      },
    });

  const undoDelete = async (transaction: Transaction, toastId: string) => {
    notifications.hide(toastId);
    try {
      // Called straight, not through a hook: the toast outlives this screen if the person navigates away.
      await restoreTransaction(transaction.id);
      await queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
      notifications.show({
        color: 'green',
        title: 'Transaction restored',
        message: `"${transactionName(transaction)}" is back in your list.`,
        autoClose: 3000,
      });
    } catch {
      notifications.show({
        color: 'red',
        title: 'Undo Failed',
        message: 'Failed to restore the transaction. Please try again.',
        autoClose: 5000,
      });
    }
  };

  const deleteRow = (transaction: Transaction) =>
    deletion.mutate(transaction.id, {
      onSuccess: () => {
        const id = `transaction-deleted-${transaction.id}`;
        notifications.show({
          id,
          title: 'Transaction deleted',
          message: (
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text fz="sm" c="dimmed" truncate>
                {transactionName(transaction)}
              </Text>
              <Button size="compact-sm" variant="light" onClick={() => undoDelete(transaction, id)}>
                Undo
              </Button>
            </Group>
          ),
          autoClose: 8000,
        });
      },
      onError: () =>
        notifications.show({
          color: 'red',
          title: 'Delete Failed',
          message: 'Failed to delete the transaction. Please try again.',
          autoClose: 5000,
        }),
    });

  const onAction = (action: TransactionAction, transaction: Transaction) => {
    if (action === 'delete') deleteRow(transaction);
    else setRowDialog({ kind: action, transaction, opened: true });
  };
  const closeRowDialog = () => setRowDialog((d) => (d ? { ...d, opened: false } : d));

  const goToPage = (next: number) => {
    setPage(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const backgroundFetching =
    (list.isFetching && data !== undefined) || (summary.isFetching && !summary.isPending);

  const updated =
    lastUpdated > 0 ? (
      <>
        Last updated {formatUpdatedAgo(new Date(lastUpdated), now)}
        {backgroundFetching && (
          <Text span fz="sm" c="dimmed" ml={8} className={classes.refreshing} role="status">
            <Loader size={10} color="gray" aria-hidden />
            Refreshing...
          </Text>
        )}
      </>
    ) : list.isError ? undefined : (
      'Loading your transactions...'
    );

  return (
    <Stack gap="lg" className={classes.screen}>
      <PageHeader
        title="Transactions"
        description={updated}
        actions={
          <>
            {phone ? (
              <Tooltip label="Refresh">
                <ActionIcon
                  variant="default"
                  size={36}
                  aria-label="Refresh"
                  onClick={refresh}
                  loading={refreshing}
                >
                  <IconRefresh size={16} stroke={1.7} />
                </ActionIcon>
              </Tooltip>
            ) : (
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} stroke={1.7} />}
                onClick={refresh}
                loading={refreshing}
              >
                Refresh
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconAdjustmentsHorizontal size={16} stroke={1.7} />}
              rightSection={
                advancedCount > 0 ? (
                  <Badge size="sm" circle variant="filled">
                    {advancedCount}
                    <VisuallyHidden> active</VisuallyHidden>
                  </Badge>
                ) : null
              }
              onClick={advanced.open}
            >
              Advanced Filters
            </Button>
            <Button
              leftSection={<IconDownload size={16} stroke={1.7} />}
              onClick={exportCsv}
              loading={exporter.isPending}
              disabled={data?.pagination.totalItems === 0}
            >
              Export
            </Button>
          </>
        }
      />

      <SummaryCards summary={summary.data} loading={summary.isPending && !summary.isError} compact={phone} />

      <FilterBar filters={filters} chips={chips} updateFilters={updateFilters} compact={phone} />

      {list.isError && !data ? (
        <Card>
          <Stack align="center" gap="sm" py="xl" ta="center" role="alert">
            <ThemeIcon variant="light" color="red" size={48} radius="xl">
              <IconAlertTriangle size={24} stroke={1.6} />
            </ThemeIcon>
            <Text fw={600}>Failed to load transactions. Please try again.</Text>
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => list.refetch()}>
              Try Again
            </Button>
          </Stack>
        </Card>
      ) : !data ? (
        phone ? (
          <TransactionsSkeleton mobile />
        ) : (
          <Card padding={0}>
            <TransactionsSkeleton mobile={false} />
          </Card>
        )
      ) : data.transactions.length === 0 ? (
        <Card>
          {chips.length > 0 ? (
            <EmptyState
              icon={IconSearchOff}
              title="No transactions found"
              description="Nothing matches these filters. Try a different search or clear some filters."
              action={
                <Button variant="default" mt="xs" onClick={() => updateFilters(() => EMPTY_FILTERS)}>
                  Clear All Filters
                </Button>
              }
              py={48}
            />
          ) : accounts.data?.length === 0 ? (
            <EmptyState
              icon={IconBuildingBank}
              title="No transactions found"
              description="Connect a bank account and your transactions will appear here within seconds."
              action={
                <Button component={Link} to="/accounts" mt="xs">
                  Connect Account
                </Button>
              }
              py={48}
            />
          ) : (
            <EmptyState
              icon={IconSearchOff}
              title="No transactions found"
              description="New transactions from your linked accounts will appear here."
              py={48}
            />
          )}
        </Card>
      ) : (
        <Box style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {phone ? (
            <Stack gap="xs">
              <TransactionCards transactions={data.transactions} onAction={onAction} />
              <PaginationFooter
                pagination={data.pagination}
                shown={data.transactions.length}
                onPage={goToPage}
                compact
              />
            </Stack>
          ) : (
            <Card padding={0}>
              <TransactionsTable transactions={data.transactions} onAction={onAction} />
              <Box style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
                <PaginationFooter
                  pagination={data.pagination}
                  shown={data.transactions.length}
                  onPage={goToPage}
                />
              </Box>
            </Card>
          )}
        </Box>
      )}

      <AdvancedFiltersDialog
        opened={advancedOpen}
        onClose={advanced.close}
        filters={filters}
        today={today}
        accounts={accounts.data}
        onApply={(next) => updateFilters(() => next)}
      />
      <EditCategoryDialog
        transaction={rowDialog?.kind === 'category' ? rowDialog.transaction : null}
        opened={rowDialog?.kind === 'category' && rowDialog.opened}
        onClose={closeRowDialog}
      />
      <NoteDialog
        transaction={rowDialog?.kind === 'note' ? rowDialog.transaction : null}
        opened={rowDialog?.kind === 'note' && rowDialog.opened}
        onClose={closeRowDialog}
      />
    </Stack>
  );
}
