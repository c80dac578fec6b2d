import type { TransactionList } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /transactions/{id}: a soft delete; it leaves lists and totals and a later import keeps it out. */
export const deleteTransaction = (id: string) => api.delete(`transactions/${id}`);

/** Optimistic: the row leaves at once and comes back if the server refuses. */
export function useDeleteTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTransaction,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.transactions.lists });
      queryClient.setQueriesData<TransactionList>({ queryKey: queryKeys.transactions.lists }, (list) =>
        list ? { ...list, transactions: list.transactions.filter((t) => t.id !== id) } : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all }),
  });
}
