import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

/**
 * After transactions were added, changed or removed by hand or by a file: the lists and totals (the
 * dashboard's panels sit under the transactions key) and the accounts, whose manual balances follow their
 * transactions.
 */
export function refreshMoneyQueries(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.accounts.connections }),
    queryClient.invalidateQueries({ queryKey: queryKeys.accounts.list }),
  ]);
}
