import { cashFlowReport } from '@tally/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /reports/cash-flow: the period's income, spending and net by month or week; null waits for a query. */
export const useCashFlow = (query: string | null) =>
  useQuery({
    queryKey: queryKeys.reports.cashFlow(query ?? ''),
    queryFn: ({ signal }) => api.get(`reports/cash-flow?${query}`, cashFlowReport, signal),
    enabled: query !== null,
    // Another period keeps this one on screen until it arrives.
    placeholderData: keepPreviousData,
  });
