import { type PeriodRange, transactionSummary } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

const rangeQuery = ({ startDate, endDate }: PeriodRange) => `startDate=${startDate}&endDate=${endDate}`;

/** GET /transactions/summary for one of the dashboard's 30-day periods (the Transactions screen's key). */
export const periodSummaryQuery = (range: PeriodRange) =>
  queryOptions({
    queryKey: queryKeys.transactions.summary(rangeQuery(range)),
    queryFn: ({ signal }) => api.get(`transactions/summary?${rangeQuery(range)}`, transactionSummary, signal),
  });

export const usePeriodSummary = (range: PeriodRange) => useQuery(periodSummaryQuery(range));
