import { type CategoryCode, type Transaction, type TransactionList, transaction } from '@tally/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { TRANSACTION_LISTS_KEY, TRANSACTIONS_KEY } from './get-transactions';

export type UpdateCategoryInput = { id: string; category: CategoryCode };

/** PUT /transactions/{id}/category. The server also remembers the choice for this merchant's future imports. */
export const updateTransactionCategory = ({ id, category }: UpdateCategoryInput) =>
  api.put(`transactions/${id}/category`, { category }, transaction);

/** Puts a changed transaction into every cached page at once, before the refetch confirms it. */
export function replaceCachedTransaction(queryClient: QueryClient, updated: Transaction) {
  queryClient.setQueriesData<TransactionList>({ queryKey: TRANSACTION_LISTS_KEY }, (list) =>
    list
      ? { ...list, transactions: list.transactions.map((t) => (t.id === updated.id ? updated : t)) }
      : list,
  );
}

export function useUpdateTransactionCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTransactionCategory,
    onSuccess: (updated) => {
      replaceCachedTransaction(queryClient, updated);
      return queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
    },
  });
}
