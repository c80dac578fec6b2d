import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_TIMEOUT_MS, ApiError, api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { getToken } from '../../../lib/session';
import { resetAndResync } from './reset-and-resync';

/** SPEC §7: if the DELETE fails, one more raw DELETE to the same path with the bearer token. */
async function deleteConnection(connectionId: string) {
  const path = `plaid/connections/${connectionId}`;
  try {
    await api.delete(path);
  } catch {
    const token = getToken();
    const res = await fetch(`/api/${path}`, {
      method: 'DELETE',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    if (!res.ok) throw new ApiError(res.status, `Request failed (${res.status})`);
  }
}

/**
 * SPEC §4: the transaction data is reset first, then the connection is disconnected, which stops its imports,
 * deletes the history of its accounts and deactivates them.
 */
export async function disconnectConnection(connectionId: string) {
  await resetAndResync(connectionId);
  await deleteConnection(connectionId);
}

export function useDisconnectConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectConnection,
    onSuccess: (_data, connectionId) =>
      queryClient.removeQueries({ queryKey: queryKeys.accounts.historySyncProgress(connectionId) }),
    // Even a failed disconnect may have cleared the transactions, so both lists are fetched again.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.accounts.connections }),
        queryClient.invalidateQueries({ queryKey: queryKeys.accounts.list }),
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all }),
      ]);
    },
  });
}
