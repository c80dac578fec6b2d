import { accountsRefreshInterval, connection } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

const connectionList = connection.array();

/** SPEC §8: a 400 or 404 from the list means "nothing connected yet", not a failure. */
export async function getConnections(signal?: AbortSignal) {
  try {
    return await api.get('plaid/connections', connectionList, signal);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return [];
    throw error;
  }
}

export const connectionsQuery = queryOptions({
  queryKey: queryKeys.accounts.connections,
  queryFn: ({ signal }) => getConnections(signal),
  // The schedule depends on the hour and weekday, so it is asked again after every fetch.
  refetchInterval: () => accountsRefreshInterval(new Date()),
});

export const useConnections = () => useQuery(connectionsQuery);
