import {
  type CategoryCode,
  type Transaction,
  type TransactionList,
  transaction,
  updateCategoryBody,
} from '@tally/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type UpdateCategoryInput = { id: string; category: CategoryCode };

/** PUT /transactions/{id}/category. The server also remembers the choice for this merchant's future imports. */
export const updateTransactionCategory = ({ id, category }: UpdateCategoryInput) =>
  api.put(`transactions/${id}/category`, jsonBody(updateCategoryBody, { category }), transaction);

/** Puts a changed transaction into every cached page at once, before the refetch confirms it. */
export function replaceCachedTransaction(queryClient: QueryClient, updated: Transaction) {
  queryClient.setQueriesData<TransactionList>({ queryKey: queryKeys.transactions.lists }, (list) =>
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
      return queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all });
    },
  });
}
