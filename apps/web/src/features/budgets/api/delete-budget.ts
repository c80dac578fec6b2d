import type { Budget, BudgetListItem } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /budget/{id}: the budget, its categories and their count-up settings; transactions stay. */
export const deleteBudget = async (id: string) => {
  await api.delete(`budget/${id}`);
};

export function useDeleteBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBudget,
    onSuccess: (_data, id) => {
      // Off the screen at once (a past budget on view included): the list and the active budget are asked
      // for again below.
      queryClient.setQueryData<BudgetListItem[]>(queryKeys.budgets.list, (list) =>
        list?.filter((b) => b.id !== id),
      );
      queryClient.setQueryData<Budget | null>(queryKeys.budgets.active, (active) =>
        active?.id === id ? null : active,
      );
      queryClient.removeQueries({ queryKey: queryKeys.budgets.detail(id) });
      queryClient.removeQueries({ queryKey: queryKeys.budgets.countUp(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.budgets.all });
    },
  });
}
