import { BUDGET_REFRESH_MS, countUpResponse } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /budget/{id}/countup: every category's count-up status, enabled or not, with its days so far. */
export const countUpQuery = (budgetId: string) =>
  queryOptions({
    queryKey: queryKeys.budgets.countUp(budgetId),
    queryFn: ({ signal }) => api.get(`budget/${budgetId}/countup`, countUpResponse, signal),
    // A day's earnings change once a day, spending as transactions import.
    refetchInterval: BUDGET_REFRESH_MS,
  });

export const useCountUp = (budgetId: string, { enabled }: { enabled: boolean }) =>
  useQuery({ ...countUpQuery(budgetId), enabled });
