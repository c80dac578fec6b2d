import { transactionSummary, transactionsRefreshInterval } from '@tally/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /transactions/summary for the same filters as the list (no paging). */
export const transactionSummaryQuery = (query: string) =>
  queryOptions({
    queryKey: queryKeys.transactions.summary(query),
    queryFn: ({ signal }) => api.get(`transactions/summary?${query}`, transactionSummary, signal),
    placeholderData: keepPreviousData,
    refetchInterval: () => transactionsRefreshInterval(new Date()),
  });

export const useTransactionSummary = (query: string) => useQuery(transactionSummaryQuery(query));
