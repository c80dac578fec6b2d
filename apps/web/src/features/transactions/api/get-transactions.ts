import { transactionList, transactionsRefreshInterval } from '@tally/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /transactions; `query` is the ready query string (filters and paging). */
export const transactionsQuery = (query: string) =>
  queryOptions({
    queryKey: queryKeys.transactions.list(query),
    queryFn: ({ signal }) => api.get(`transactions?${query}`, transactionList, signal),
    // The next page or filter keeps the current rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
    // SPEC §7 Polling: a silent refresh, faster during working hours.
    refetchInterval: () => transactionsRefreshInterval(new Date()),
  });

export const useTransactions = (query: string) => useQuery(transactionsQuery(query));
