import { type BudgetBody, budget, budgetBody } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /budget: the new budget becomes the active one (the previous one is archived). */
export const createBudget = (body: BudgetBody) => api.post('budget', jsonBody(budgetBody, body), budget);

export function useCreateBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBudget,
    onSuccess: (created) => {
      queryClient.setQueryData(queryKeys.budgets.active, created);
      return queryClient.invalidateQueries({ queryKey: queryKeys.budgets.all });
    },
  });
}
