import { Button, Group, Text } from '@mantine/core';
import type { Transaction } from '@tally/shared';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/toast';
import { queryKeys } from '../../lib/query-keys';
import { useDeleteTransaction } from './api/delete-transaction';
import { restoreTransaction } from './api/restore-transaction';
import { transactionName } from './filters';

/** Deletes a row at once and offers Undo in the toast for 8 s. */
export function useDeleteWithUndo() {
  const queryClient = useQueryClient();
  const deletion = useDeleteTransaction();
  // A manual account's balance is its transactions': it moves with a delete and with its undo.
  const refreshBalances = (transaction: Transaction) =>
    transaction.isManual
      ? Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.accounts.connections }),
          queryClient.invalidateQueries({ queryKey: queryKeys.accounts.list }),
        ])
      : Promise.resolve();

  const undo = async (transaction: Transaction, toastId: string) => {
    toast.hide(toastId);
    try {
      // Called straight, not through a hook: the toast outlives this screen if the person navigates away.
      await restoreTransaction(transaction.id);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all }),
        refreshBalances(transaction),
      ]);
      toast.success('Transaction restored', `"${transactionName(transaction)}" is back in your list.`);
    } catch {
      toast.error('Undo Failed', 'Failed to restore the transaction. Please try again.');
    }
  };

  return (transaction: Transaction) =>
    deletion.mutate(transaction.id, {
      onSuccess: () => {
        void refreshBalances(transaction);
        const id = `transaction-deleted-${transaction.id}`;
        toast.info(
          'Transaction deleted',
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text fz="sm" c="dimmed" truncate>
              {transactionName(transaction)}
            </Text>
            <Button size="compact-sm" variant="light" onClick={() => undo(transaction, id)}>
              Undo
            </Button>
          </Group>,
          { id, autoClose: 8000 },
        );
      },
      onError: () => toast.error('Delete Failed', 'Failed to delete the transaction. Please try again.'),
    });
}
