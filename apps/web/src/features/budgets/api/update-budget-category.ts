import { budget, updateBudgetCategoryBody } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type UpdateBudgetCategoryInput = {
  budgetId: string;
  /** The budget category's id (not its category code). */
  categoryId: string;
  body: z.input<typeof updateBudgetCategoryBody>;
};

/** PUT /budget/{id}/category/{categoryId}: one category's allocation or rollover; answers the budget. */
export const updateBudgetCategory = ({ budgetId, categoryId, body }: UpdateBudgetCategoryInput) =>
  api.put(`budget/${budgetId}/category/${categoryId}`, jsonBody(updateBudgetCategoryBody, body), budget);

export function useUpdateBudgetCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBudgetCategory,
    onSuccess: (updated) => {
      if (updated.isActive) queryClient.setQueryData(queryKeys.budgets.active, updated);
      return queryClient.invalidateQueries({ queryKey: queryKeys.budgets.all });
    },
  });
}
