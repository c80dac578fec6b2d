import { transactionList } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** SPEC §9: the dashboard reads 50 transactions and shows the newest 5. */
export const DASHBOARD_TRANSACTIONS = 50;
export const RECENT_TRANSACTIONS = 5;

export const recentTransactionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.dashboard.recentTransactions(DASHBOARD_TRANSACTIONS),
    queryFn: ({ signal }) =>
      api.get(`transactions?page=1&pageSize=${DASHBOARD_TRANSACTIONS}`, transactionList, signal),
  });

export const useRecentTransactions = () => useQuery(recentTransactionsQuery());
