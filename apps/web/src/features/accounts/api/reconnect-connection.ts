import { exchangeResponse } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { plaidKeys, transactionsKey } from './keys';

const reconnectResponse = exchangeResponse.pick({ connection: true, importProgress: true });

/** Active again, and the whole history imported anew (the banner shows it). */
export const reconnectConnection = (connectionId: string) =>
  api.post(`plaid/connections/${connectionId}/reconnect`, {}, reconnectResponse);

export function useReconnectConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reconnectConnection,
    onSuccess: async ({ connection, importProgress }) => {
      if (importProgress) queryClient.setQueryData(plaidKeys.importProgress(connection.id), importProgress);
      else await queryClient.invalidateQueries({ queryKey: plaidKeys.importProgress(connection.id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: plaidKeys.connections }),
        queryClient.invalidateQueries({ queryKey: plaidKeys.accounts }),
        queryClient.invalidateQueries({ queryKey: transactionsKey }),
      ]);
    },
  });
}
