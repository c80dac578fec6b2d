import { HISTORY_SYNC_POLL_MS, type HistorySyncProgress, historySyncProgress } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { isHistorySyncInFlight } from '../history-sync-status';

/** A connection's latest history sync, or null when it has never had one (the server answers 404). */
export async function getHistorySyncProgress(connectionId: string, signal?: AbortSignal) {
  try {
    return await api.get(`plaid/connections/${connectionId}/import-progress`, historySyncProgress, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const historySyncProgressQuery = (connectionId: string) =>
  queryOptions({
    queryKey: queryKeys.accounts.historySyncProgress(connectionId),
    queryFn: ({ signal }): Promise<HistorySyncProgress | null> =>
      getHistorySyncProgress(connectionId, signal),
    // SPEC §4: poll every 5 s while a history sync runs; stop once it can be dismissed or a fetch fails.
    refetchInterval: (query) =>
      query.state.status !== 'error' && isHistorySyncInFlight(query.state.data)
        ? HISTORY_SYNC_POLL_MS
        : false,
  });

export const useHistorySyncProgress = (connectionId: string, enabled: boolean) =>
  useQuery({ ...historySyncProgressQuery(connectionId), enabled });
