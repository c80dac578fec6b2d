import { transaction } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /transactions/{id}/restore: undoes a delete. */
export const restoreTransaction = (id: string) =>
  api.post(`transactions/${id}/restore`, undefined, transaction);

export function useRestoreTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreTransaction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all }),
  });
}
