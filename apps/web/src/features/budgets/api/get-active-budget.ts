import { BUDGET_REFRESH_MS, budget } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /budget/active; a 404 means the person has no active budget (SPEC §7), answered as null. */
export async function getActiveBudget(signal?: AbortSignal) {
  try {
    return await api.get('budget/active', budget, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const activeBudgetQuery = queryOptions({
  queryKey: queryKeys.budgets.active,
  queryFn: ({ signal }) => getActiveBudget(signal),
  // Spending moves as transactions import; the figures refresh with the count-up data.
  refetchInterval: BUDGET_REFRESH_MS,
});

/**
 * SPEC §4: the active budget is asked for only once the list says there is a budget at all, so a person
 * without one never gets a 404 on every visit.
 */
export const useActiveBudget = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...activeBudgetQuery, enabled });
