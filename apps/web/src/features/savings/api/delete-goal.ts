import type { SavingsOverview } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /savings/goals/{id}: the goal and its ledger. */
export const deleteGoal = async (id: string) => {
  await api.delete(`savings/goals/${id}`);
};

export function useDeleteGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGoal,
    onSuccess: (_data, id) => {
      // SPEC §4: deletion removes it from the list at once.
      queryClient.setQueryData<SavingsOverview>(
        queryKeys.savings.overview,
        (overview) => overview && { ...overview, goals: overview.goals.filter((g) => g.id !== id) },
      );
      // Not the goal's own progress: its page, if open, is leaving, and asking for it now would only 404.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.savings.overview }),
        queryClient.invalidateQueries({ queryKey: queryKeys.savings.achievements }),
      ]);
    },
  });
}
