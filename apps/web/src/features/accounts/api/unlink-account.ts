import { connection, type UnlinkAccountQuery } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** One account of a bank unlinked on its own, its history kept or deleted: the bank's card as it is after. */
export const unlinkAccount = ({ accountId, history }: { accountId: string } & UnlinkAccountQuery) =>
  api.delete(`plaid/accounts/${accountId}?history=${history}`, connection);

export function useUnlinkAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkAccount,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.accounts.connections }),
        queryClient.invalidateQueries({ queryKey: queryKeys.accounts.list }),
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all }),
        // The plan's count of linked accounts.
        queryClient.invalidateQueries({ queryKey: queryKeys.billing }),
      ]);
    },
  });
}
