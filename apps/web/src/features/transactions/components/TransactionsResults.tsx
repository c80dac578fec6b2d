import { Box, Button, Card, Group, Stack } from '@mantine/core';
import { IconBuildingBank, IconSearchOff } from '@tabler/icons-react';
import type { Transaction, TransactionList } from '@tally/shared';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { PaginationFooter } from './PaginationFooter';
import type { TransactionAction } from './TransactionActionsMenu';
import { TransactionCards, TransactionsSkeleton, TransactionsTable } from './TransactionsList';

/** Why the list is empty decides what to offer: clear the filters, connect a bank, or just wait. */
function NoTransactions({
  filtered,
  noAccounts,
  onClearFilters,
  onAdd,
  onImport,
}: {
  filtered: boolean;
  noAccounts: boolean;
  onClearFilters: () => void;
  onAdd: () => void;
  onImport: () => void;
}) {
  if (filtered) {
    return (
      <EmptyState
        icon={IconSearchOff}
        title="No transactions found"
        description="Nothing matches these filters. Try a different search or clear some filters."
        action={
          <Button variant="default" mt="xs" onClick={onClearFilters}>
            Clear All Filters
          </Button>
        }
        py={48}
      />
    );
  }
  if (noAccounts) {
    return (
      <EmptyState
        icon={IconBuildingBank}
        title="No transactions found"
        description="Connect a bank account and your transactions will appear here within seconds. Or keep them by hand: type them in, or import your bank's statement file."
        action={
          <Group justify="center" gap="xs" mt="xs">
            <Button component={Link} to="/accounts">
              Connect Account
            </Button>
            <Button variant="default" onClick={onImport}>
              Import a file
            </Button>
            <Button variant="default" onClick={onAdd}>
              Add by hand
            </Button>
          </Group>
        }
        py={48}
      />
    );
  }
  return (
    <EmptyState
      icon={IconSearchOff}
      title="No transactions found"
      description="New transactions from your linked accounts will appear here, with those you type in or import from a file."
      action={
        <Group justify="center" gap="xs" mt="xs">
          <Button variant="default" onClick={onImport}>
            Import a file
          </Button>
          <Button variant="default" onClick={onAdd}>
            Add by hand
          </Button>
        </Group>
      }
      py={48}
    />
  );
}

/** The list's area: an error with Try Again, skeleton rows, an empty state, or the page of rows with paging. */
export function TransactionsResults({
  data: latest,
  failed,
  stale,
  compact,
  filtered,
  noAccounts,
  onRetry,
  onClearFilters,
  onPage,
  onAction,
  onAdd,
  onImport,
}: {
  data: TransactionList | undefined;
  failed: boolean;
  /** The previous page's rows, shown while the next answer is on its way. */
  stale: boolean;
  compact: boolean;
  filtered: boolean;
  noAccounts: boolean;
  onRetry: () => void;
  onClearFilters: () => void;
  onPage: (page: number) => void;
  onAction: (action: TransactionAction, transaction: Transaction) => void;
  onAdd: () => void;
  onImport: () => void;
}) {
  // Each answer's rows are drawn in the background, in steps the browser can interleave with taps and
  // keystrokes, instead of holding the main thread until the whole page of rows is built (the skeleton
  // or the previous rows stay meanwhile).
  const data = useDeferredValue(latest);
  if (failed && !latest) {
    return (
      <Card>
        <ErrorState message="Failed to load transactions. Please try again." onRetry={onRetry} />
      </Card>
    );
  }
  if (!data) {
    return compact ? (
      <TransactionsSkeleton mobile />
    ) : (
      <Card padding={0}>
        <TransactionsSkeleton mobile={false} />
      </Card>
    );
  }
  if (data.transactions.length === 0) {
    return (
      <Card>
        <NoTransactions
          filtered={filtered}
          noAccounts={noAccounts}
          onClearFilters={onClearFilters}
          onAdd={onAdd}
          onImport={onImport}
        />
      </Card>
    );
  }
  return (
    <Box style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
      {compact ? (
        <Stack gap="xs">
          <TransactionCards transactions={data.transactions} onAction={onAction} />
          <PaginationFooter
            pagination={data.pagination}
            shown={data.transactions.length}
            onPage={onPage}
            compact
          />
        </Stack>
      ) : (
        <Card padding={0}>
          <TransactionsTable transactions={data.transactions} onAction={onAction} />
          <Box style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <PaginationFooter pagination={data.pagination} shown={data.transactions.length} onPage={onPage} />
          </Box>
        </Card>
      )}
    </Box>
  );
}
