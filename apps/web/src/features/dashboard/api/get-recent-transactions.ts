import { transactionList } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const RECENT_TRANSACTIONS = 5;

export const recentTransactionsQuery = () =>
  queryOptions({
    // Under ['transactions'] so anything that changes transactions refreshes this panel too.
    queryKey: ['transactions', 'recent', RECENT_TRANSACTIONS],
    queryFn: ({ signal }) =>
      api.get(`transactions?page=1&pageSize=${RECENT_TRANSACTIONS}`, transactionList, signal),
  });

export const useRecentTransactions = () => useQuery(recentTransactionsQuery());
