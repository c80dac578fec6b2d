import { Loader, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { DEFAULT_PAGE_SIZE, LAST_UPDATED_TICK_MS, type Transaction, todayIn } from '@tally/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentUser } from '../../app/auth';
import { SCREEN_HEADERS } from '../../app/shell/screens';
import { lazyDialog } from '../../components/lazy-dialog';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import { formatUpdatedAgo } from '../../lib/format';
import { log } from '../../lib/log';
import { queryKeys } from '../../lib/query-keys';
import { useDialog } from '../../lib/use-dialog';
import { useNow } from '../../lib/use-now';
import { useAccounts } from '../accounts';
import { useTransactionSummary } from './api/get-transaction-summary';
import { useTransactions } from './api/get-transactions';
import { useExportTransactions } from './api/use-export-transactions';
import { FilterBar } from './components/FilterBar';
import { SummaryCards } from './components/SummaryCards';
import type { TransactionAction } from './components/TransactionActionsMenu';
import { TransactionsActions } from './components/TransactionsActions';
import type { RowDialog } from './components/TransactionsDialogs';
import { TransactionsResults } from './components/TransactionsResults';
import {
  activeFilterChips,
  countAdvancedFilters,
  EMPTY_FILTERS,
  listQueryString,
  toApiParams,
} from './filters';
import classes from './transactions.module.css';
import { useDeleteWithUndo } from './use-delete-with-undo';
import { useTransactionFilters } from './use-transaction-filters';

// The screen's dialogs, all in one module fetched when the first of them opens (each then fetches its own
// code): the first load carries only the buttons that open them.
const TransactionsDialogs = lazyDialog(
  async () => (await import('./components/TransactionsDialogs')).TransactionsDialogs,
);

/**
 * When a list was last really loaded. A new page or filter shows the previous rows (placeholder data, which
 * has no load time of its own) until its answer arrives, so the header keeps the time of the last real load.
 */
function listLoadedAt(queryClient: QueryClient): number {
  const lists = queryClient.getQueryCache().findAll({ queryKey: queryKeys.transactions.lists });
  return Math.max(0, ...lists.map((query) => query.state.dataUpdatedAt));
}

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
  const deleteRow = useDeleteWithUndo();
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const now = useNow(LAST_UPDATED_TICK_MS);
  const [advancedOpen, advanced] = useDisclosure(false);
  // One row's dialog at a time, and Add transaction or Import from the header.
  const rowDialog = useDialog<RowDialog | null>(null);
  const headerDialog = useDialog<'add' | 'import'>('add');

  const accountName = (id: string) => accounts.data?.find((a) => a.id === id)?.name;
  const chips = activeFilterChips(filters, accountName);
  const data = list.data;
  const lastUpdated = listLoadedAt(queryClient);

  // SPEC §8: a failed silent refresh keeps the rows on screen and is only logged.
  useEffect(() => {
    if (list.error && list.data) log.warn('Silent refresh of transactions failed', list.error);
  }, [list.error, list.data]);
  useEffect(() => {
    if (summary.error) log.warn('Refreshing transaction totals failed', summary.error);
  }, [summary.error]);

  // After deletes or a narrower filter a page number can point past the end; go to the last page.
  const totalPages = data?.pagination.totalPages ?? 0;
  useEffect(() => {
    if (!list.isPlaceholderData && totalPages > 0 && page > totalPages)
      setPage(totalPages, { replace: true });
  }, [list.isPlaceholderData, totalPages, page, setPage]);

  const refresh = useMutation({
    mutationFn: async () => {
      const [listResult] = await Promise.all([list.refetch(), summary.refetch(), accounts.refetch()]);
      if (listResult.isError) throw listResult.error;
    },
    onError: () => toast.error('Refresh Failed', 'Failed to load transactions. Please try again.'),
  });

  const exportCsv = () =>
    exporter.mutate(filterQuery, {
      onSuccess: () => toast.success('Export Ready', 'Your CSV of the filtered transactions is downloading.'),
      onError: (error) => {
        log.warn('Export failed', error);
        toast.error('Export Failed', 'Failed to export transactions. Please try again.');
      },
    });

  const onAction = (action: TransactionAction, transaction: Transaction) => {
    if (action === 'delete') deleteRow(transaction);
    else rowDialog.open({ kind: action, transaction });
  };

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
        title={SCREEN_HEADERS['/transactions'].title}
        description={updated}
        actions={
          <TransactionsActions
            compact={phone}
            onRefresh={() => refresh.mutate()}
            refreshing={refresh.isPending}
            advancedCount={countAdvancedFilters(filters)}
            onAdvanced={advanced.open}
            onExport={exportCsv}
            exporting={exporter.isPending}
            nothingToExport={data?.pagination.totalItems === 0}
            onImport={() => headerDialog.open('import')}
            onAdd={() => headerDialog.open('add')}
          />
        }
      />

      <SummaryCards summary={summary.data} loading={summary.isPending && !summary.isError} compact={phone} />

      <FilterBar filters={filters} chips={chips} updateFilters={updateFilters} compact={phone} />

      <TransactionsResults
        data={data}
        failed={list.isError}
        stale={list.isPlaceholderData}
        compact={phone}
        filtered={chips.length > 0}
        noAccounts={accounts.data?.length === 0}
        onRetry={() => list.refetch()}
        onClearFilters={() => updateFilters(() => EMPTY_FILTERS)}
        onPage={goToPage}
        onAction={onAction}
        onAdd={() => headerDialog.open('add')}
        onImport={() => headerDialog.open('import')}
      />

      <TransactionsDialogs
        opened={advancedOpen || rowDialog.opened || headerDialog.opened}
        advanced={{ opened: advancedOpen, close: advanced.close }}
        row={rowDialog}
        header={headerDialog}
        filters={filters}
        today={today}
        accounts={accounts.data}
        onApply={(next) => updateFilters(() => next)}
      />
    </Stack>
  );
}
