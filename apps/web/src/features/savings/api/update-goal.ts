import { type SavingsOverview, savingsGoal, type UpdateGoalBody, updateGoalBody } from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type UpdateGoalInput = { id: string; body: UpdateGoalBody };

/** PUT /savings/goals/{id}: every field again, isActive included. */
export const updateGoal = ({ id, body }: UpdateGoalInput) =>
  api.put(`savings/goals/${id}`, jsonBody(updateGoalBody, body), savingsGoal);

export function useUpdateGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGoal,
    onSuccess: (updated) => {
      queryClient.setQueryData<SavingsOverview>(
        queryKeys.savings.overview,
        (overview) =>
          overview && { ...overview, goals: overview.goals.map((g) => (g.id === updated.id ? updated : g)) },
      );
      // A new percentage or a pause moves the totals; a new target moves the progress view.
      return queryClient.invalidateQueries({ queryKey: queryKeys.savings.all });
    },
  });
}
