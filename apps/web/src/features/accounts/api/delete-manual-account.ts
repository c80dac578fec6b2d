import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /accounts/manual/{id}: the account and every transaction in it, for good. */
export const deleteManualAccount = (accountId: string) => api.delete(`accounts/manual/${accountId}`);

export function useDeleteManualAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteManualAccount,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.accounts.connections }),
        queryClient.invalidateQueries({ queryKey: queryKeys.accounts.list }),
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all }),
        // Rules limited to the account go with it.
        queryClient.invalidateQueries({ queryKey: queryKeys.rules.all }),
      ]),
  });
}
