import { BUDGET_REFRESH_MS, budget } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /budget/{id}: any of the person's budgets; an archived one shows its last period. */
export const budgetQuery = (budgetId: string) =>
  queryOptions({
    queryKey: queryKeys.budgets.detail(budgetId),
    queryFn: ({ signal }) => api.get(`budget/${budgetId}`, budget, signal),
    // A past period's spending still moves when late transactions import into it.
    refetchInterval: BUDGET_REFRESH_MS,
  });

export const useBudget = (budgetId: string, { enabled }: { enabled: boolean }) =>
  useQuery({ ...budgetQuery(budgetId), enabled });
