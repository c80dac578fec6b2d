import { spendingReport } from '@tally/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /reports/spending: the period's spending by category and merchant; null waits for a query. */
export const useSpending = (query: string | null) =>
  useQuery({
    queryKey: queryKeys.reports.spending(query ?? ''),
    queryFn: ({ signal }) => api.get(`reports/spending?${query}`, spendingReport, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
