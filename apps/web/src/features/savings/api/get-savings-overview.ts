import { savingsOverview } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /savings/overview: every goal, the totals and the current budget period's leftover. Reading it also
 * shares out the leftover of any budget period that has ended since (one ledger row per goal per period).
 */
export const savingsOverviewQuery = queryOptions({
  queryKey: queryKeys.savings.overview,
  queryFn: ({ signal }) => api.get('savings/overview', savingsOverview, signal),
});

export const useSavingsOverview = () => useQuery(savingsOverviewQuery);
