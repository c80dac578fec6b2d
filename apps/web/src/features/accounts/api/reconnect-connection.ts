import { exchangeResponse } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

const reconnectResponse = exchangeResponse.pick({ connection: true, importProgress: true });

/** Active again, and the whole history imported anew (the banner shows it). */
export const reconnectConnection = (connectionId: string) =>
  api.post(`plaid/connections/${connectionId}/reconnect`, undefined, reconnectResponse);

export function useReconnectConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reconnectConnection,
    onSuccess: async ({ connection, importProgress }) => {
      if (importProgress)
        queryClient.setQueryData(queryKeys.accounts.historySyncProgress(connection.id), importProgress);
      else
        await queryClient.invalidateQueries({
          queryKey: queryKeys.accounts.historySyncProgress(connection.id),
        });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.accounts.connections }),
        queryClient.invalidateQueries({ queryKey: queryKeys.accounts.list }),
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all }),
      ]);
    },
  });
}
