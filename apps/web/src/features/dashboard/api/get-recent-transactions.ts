import { transactionList } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const RECENT_TRANSACTIONS = 5;

export const recentTransactionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.dashboard.recentTransactions(RECENT_TRANSACTIONS),
    queryFn: ({ signal }) =>
      api.get(`transactions?page=1&pageSize=${RECENT_TRANSACTIONS}`, transactionList, signal),
  });

export const useRecentTransactions = () => useQuery(recentTransactionsQuery());
