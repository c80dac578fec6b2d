import { transaction } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { TRANSACTIONS_KEY } from './get-transactions';

/** POST /transactions/{id}/restore: undoes a delete. */
export const restoreTransaction = (id: string) => api.post(`transactions/${id}/restore`, {}, transaction);

export function useRestoreTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreTransaction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY }),
  });
}
