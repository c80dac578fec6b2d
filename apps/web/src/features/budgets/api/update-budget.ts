import { type BudgetBody, budget, budgetBody } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type UpdateBudgetInput = { id: string; body: BudgetBody };

/** PUT /budget/{id}: the whole budget again; its period cannot change (the server answers 400). */
export const updateBudget = ({ id, body }: UpdateBudgetInput) =>
  api.put(`budget/${id}`, jsonBody(budgetBody, body), budget);

export function useUpdateBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBudget,
    onSuccess: (updated) => {
      if (updated.isActive) queryClient.setQueryData(queryKeys.budgets.active, updated);
      return queryClient.invalidateQueries({ queryKey: queryKeys.budgets.all });
    },
  });
}
