import { IMPORT_PROGRESS_POLL_MS, type ImportProgress, importProgress } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { isImportInFlight } from '../import-status';

/** The latest import of a connection, or null when it has never imported (the server answers 404). */
export async function getImportProgress(connectionId: string, signal?: AbortSignal) {
  try {
    return await api.get(`plaid/connections/${connectionId}/import-progress`, importProgress, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const importProgressQuery = (connectionId: string) =>
  queryOptions({
    queryKey: queryKeys.accounts.importProgress(connectionId),
    queryFn: ({ signal }): Promise<ImportProgress | null> => getImportProgress(connectionId, signal),
    // SPEC §4: poll every 5 s while an import runs; stop once it can be dismissed or a fetch fails.
    refetchInterval: (query) =>
      query.state.status !== 'error' && isImportInFlight(query.state.data) ? IMPORT_PROGRESS_POLL_MS : false,
  });

export const useImportProgress = (connectionId: string, enabled: boolean) =>
  useQuery({ ...importProgressQuery(connectionId), enabled });
