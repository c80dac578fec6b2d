import type { Account, Transaction } from '@tally/shared';
import { lazyDialog } from '../../../components/lazy-dialog';
import type { Dialog } from '../../../lib/use-dialog';
import { ImportDialog } from '../../imports';
import { TransactionDialog } from '../../manual-accounts';
import type { TransactionFilterState } from '../filters';

// Each dialog's own code is fetched when it first opens.
const AdvancedFiltersDialog = lazyDialog(
  async () => (await import('./AdvancedFiltersDialog')).AdvancedFiltersDialog,
);
const EditCategoryDialog = lazyDialog(async () => (await import('./EditCategoryDialog')).EditCategoryDialog);
const NoteDialog = lazyDialog(async () => (await import('./NoteDialog')).NoteDialog);

/** The dialog a row's menu opens, for that row's transaction. */
export type RowDialog = { kind: 'edit' | 'category' | 'note'; transaction: Transaction };

/**
 * Every dialog of the Transactions screen: Advanced Filters, a row's (category, note, edit by hand) and the
 * header's (add by hand, import a file). The screen fetches this module when one of them first opens (see
 * TransactionsPage), so its first load carries none of their wiring; `opened` is whether any is open.
 */
export function TransactionsDialogs({
  advanced,
  row,
  header,
  filters,
  today,
  accounts,
  onApply,
}: {
  opened: boolean;
  advanced: { opened: boolean; close: () => void };
  row: Dialog<RowDialog | null>;
  header: Dialog<'add' | 'import'>;
  filters: TransactionFilterState;
  today: string;
  accounts: Account[] | undefined;
  onApply: (next: TransactionFilterState) => void;
}) {
  return (
    <>
      <AdvancedFiltersDialog
        opened={advanced.opened}
        onClose={advanced.close}
        filters={filters}
        today={today}
        accounts={accounts}
        onApply={onApply}
      />
      <EditCategoryDialog
        transaction={row.item?.kind === 'category' ? row.item.transaction : null}
        opened={row.opened && row.item?.kind === 'category'}
        onClose={row.close}
      />
      <NoteDialog
        transaction={row.item?.kind === 'note' ? row.item.transaction : null}
        opened={row.opened && row.item?.kind === 'note'}
        onClose={row.close}
      />
      <TransactionDialog
        key={`edit-${row.item?.kind === 'edit' ? row.item.transaction.id : ''}`}
        opened={row.opened && row.item?.kind === 'edit'}
        onClose={row.close}
        transaction={row.item?.kind === 'edit' ? row.item.transaction : null}
        accounts={accounts ?? []}
        today={today}
      />
      <TransactionDialog
        key={`add-${header.session}`}
        opened={header.opened && header.item === 'add'}
        onClose={header.close}
        accounts={accounts ?? []}
        accountId={filters.accountId}
        today={today}
      />
      <ImportDialog
        key={`import-${header.session}`}
        opened={header.opened && header.item === 'import'}
        onClose={header.close}
        accounts={accounts ?? []}
        accountId={filters.accountId}
      />
    </>
  );
}
