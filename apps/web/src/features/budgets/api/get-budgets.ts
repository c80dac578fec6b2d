import { budgetList } from '@tally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /budget: every budget of the person, the active one first. */
export const budgetsQuery = queryOptions({
  queryKey: queryKeys.budgets.list,
  queryFn: ({ signal }) => api.get('budget', budgetList, signal),
});

export const useBudgets = () => useQuery(budgetsQuery);
